// The sign-in links: the pages that sign a member in (each works without JavaScript), the
// query parameters that open the login modal instead, and where a sign-in comes back to.
// Pure, for the server and the browser.
import { sameOriginPath } from "~/lib/rules/redirect-path";

export type LoginMode = "signin" | "signup" | "reset";

/** Query parameters that open the modal; removed when it closes. */
export const LOGIN_PARAM = "login";
export const REDIRECT_PARAM = "redirectTo";
/** Set by POST /api/auth/reset-password after a plain form post (sent, missing, limited). */
export const RESET_STATUS_PARAM = "resetStatus";

/** `?login` and `?login=anything-else` mean Sign In. */
export function parseLoginMode(value: string | null): LoginMode | null {
  if (value === null) return null;
  return value === "signup" || value === "reset" ? value : "signin";
}

/** A same-origin path, or null. */
export function safePath(value: unknown): string | null {
  return sameOriginPath(value);
}

/** `path` (pathname plus search) without the login modal's parameters. */
export function withoutLoginParams(path: string): string {
  const url = new URL(path, "http://local");
  for (const name of [LOGIN_PARAM, REDIRECT_PARAM, RESET_STATUS_PARAM]) url.searchParams.delete(name);
  return url.pathname + url.search;
}

/** The sign-in pages: each shows its form first, and works without JavaScript. */
export const AUTH_PAGES: Record<LoginMode, string> = { signin: "/login", signup: "/signup", reset: "/reset-password" };
/** `/login?method=code`: Sign In by an emailed code. */
export const METHOD_PARAM = "method";

function isAuthPage(pathname: string): boolean {
  return Object.values(AUTH_PAGES).includes(pathname);
}

/**
 * The sign-in page for `view` (Sign In, its "Email me a code", Sign Up, Reset Password),
 * coming back to `returnTo` after. A return path that is itself a sign-in page comes back to
 * where that page would; the home page needs no parameter.
 */
export function authPageHref(view: LoginMode | "code", returnTo?: string | null, extra: Record<string, string> = {}): string {
  const url = new URL(view === "code" ? AUTH_PAGES.signin : AUTH_PAGES[view], "http://local");
  if (view === "code") url.searchParams.set(METHOD_PARAM, "code");
  const target = returnPathOf(safePath(returnTo) ?? "/");
  if (target !== "/") url.searchParams.set(REDIRECT_PARAM, target);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return url.pathname + url.search;
}

/**
 * The link to sign in (in `mode`) from the page `currentPath` (pathname plus search): the
 * sign-in page, coming back to `redirectTo` when it is safe, otherwise to `currentPath`.
 * With JavaScript, the links that carry it open the login modal instead.
 */
export function loginHref(currentPath: string, mode: LoginMode = "signin", redirectTo?: string): string {
  // Every card on a visitor's page asks for the same few links, and each answer parses URLs:
  // the answers are kept (a few hundred at most, forgotten all at once when full).
  const key = `${mode}\n${currentPath}\n${redirectTo ?? ""}`;
  let href = loginHrefs.get(key);
  if (href === undefined) {
    if (loginHrefs.size >= LOGIN_HREFS_KEPT) loginHrefs.clear();
    href = authPageHref(mode, safePath(redirectTo) ?? returnPathOf(currentPath));
    loginHrefs.set(key, href);
  }
  return href;
}

const LOGIN_HREFS_KEPT = 500;
const loginHrefs = new Map<string, string>();

/**
 * Where a sign-in started on `currentPath` comes back to: the explicit `redirectTo`
 * parameter when safe, otherwise the page without the modal's parameters; never a sign-in
 * page (those come back home).
 */
export function returnPathOf(currentPath: string): string {
  const url = new URL(currentPath, "http://local");
  const target = safePath(url.searchParams.get(REDIRECT_PARAM));
  const path = target ?? currentPath;
  if (isAuthPage(new URL(path, "http://local").pathname)) return target ? returnPathOf(target) : "/";
  return withoutLoginParams(path);
}
