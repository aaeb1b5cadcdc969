// GET /manifest.webmanifest: what a phone needs to install the app on its home screen:
// the name, the icons (maskable too), where it starts, and the theme colours. The light
// colours are the manifest's own; the dark ones go in user_preferences, which browsers that
// follow the dark-mode proposal apply (the others keep the light ones, and the pages' own
// theme-color tags still follow the theme).
import { APP_ICONS, SITE_NAME, SITE_TAGLINE, THEME_COLORS } from "~/lib/rules/brand";

export function loader() {
  const manifest = {
    id: "/",
    name: SITE_NAME,
    short_name: SITE_NAME,
    description: SITE_TAGLINE,
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLORS.light,
    background_color: THEME_COLORS.light,
    user_preferences: {
      color_scheme_dark: { theme_color: THEME_COLORS.dark, background_color: THEME_COLORS.dark },
    },
    categories: ["social", "lifestyle"],
    icons: [
      { src: APP_ICONS.any192, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: APP_ICONS.any512, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: APP_ICONS.maskable512, sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: APP_ICONS.svg, sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
