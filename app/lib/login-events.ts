// The global 'show login' event: any action that needs a signed-in
// user calls requestLogin(); the login modal, mounted once in the app shell, listens.
// Without JavaScript the same modal is reached through the URL: `?login`, `?login=signup`,
// `?login=reset`, optionally with `redirectTo=` (see loginHref).
import { useEffect, useRef } from "react";
import { sameOriginPath } from "~/lib/redirect-path";

export const SHOW_LOGIN_EVENT = "show-login";

export type LoginMode = "signin" | "signup" | "reset";

export type LoginRequest = {
  mode?: LoginMode;
  /** Where to go after signing in; the current page when absent. */
  redirectTo?: string;
};

/** Query parameters that open the modal; removed when it closes. */
export const LOGIN_PARAM = "login";
export const REDIRECT_PARAM = "redirectTo";
/** Set by POST /api/auth/reset-password after a plain form post (sent, missing, limited). */
export const RESET_STATUS_PARAM = "resetStatus";

/** Opens the login modal (in the given mode) from anywhere in the page. */
export function requestLogin(options: LoginRequest = {}): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<LoginRequest>(SHOW_LOGIN_EVENT, { detail: options }));
}

/** Calls `handler` whenever someone requests the login modal. */
export function useLoginRequests(handler: (request: LoginRequest) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<LoginRequest | null>).detail ?? {};
      latest.current({ mode: parseLoginMode(detail.mode ?? null) ?? "signin", redirectTo: detail.redirectTo });
    };
    window.addEventListener(SHOW_LOGIN_EVENT, listener);
    return () => window.removeEventListener(SHOW_LOGIN_EVENT, listener);
  }, []);
}

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

/**
 * A link that opens the login modal on the page `currentPath` (pathname plus search),
 * for markup that must work without JavaScript. `redirectTo` is kept only when it names
 * a page other than the current one.
 */
export function loginHref(currentPath: string, mode: LoginMode = "signin", redirectTo?: string): string {
  const url = new URL(withoutLoginParams(currentPath), "http://local");
  url.searchParams.set(LOGIN_PARAM, mode === "signin" ? "" : mode);
  const target = safePath(redirectTo);
  if (target && target !== withoutLoginParams(currentPath)) url.searchParams.set(REDIRECT_PARAM, target);
  // `?login=` reads better as `?login`.
  return url.pathname + url.search.replace(/([?&]login)=(?=&|$)/, "$1");
}

/**
 * Where a sign-in started on `currentPath` comes back to: the explicit `redirectTo`
 * parameter when safe, otherwise the page without the modal's parameters.
 */
export function returnPathOf(currentPath: string): string {
  const url = new URL(currentPath, "http://local");
  const target = safePath(url.searchParams.get(REDIRECT_PARAM));
  return withoutLoginParams(target ?? currentPath);
}
