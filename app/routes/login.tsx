// /login: Sign In as a page, the form first (and, with `?method=code`, sign-in by an emailed
// code). Works without JavaScript; `redirectTo` names the page to come back to.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { AuthPage } from "~/components/auth/AuthPage";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { getUser } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { safeRedirect } from "~/lib/server/http.server";
import { METHOD_PARAM, REDIRECT_PARAM } from "~/lib/rules/login-links";

export const meta: MetaFunction = () => [{ title: `Sign In · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  // Already signed in: straight on to where the sign-in would have gone.
  if (await getUser(request)) throw redirect(safeRedirect(new URL(request.url).searchParams.get(REDIRECT_PARAM)));
  return null;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  return <AuthPage view={params.get(METHOD_PARAM) === "code" ? "code" : "signin"} />;
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
