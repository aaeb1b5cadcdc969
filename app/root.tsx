// The app's base stylesheet comes first, so that the components' own rules follow it.
import type { RouteCache } from "~/cache/route-cache";
import "~/styles/app.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { data } from "@remix-run/node";
import { AppShell } from "~/components/shell/AppShell";
import { ErrorPage, errorTitle } from "~/components/shell/ErrorPage";
import { PartStylesheets } from "~/components/shell/PartStylesheets";
import { ThemeProvider, useThemeMode } from "~/components/shell/theme";
import { APP_ICONS, MANIFEST_PATH, THEME_COLORS } from "~/lib/rules/brand";
import { APP_TITLE } from "~/lib/constants";
import { HydratedProvider } from "~/lib/client/hydrated";
import { useNonce } from "~/lib/client/nonce";
import { getUser, memberPageFacts } from "~/models/auth.server";
import { googleEnabled } from "~/models/google.server";
import { AuthStatusProvider } from "~/components/auth-status/AuthStatusProvider";
import { takeFlash } from "~/lib/server/cookies.server";
import { themeFromRequest } from "~/lib/server/theme.server";
import { partStylesheetsFor } from "~/lib/server/part-stylesheets.server";
import { mediaPublicUrl } from "~/lib/server/env.server";
import { isAdmin } from "~/models/user.server";
import { countUnread } from "~/models/notification.server";

export const meta: MetaFunction = () => [{ title: APP_TITLE }];

export const links: LinksFunction = () => [
  { rel: "icon", href: APP_ICONS.ico, sizes: "32x32" },
  { rel: "icon", href: APP_ICONS.svg, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: APP_ICONS.appleTouch },
  { rel: "manifest", href: MANIFEST_PATH },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, flash] = await Promise.all([getUser(request), takeFlash(request)]);
  const unreadNotifications = user ? ((await memberPageFacts(request))?.unreadNotifications ?? (await countUnread(user.id))) : 0;
  return data(
    {
      user: user && {
        id: user.id,
        email: user.email,
        username: user.username,
        nickname: user.nickname,
        profileImage: user.profileImage,
        isAdmin: isAdmin(user),
        unreadNotifications,
      },
      theme: themeFromRequest(request),
      toast: flash.toast,
      authForm: flash.authForm,
      googleEnabled: googleEnabled(),
      partStylesheets: partStylesheetsFor(new URL(request.url)),
      // MEDIA_PUBLIC_URL (null: the app's /media/): entry.client builds media links with it.
      mediaBase: mediaPublicUrl(),
    },
    { headers: flash.headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * What a route's `handle` may say about its document: `hydrate: false` ships no JavaScript at
 * all; `stylesheets` are the only stylesheets it loads, in place of the app's (a page that
 * stands alone, such as the embed, which other sites frame); `cache` is what the caches may
 * keep of it (app/cache/route-cache.ts: "visitors" or "render"); `keys` names what its loader's
 * `data` shows (app/cache/data-keys.ts), so a kept visitor page ends only when one of those changes.
 */
export type DocumentHandle<Data = never> = { hydrate?: boolean; stylesheets?: string[]; cache?: RouteCache; keys?: (data: Data) => readonly string[] };

/** The root's data shows nothing the change log names by key: the signed-in member's own facts, the theme, settings. */
export const handle: DocumentHandle = { keys: () => [] };

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const handles = useMatches().map((match) => (match.handle ?? {}) as DocumentHandle);
  const hydrate = !handles.some((handle) => handle.hydrate === false);
  const standalone = handles.find((handle) => handle.stylesheets)?.stylesheets;
  // A page that stands alone follows the colour scheme it is shown in, not the reader's setting.
  const theme = useThemeMode(standalone ? "system" : (root?.theme ?? "system"));
  const mode = theme.mode;
  // data-member: whose page this is; the service worker keeps offline copies for one person.
  // The CSP nonce of this response (server only): every inline script must carry it.
  const nonce = useNonce();
  return (
    <html lang="en" data-theme-mode={mode} data-member={root?.user?.id}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* A page that stands alone declares no scheme: see embed.css. */}
        {standalone ? null : <meta name="color-scheme" content={mode === "system" ? "light dark" : mode} />}
        {standalone ? null : mode === "system" ? (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
          </>
        ) : (
          <meta name="theme-color" content={THEME_COLORS[mode]} />
        )}
        <Meta />
        {standalone ? (
          <>
            {standalone.map((href) => (
              <link key={href} rel="stylesheet" href={href} />
            ))}
            <link rel="icon" href={APP_ICONS.ico} sizes="32x32" />
            <link rel="icon" href={APP_ICONS.svg} type="image/svg+xml" />
          </>
        ) : (
          <>
            <Links />
            <PartStylesheets hrefs={root?.partStylesheets ?? []} />
          </>
        )}
      </head>
      <body>
        <HydratedProvider>
          <ThemeProvider value={theme}>{children}</ThemeProvider>
        </HydratedProvider>
        {hydrate ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AuthStatusProvider>
      <AppShell>
        <Outlet />
      </AppShell>
    </AuthStatusProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "object" && error.data && "error" in error.data
      ? String((error.data as { error: unknown }).error)
      : typeof error.data === "string" && error.data
        ? error.data
        : error.statusText || errorTitle(status)
    : "Something went wrong on our side. Please try again.";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <AppShell>
      <ErrorPage status={status} message={message} signedIn={Boolean(root?.user)} />
    </AppShell>
  );
}
