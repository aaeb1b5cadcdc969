// The brand: one name, its colours and its pictures. The home page's title stays the
// product's own words (APP_TITLE); everything that names the site (og:site_name, oEmbed's
// provider_name, the web app manifest, the header, mail) uses SITE_NAME.
import { APP_TITLE } from "~/lib/constants";

export const SITE_NAME = "Car Social";

/** What the site is, in a line (the manifest's description, the brand card). */
export const SITE_TAGLINE = APP_TITLE;

/** The browser's own chrome (address bar, installed app's title bar and splash) per theme. */
export const THEME_COLORS = { light: "#f6f6f8", dark: "#0b0b0f" } as const;

/** The accent gradient of the logo mark. */
export const BRAND_GRADIENT = { from: "#ff6a3d", to: "#c22e15" } as const;

/**
 * The picture shared for pages that have none of their own: a PNG that every link-preview
 * scraper reads. Made by scripts/build-app-icons.ts.
 */
export const BRAND_CARD = { path: "/icons/share-card.png", width: 1200, height: 630, type: "image/png" } as const;

/** Icons made by scripts/build-app-icons.ts from public/favicon.svg. */
export const APP_ICONS = {
  ico: "/favicon.ico",
  svg: "/favicon.svg",
  appleTouch: "/apple-touch-icon.png",
  any192: "/icons/icon-192.png",
  any512: "/icons/icon-512.png",
  maskable512: "/icons/icon-maskable-512.png",
} as const;

export const MANIFEST_PATH = "/manifest.webmanifest";
