// The global 'show login' event: any action that needs a signed-in user calls
// requestLogin(); the login modal, mounted once in the app shell, listens. Without
// JavaScript, links lead to the sign-in pages instead (lib/rules/login-links.ts).
import { useEffect, useRef } from "react";
import { parseLoginMode, type LoginMode } from "~/lib/rules/login-links";

export const SHOW_LOGIN_EVENT = "show-login";

export type LoginRequest = {
  mode?: LoginMode;
  /** Where to go after signing in; the current page when absent. */
  redirectTo?: string;
};

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
