// Who is asking: sign-in through remix-auth strategies, server-side sessions, and the
// guards that loaders and actions call.
import { redirect } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { cookieFlags, sessionIdOf } from "~/lib/server/cookies.server";
import { sessionStorage } from "~/models/session.server";
import { refererPath, safeRedirect } from "~/lib/server/http.server";
import { MESSAGES } from "~/lib/schemas/auth-schemas";
import { isAdmin, verifyLogin, type PublicUser } from "~/models/user.server";
import * as sessions from "~/models/session.server";
import { isTwoFactorEnabled, markTwoFactorPassed, sessionAuthState, type MemberPageFacts, type SessionAuthState } from "~/models/two-factor.server";
import { loginHref, withoutLoginParams } from "~/lib/rules/login-links";
import { knownDeviceToken, rememberDevice } from "~/models/known-device.server";
import { UserError } from "~/lib/user-error";
import { restoreAccount } from "~/models/account-deletion.server";
import { freshness } from "~/db.server";
import type { Stamp } from "~/cache/freshness.server";

// remix-auth dispatches to the strategies; sessions are started by startSession below.
export const authenticator = new Authenticator<PublicUser>(sessionStorage);

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const identifier = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    return verifyLogin(identifier, password, { knownDevice: async (userId) => (await knownDeviceToken(request, userId)) !== null });
  }),
  "password",
);

/**
 * Checks an email-or-username and password. Throws a UserError with a message saying
 * what did not match.
 */
export async function authenticatePassword(request: Request, fields: { email: string; password: string }) {
  // The form strategy reads a form body; JSON callers are handed to it the same way.
  const form = new URLSearchParams({ email: fields.email, password: fields.password });
  const formRequest = new Request(request.url, { method: "POST", body: form, headers: request.headers });
  formRequest.headers.set("Content-Type", "application/x-www-form-urlencoded");
  try {
    return await authenticator.authenticate("password", formRequest, { throwOnError: true });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof UserError) throw error.cause;
    if (error instanceof UserError) throw error;
    throw new UserError(401, MESSAGES.loginFailed);
  }
}

// ------------------------------------------------------------------ sessions and two-factor
//
// Every sign-in (password, one-time code, Google, password reset) starts its session here.
// For an account with two-factor on, the new session is "pending" (sessions.mfaPassedAt
// null): getUser() treats it as signed out until /two-factor accepts a code.

export const TWO_FACTOR_PATH = "/two-factor";

/** The challenge page, coming back to `redirectTo` afterwards. */
export function twoFactorPath(redirectTo?: string | null): string {
  const target = safeRedirect(redirectTo ?? "/");
  return target === "/" ? TWO_FACTOR_PATH : `${TWO_FACTOR_PATH}?redirectTo=${encodeURIComponent(target)}`;
}

function wantsJson(request: Request): boolean {
  const type = request.headers.get("Content-Type") ?? "";
  const accept = request.headers.get("Accept") ?? "";
  return type.includes("application/json") || (accept.includes("application/json") && !accept.includes("text/html"));
}

/** The page a plain form was posted from (same origin only), without the login modal's parameters. */
function postedFrom(request: Request): string {
  return withoutLoginParams(refererPath(request) ?? "/");
}

/**
 * Starts a new server session for `user` (a new id every time: an earlier session named
 * by the request's cookie is ended). Answers its Set-Cookie value, whether the session
 * still has to pass the two-factor challenge and, when it does not (the sign-in is
 * complete), the Set-Cookie value that marks this device as known to the account.
 */
export async function beginSession(request: Request, user: { id: number }): Promise<{ cookie: string; twoFactorRequired: boolean; device: string | null }> {
  const previous = await sessionStorage.getSession(request.headers.get("Cookie"));
  if (previous.id) await sessions.deleteSession(previous.id);
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  const cookie = await sessionStorage.commitSession(session, cookieFlags(request));
  const twoFactorRequired = await isTwoFactorEnabled(user.id);
  return { cookie, twoFactorRequired, device: twoFactorRequired ? null : await rememberDevice(request, user.id) };
}

/**
 * What a sign-in answers when the account has two-factor on: JSON callers get
 * `{ twoFactorRequired: true, redirectTo }` (the login modal then goes to the challenge),
 * plain form posts a 303 to the challenge page. Either way with the pending session's cookie.
 */
export function twoFactorRequiredResponse(request: Request, cookie: string, redirectTo?: string | null): Response {
  const location = twoFactorPath(redirectTo);
  const headers = new Headers({ "Set-Cookie": cookie, "Cache-Control": "no-store" });
  if (wantsJson(request)) return Response.json({ twoFactorRequired: true, redirectTo: location }, { headers });
  headers.set("Location", location);
  return new Response(null, { status: 303, headers });
}

/**
 * Starts a new server session for `user` and returns the Set-Cookie header values (the
 * session, and the device marked as known to the account). When the
 * account has two-factor on, it THROWS the answer of twoFactorRequiredResponse instead
 * (Remix sends a thrown Response as it is), so every sign-in route goes through the
 * challenge without knowing about it. `redirectTo` is where to go after the challenge
 * (default: the page the form was posted from).
 */
export async function startSession(request: Request, user: { id: number }, options: { redirectTo?: string } = {}): Promise<string[]> {
  const { cookie, twoFactorRequired, device } = await beginSession(request, user);
  if (twoFactorRequired || !device) throw twoFactorRequiredResponse(request, cookie, options.redirectTo ?? postedFrom(request));
  // A completed sign-in within seven days of deleting the account cancels the deletion.
  await restoreAccount(user.id);
  return [cookie, device];
}

/**
 * After a passed challenge: the pending session is replaced by a new one (new id) that
 * counts as signed in. Returns the Set-Cookie values: the session, and the device marked as
 * known to the account.
 */
export async function completeTwoFactor(state: SessionAuthState, request: Request): Promise<string[]> {
  await sessions.deleteSession(state.sessionId);
  const session = await sessionStorage.getSession();
  session.set("userId", state.user.id);
  const cookie = await sessionStorage.commitSession(session, cookieFlags(request));
  const fresh = await sessionStorage.getSession(cookie);
  await markTwoFactorPassed(fresh.id);
  await restoreAccount(state.user.id);
  return [cookie, await rememberDevice(request, state.user.id)];
}

/**
 * Extends the request's signed-in session by a full lifetime (POST /api/auth/refresh-session).
 * Null when the request is not signed in.
 */
export async function refreshSession(request: Request): Promise<{ cookie: string; user: PublicUser; expiresAt: Date } | null> {
  const state = await getAuthState(request);
  if (!state || state.pending) return null;
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  if (session.id !== state.sessionId) return null;
  const cookie = await sessionStorage.commitSession(session, cookieFlags(request));
  const row = await sessionAuthState(state.sessionId);
  if (!row) return null;
  return { cookie, user: state.user, expiresAt: row.expiresAt };
}

/** Ends the request's session and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  return sessionStorage.destroySession(session, cookieFlags(request));
}

const statesByRequest = new WeakMap<Request, Promise<SessionAuthState | null>>();

/**
 * The request's live session: its user and whether it still waits for the two-factor
 * challenge. Looked up once per request.
 */
export function getAuthState(request: Request): Promise<SessionAuthState | null> {
  let pending = statesByRequest.get(request);
  if (!pending) {
    pending = (async () => {
      // One query: sessionAuthState checks the session is alive and its user not suspended.
      const id = await sessionIdOf(request);
      return id ? sessionAuthState(id, new Date(), { page: isPageRequest(request) }) : null;
    })();
    statesByRequest.set(request, pending);
  }
  return pending;
}

/**
 * A page (or a page's data): a read outside /api/. Its session statement also reads what
 * every member page needs (`MemberPageFacts`); API calls and writes keep the lean one.
 */
function isPageRequest(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !new URL(request.url).pathname.startsWith("/api/");
}

/** The member's page facts, when this request's session statement read them (page reads do). */
export async function memberPageFacts(request: Request): Promise<MemberPageFacts | null> {
  const state = await getAuthState(request);
  return state && !state.pending ? (state.page ?? null) : null;
}

/**
 * The stamp a request's kept answers are checked against (app/cache/freshness.server.ts), taken
 * after the request arrived, so every write acknowledged before it (by any instance) is newer
 * than a kept answer it would take. On PostgreSQL a signed-in GET takes the data version its
 * session statement read in the same round trip; other requests (a visitor's, a write's, whose
 * own commit comes after its session was read) and SQLite read it anew.
 */
export async function requestStamp(request: Request): Promise<Stamp | null> {
  if (request.method === "GET" || request.method === "HEAD") {
    const state = await getAuthState(request);
    if (state?.dataVersion !== undefined) return freshness.at(state.dataVersion);
  }
  return freshness.now();
}

/** The signed-in user, or null (a session waiting for its two-factor code is not signed in). */
export async function getUser(request: Request): Promise<PublicUser | null> {
  const state = await getAuthState(request);
  return state && !state.pending ? state.user : null;
}

/** The session waiting for its two-factor code, or null. */
export async function getPendingTwoFactor(request: Request): Promise<SessionAuthState | null> {
  const state = await getAuthState(request);
  return state?.pending ? state : null;
}

export const SIGN_IN_REQUIRED = "You must be signed in to do that";

/** For API routes: the user, or a UserError 401. */
export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw new UserError(401, SIGN_IN_REQUIRED);
  return user;
}

/** For API routes: an administrator, or a UserError 401/403. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw new UserError(403, "Administrators only");
  return user;
}

/** For pages: the user, or a redirect to the Sign In page that comes back. */
export async function requireUserPage(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    // Half signed in: finish with the two-factor code rather than start again.
    if (await getPendingTwoFactor(request)) throw redirect(twoFactorPath(back));
    throw redirect(loginHref(back));
  }
  return user;
}
