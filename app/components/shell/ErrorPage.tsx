// What the root ErrorBoundary shows, inside the shell: a clear status, the reason, and a
// way on (home, back, or sign in when signing in would help).
import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { Link } from "./Link";
import { Ban, CircleAlert, Compass, LogIn } from "~/components/icons";
import { requestLogin } from "~/lib/client/login-events";
import { loginHref } from "~/lib/rules/login-links";
import { useRootData } from "~/lib/client/user";
import { isPlainClick } from "~/lib/client/link-clicks";

export function errorTitle(status: number): string {
  if (status === 404) return "Page not found";
  if (status === 403) return "Not allowed";
  if (status === 401) return "Sign in needed";
  return "Something went wrong";
}

/** What a page says when the thing it shows is missing (404), in place of the general words. */
export type NotFoundWords = { title: string; message: string; icon?: ReactNode; action?: { to: string; label: string } };

export function ErrorPage({ status, message, signedIn, notFound }: { status: number; message: string; signedIn: boolean; notFound?: NotFoundWords }) {
  const location = useLocation();
  const missing = status === 404 && notFound ? notFound : null;
  const Icon = status === 404 ? Compass : status === 403 || status === 401 ? Ban : CircleAlert;
  const offerSignIn = !signedIn && (status === 401 || status === 403);
  return (
    <div className="page error-page" data-status={status}>
      <div className="error-page__card">
        <div className="error-page__icon" aria-hidden>
          {missing?.icon ?? <Icon />}
        </div>
        <p className="error-page__status">{status}</p>
        <h1 className="error-page__title">{missing?.title ?? errorTitle(status)}</h1>
        <p className="error-page__message">{missing?.message ?? message}</p>
        <div className="error-page__actions">
          <Link to="/" className="btn btn--primary">
            Back to the home page
          </Link>
          {missing?.action ? (
            <Link to={missing.action.to} className="btn btn--secondary">
              {missing.action.label}
            </Link>
          ) : null}
          {offerSignIn ? (
            <Link
              to={loginHref(location.pathname + location.search)}
              className="btn btn--secondary"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                requestLogin();
              }}
            >
              <LogIn aria-hidden size={18} /> Sign in
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * A page route's ErrorBoundary: the same card, inside the page, for a thrown response or error;
 * `notFound` gives the page's own words for a missing thing.
 */
export function RouteErrorPage({ notFound }: { notFound?: NotFoundWords } = {}) {
  const error = useRouteError();
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = isRouteErrorResponse(error) ? (error.data as unknown) : null;
  const message =
    data && typeof data === "object" && "error" in data
      ? String((data as { error: unknown }).error)
      : typeof data === "string" && data
        ? data
        : status === 500
          ? "Something went wrong on our side. Please try again."
          : errorTitle(status);
  return <ErrorPage status={status} message={message} signedIn={Boolean(root?.user)} notFound={notFound} />;
}
