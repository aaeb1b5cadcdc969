// "Sign in with Google" through remix-auth-google: offline access and the account picker
// (Google asks which account every time). Settings:
//   GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET  both needed, else the button is hidden
//   GOOGLE_OAUTH_BASE_URL                   points authorize, token and userinfo at another
//                                           provider (scripts/fake-google.ts in tests and demos)
//   APP_URL                                 the public origin the callback URL is built from (env.server.ts)
// The OAuth state lives in its own short-lived cookie (the app's session storage is
// server-side and only holds signed-in users).
import { createCookie, createCookieSessionStorage, type CookieOptions } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { safeRedirect } from "~/lib/server/http.server";
import { UserError } from "~/lib/user-error";
import { apiPaths } from "~/lib/paths";
import { publicOrigin, secureCookies, sessionSecret, settings } from "~/lib/server/env.server";
import { findOrCreateGoogleUser, type PublicUser } from "~/models/user.server";

export const GOOGLE_START_PATH = apiPaths.google();
export const GOOGLE_CALLBACK_PATH = "/api/auth/callback/google";
const FLOW_LIFETIME_SECONDS = 10 * 60;

export const GOOGLE_FLOW_MESSAGES = {
  notConfigured: "Google sign-in is not available.",
  cancelled: "Google sign-in was cancelled.",
  failed: "Google sign-in failed. Please try again.",
} as const;

type GoogleSettings = { clientID: string; clientSecret: string; baseUrl: string | null };

function googleSettings(): GoogleSettings | null {
  const { GOOGLE_CLIENT_ID: clientID, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_OAUTH_BASE_URL } = settings();
  if (!clientID || !clientSecret) return null;
  return { clientID, clientSecret, baseUrl: GOOGLE_OAUTH_BASE_URL ?? null };
}

/** Whether the 'Sign in with Google' button should show. */
export function googleEnabled(): boolean {
  return googleSettings() !== null;
}

/** Google's three endpoints under another base URL (same paths as Google's own). */
export function googleEndpoints(baseUrl: string) {
  return {
    authorize: `${baseUrl}/o/oauth2/v2/auth`,
    token: `${baseUrl}/token`,
    userinfo: `${baseUrl}/oauth2/v3/userinfo`,
  };
}

/** GoogleStrategy whose endpoints can point elsewhere. */
class ConfigurableGoogleStrategy<User> extends GoogleStrategy<User> {
  private readonly profileURL: string;

  constructor(options: ConstructorParameters<typeof GoogleStrategy<User>>[0], verify: ConstructorParameters<typeof GoogleStrategy<User>>[1], baseUrl: string | null) {
    super(options, verify);
    if (baseUrl) {
      const endpoints = googleEndpoints(baseUrl);
      this.authorizationURL = endpoints.authorize;
      this.tokenURL = endpoints.token;
      this.profileURL = endpoints.userinfo;
    } else {
      this.profileURL = "https://www.googleapis.com/oauth2/v3/userinfo";
    }
  }

  protected async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(this.profileURL, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new Error(`Google userinfo answered ${response.status}`);
    const raw = (await response.json()) as GoogleProfile["_json"];
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name,
      name: { familyName: raw.family_name, givenName: raw.given_name },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture }],
      _json: raw,
    };
  }
}

// The sign-in flow's cookies: signed, for this site's pages only, and gone when the flow is.
const flowCookie = {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: secureCookies(),
  secrets: [sessionSecret()],
  maxAge: FLOW_LIFETIME_SECONDS,
} satisfies CookieOptions;

// The OAuth state between the start and the callback.
const flowStorage = createCookieSessionStorage({ cookie: { name: "__google_oauth", ...flowCookie } });

// Where to go after the callback.
const returnCookie = createCookie("__google_return", flowCookie);

function authenticatorFor(request: Request, settings: GoogleSettings) {
  const strategy = new ConfigurableGoogleStrategy<PublicUser>(
    {
      clientID: settings.clientID,
      clientSecret: settings.clientSecret,
      callbackURL: `${publicOrigin(request)}${GOOGLE_CALLBACK_PATH}`,
      accessType: "offline",
      prompt: "select_account",
    },
    async ({ profile }) =>
      findOrCreateGoogleUser({
        googleId: String(profile.id ?? profile._json.sub ?? ""),
        email: String(profile._json.email ?? profile.emails?.[0]?.value ?? ""),
        emailVerified: profile._json.email_verified === true || String(profile._json.email_verified) === "true",
        name: profile.displayName ?? null,
      }),
    settings.baseUrl,
  );
  const authenticator = new Authenticator<PublicUser>(flowStorage);
  authenticator.use(strategy, "google");
  return authenticator;
}

/**
 * The redirect to Google's account picker, remembering where to come back to.
 * Throws a UserError when Google is not configured.
 */
export async function startGoogleSignIn(request: Request, redirectTo: string): Promise<Response> {
  const settings = googleSettings();
  if (!settings) throw new UserError(404, GOOGLE_FLOW_MESSAGES.notConfigured);
  const authenticator = authenticatorFor(request, settings);
  try {
    await authenticator.authenticate("google", request, { throwOnError: true });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", await returnCookie.serialize(safeRedirect(redirectTo)));
      headers.set("Cache-Control", "no-store");
      return new Response(null, { status: 302, headers });
    }
    throw thrown;
  }
  // The strategy always redirects away from the start path.
  throw new UserError(400, GOOGLE_FLOW_MESSAGES.failed);
}

/** Where the person who started the flow wanted to go (to send them back there with the modal open). */
export async function googleReturnPath(request: Request): Promise<string> {
  return safeRedirect(await returnCookie.parse(request.headers.get("Cookie")));
}

/**
 * Finishes the flow at the callback: checks the state, trades the code, reads the profile
 * and finds, links or creates the account. Answers the user, where to go next, and the
 * Set-Cookie values that clear the flow's cookies. Throws a UserError (see googleReturnPath
 * for where the person wanted to go).
 */
export async function finishGoogleSignIn(request: Request): Promise<{ user: PublicUser; redirectTo: string; clearCookies: string[] }> {
  const redirectTo = await googleReturnPath(request);
  const settings = googleSettings();
  if (!settings) throw new UserError(404, GOOGLE_FLOW_MESSAGES.notConfigured);
  if (new URL(request.url).searchParams.get("error")) throw new UserError(400, GOOGLE_FLOW_MESSAGES.cancelled);

  let user: PublicUser;
  try {
    user = await authenticatorFor(request, settings).authenticate("google", request, { throwOnError: true });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof UserError) throw error.cause;
    if (error instanceof UserError) throw error;
    if (!(error instanceof AuthorizationError)) console.error("Google sign-in failed", error);
    throw new UserError(400, GOOGLE_FLOW_MESSAGES.failed);
  }
  return { user, redirectTo, clearCookies: await clearFlowCookies(request) };
}

/** Set-Cookie values that end the flow's cookies. */
export async function clearFlowCookies(request: Request): Promise<string[]> {
  const flow = await flowStorage.getSession(request.headers.get("Cookie"));
  return [await flowStorage.destroySession(flow), await returnCookie.serialize("", { maxAge: 0 })];
}
