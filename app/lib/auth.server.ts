// Who is asking: sign-in through remix-auth strategies, server-side sessions, and the
// guards that loaders and actions call.
import { redirect } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { sessionStorage } from "~/lib/session.server";
import { fail } from "~/lib/http.server";
import { MESSAGES } from "~/lib/auth-schemas";
import { AccountError, getUserById, isAdmin, verifyLogin, type PublicUser } from "~/models/user.server";
import * as sessions from "~/models/session.server";

// remix-auth dispatches to the strategies; sessions are started by startSession below.
export const authenticator = new Authenticator<PublicUser>(sessionStorage);

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const identifier = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    return verifyLogin(identifier, password);
  }),
  "password",
);

/**
 * Checks an email-or-username and password. Throws AccountError with the spec's message
 * when they do not match.
 */
export async function authenticatePassword(request: Request, fields: { email: string; password: string }) {
  // The form strategy reads a form body; JSON callers are handed to it the same way.
  const form = new URLSearchParams({ email: fields.email, password: fields.password });
  const formRequest = new Request(request.url, { method: "POST", body: form, headers: request.headers });
  formRequest.headers.set("Content-Type", "application/x-www-form-urlencoded");
  try {
    return await authenticator.authenticate("password", formRequest, { throwOnError: true });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof AccountError) throw error.cause;
    if (error instanceof AccountError) throw error;
    throw new AccountError(MESSAGES.loginFailed, 401);
  }
}

/**
 * Starts a new server session for `user` (a new id every time: an earlier session named
 * by the request's cookie is ended) and returns the Set-Cookie header value.
 */
export async function startSession(request: Request, user: { id: number }): Promise<string> {
  const previous = await sessionStorage.getSession(request.headers.get("Cookie"));
  if (previous.id) await sessions.deleteSession(previous.id);
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  return sessionStorage.commitSession(session);
}

/** Ends the request's session and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  return sessionStorage.destroySession(session);
}

const usersByRequest = new WeakMap<Request, Promise<PublicUser | null>>();

/** The signed-in user, or null. Looked up once per request. */
export function getUser(request: Request): Promise<PublicUser | null> {
  let pending = usersByRequest.get(request);
  if (!pending) {
    pending = (async () => {
      const session = await sessionStorage.getSession(request.headers.get("Cookie"));
      const userId = session.get("userId");
      return userId ? getUserById(userId) : null;
    })();
    usersByRequest.set(request, pending);
  }
  return pending;
}

export const SIGN_IN_REQUIRED = "You must be signed in to do that";

/** For API routes: the user, or a 401 JSON answer. */
export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) fail(401, SIGN_IN_REQUIRED);
  return user;
}

/** For API routes: an administrator, or 401/403. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) fail(403, "Administrators only");
  return user;
}

/** For pages: the user, or a redirect that opens the login modal and comes back. */
export async function requireUserPage(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(`/?login&redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}
