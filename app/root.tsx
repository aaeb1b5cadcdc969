import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { cssBundleHref } from "@remix-run/css-bundle";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { data } from "@remix-run/node";
import { AppShell } from "~/components/shell/AppShell";
import { APP_TITLE } from "~/lib/constants";
import { getUser } from "~/lib/auth.server";
import { takeFlash } from "~/lib/session.server";
import { themeFromRequest } from "~/lib/theme.server";
import { isAdmin } from "~/models/user.server";
import appStyles from "~/styles/app.css";

export const meta: MetaFunction = () => [{ title: APP_TITLE }];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, flash] = await Promise.all([getUser(request), takeFlash(request)]);
  return data(
    {
      user: user && {
        id: user.id,
        email: user.email,
        username: user.username,
        nickname: user.nickname,
        profileImage: user.profileImage,
        isAdmin: isAdmin(user),
      },
      theme: themeFromRequest(request),
      toast: flash.toast,
      authForm: flash.authForm,
    },
    { headers: flash.headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const theme = root?.theme ?? "system";
  return (
    <html lang="en" data-theme-mode={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "object" && error.data && "error" in error.data
      ? String((error.data as { error: unknown }).error)
      : error.statusText || "Something went wrong"
    : "Something went wrong on our side. Please try again.";
  return (
    <main className="error-page">
      <h1>{status === 404 ? "Page not found" : status === 403 ? "Not allowed" : "Something went wrong"}</h1>
      <p>{message}</p>
      <a href="/">Back to the home page</a>
    </main>
  );
}
