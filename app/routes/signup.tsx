// /signup: Sign Up as a page, the form first. Works without JavaScript; `redirectTo` names
// the page to come back to.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { AuthPage } from "~/components/auth/AuthPage";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { getUser } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { safeRedirect } from "~/lib/server/http.server";
import { REDIRECT_PARAM } from "~/lib/rules/login-links";
import { apiPaths } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: `Sign Up · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  // Already signed in: straight on to where the sign-up would have gone.
  if (await getUser(request)) throw redirect(safeRedirect(new URL(request.url).searchParams.get(REDIRECT_PARAM)));
  return null;
}

/**
 * After the sign-up itself the page does not ask again (its loader would send the new member
 * to redirectTo): the page goes on to the welcome steps.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === apiPaths.register ? false : defaultShouldRevalidate;

export default function SignUpPage() {
  return <AuthPage view="signup" />;
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
