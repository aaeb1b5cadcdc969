// The app's cookies. `__session` holds only the signed id of a session row (the row, in
// models/session.server.ts, holds the user and the expiry, so deleting it revokes the
// session). `__flash` carries toasts and a failed plain form across a redirect.
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { cookieSecure, sessionSecret } from "~/lib/server/env.server";
import { SESSION_LIFETIME } from "~/lib/constants";
import { isSecureRequest } from "~/lib/server/security-headers.server";

/**
 * Per-request cookie attributes, for commitSession/destroySession: Secure when the request
 * came over HTTPS (see isSecureRequest: TRUST_PROXY=true with X-Forwarded-Proto: https, an
 * https URL, or COOKIE_SECURE).
 */
export function cookieFlags(request: Request | null | undefined): { secure: boolean } {
  return { secure: request ? isSecureRequest(request) : cookieSecure() };
}

export const authCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: cookieSecure(),
  secrets: [sessionSecret()],
  maxAge: SESSION_LIFETIME / 1000,
});

/**
 * Cookie headers already read, and the session id each names: what a header names is fixed by
 * its text and the process's secret, and checking the signature again on each of a member's
 * requests cost a keyed hash and a JSON parse every time. Up to SESSION_HEADERS_READ headers,
 * then it starts again.
 */
const sessionIds = new Map<string, string | null>();
const SESSION_HEADERS_READ = 10_000;

/**
 * The id of the session a request names (its signed cookie), whether or not it is still
 * alive. Reading the id alone costs no query; whoever needs the session checks it.
 */
export async function sessionIdOf(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const known = sessionIds.get(header);
  if (known !== undefined) return known;
  const id: unknown = await authCookie.parse(header);
  const found = typeof id === "string" && id ? id : null;
  if (sessionIds.size >= SESSION_HEADERS_READ) sessionIds.clear();
  sessionIds.set(header, found);
  return found;
}

// ------------------------------------------------------------------ toasts

export type Toast = { type: "success" | "error" | "info"; message: string };

/** What a plain (no JavaScript) sign-in or sign-up form gets back after a failure. */
export type AuthFormState = {
  mode: "signin" | "signup";
  error: string;
  values: Record<string, string>;
};

type FlashData = { toast: Toast; authForm: AuthFormState };

const flashStorage = createCookieSessionStorage<Record<string, never>, FlashData>({
  cookie: {
    name: "__flash",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookieSecure(),
    secrets: [sessionSecret()],
  },
});

/** A Set-Cookie header that carries `data` to the next page (a toast, a failed form). */
export async function flashCookie(request: Request, data: Partial<FlashData>): Promise<string> {
  const flash = await flashStorage.getSession(request.headers.get("Cookie"));
  if (data.toast) flash.flash("toast", data.toast);
  if (data.authForm) flash.flash("authForm", data.authForm);
  return flashStorage.commitSession(flash, cookieFlags(request));
}

/** What the previous request flashed, and the header that clears it. */
export async function takeFlash(request: Request): Promise<{
  toast: Toast | null;
  authForm: AuthFormState | null;
  headers: HeadersInit;
}> {
  const flash = await flashStorage.getSession(request.headers.get("Cookie"));
  const toast = flash.get("toast") ?? null;
  const authForm = flash.get("authForm") ?? null;
  const headers: HeadersInit = toast || authForm ? { "Set-Cookie": await flashStorage.commitSession(flash, cookieFlags(request)) } : {};
  return { toast, authForm, headers };
}
