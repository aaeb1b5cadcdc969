// "Sign in with Google" end to end against the fake provider (scripts/fake-google.ts) on
// 127.0.0.1: start, the provider's redirect, the callback's token and userinfo calls.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as googleStart } from "~/routes/api.auth.google";
import { loader as googleCallback } from "~/routes/api.auth.callback.google";
import { action as login } from "~/routes/api.auth.login";
import { action as register } from "~/routes/api.auth.register";
import { usernameBaseFor } from "~/models/user.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { startFakeGoogle, type FakeGoogle } from "../../scripts/fake-google";
import { isSignedIn, sessionOf } from "../support/accounts";
import { args, call, cookiesOf, getRequest, jsonRequest } from "../support/requests";
import { waitForMails } from "../support/mail";

let fake: FakeGoogle;

beforeAll(async () => {
  fake = await startFakeGoogle({ clientId: "test-client", clientSecret: "test-secret" });
  process.env.GOOGLE_CLIENT_ID = "test-client";
  process.env.GOOGLE_CLIENT_SECRET = "test-secret";
  process.env.GOOGLE_OAUTH_BASE_URL = fake.url;
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => resetRateLimits());

/** A tiny cookie jar: later Set-Cookie values replace earlier ones, Max-Age=0 removes. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The whole browser round trip; answers the callback's response and the jar. */
async function signInWithGoogle(redirectTo = "/my-cars", jar = new Jar()) {
  const start = await call(googleStart, getRequest(`/api/auth/google?redirectTo=${encodeURIComponent(redirectTo)}`, { cookie: jar.header() }));
  expect(start.status).toBe(302);
  jar.take(start);
  const authorize = new URL(start.headers.get("Location")!);
  const atProvider = await fetch(authorize, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get("Location")!);
  const callback = await call(googleCallback, getRequest(back.pathname + back.search, { cookie: jar.header() }));
  jar.take(callback);
  return { authorize, callback, jar };
}

describe("Sign in with Google", () => {
  it("asks for offline access and the account picker, with the state and our callback", async () => {
    fake.setUser({ sub: "g-1", email: "first.driver@example.com", name: "First Driver" });
    const { authorize } = await signInWithGoogle();
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/o/oauth2/v2/auth`);
    const params = authorize.searchParams;
    expect(params.get("access_type")).toBe("offline");
    expect(params.get("prompt")).toBe("select_account");
    expect(params.get("client_id")).toBe("test-client");
    expect(params.get("response_type")).toBe("code");
    expect(params.get("redirect_uri")).toBe("http://127.0.0.1:3000/api/auth/callback/google");
    expect(params.get("scope")).toContain("userinfo.email");
    expect(params.get("state")).toBeTruthy();
  });

  it("builds the callback URL from APP_URL, never from a foreign Host header", async () => {
    const startFrom = async (host: string) => {
      const start = await call(googleStart, new Request(`http://${host}/api/auth/google`));
      return new URL(start.headers.get("Location")!).searchParams.get("redirect_uri");
    };
    expect(await startFrom("attacker.example")).toBe("http://localhost:3000/api/auth/callback/google");
    process.env.APP_URL = "https://cars.example.com";
    try {
      expect(await startFrom("attacker.example")).toBe("https://cars.example.com/api/auth/callback/google");
    } finally {
      delete process.env.APP_URL;
    }
  });

  it("creates an account for a new Google user, with a derived username and a profile, and signs in", async () => {
    fake.setUser({ sub: "g-new", email: "New.Driver@Example.com", name: "New Driver" });
    const { callback, jar } = await signInWithGoogle("/my-cars");
    expect(callback.status).toBe(303);
    expect(callback.headers.get("Location")).toBe("/my-cars");

    const user = await prisma.user.findUniqueOrThrow({ where: { email: "new.driver@example.com" }, include: { profile: true } });
    expect(user.username).toBe("new.driver");
    expect(user.googleId).toBe("g-new");
    expect(user.passwordHash).toBeNull();
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.profile).not.toBeNull();
    expect(await sessionOf(jar.header())).toMatchObject({ authenticated: true, user: { username: "new.driver" } });

    // The next time the same Google account signs in to the same account.
    const again = await signInWithGoogle("/");
    expect(again.callback.headers.get("Location")).toBe("/");
    expect(await prisma.user.count({ where: { googleId: "g-new" } })).toBe(1);
    expect(await sessionOf(again.jar.header())).toMatchObject({ authenticated: true, user: { username: "new.driver" } });
  });

  it("makes the username unique with a number", async () => {
    await prisma.user.create({ data: { username: "twin", email: "twin@other.example", profile: { create: {} } } });
    fake.setUser({ sub: "g-twin", email: "twin@example.com", name: "Twin" });
    await signInWithGoogle();
    expect((await prisma.user.findUniqueOrThrow({ where: { googleId: "g-twin" } })).username).toBe("twin2");
  });

  it("links an existing account whose address is verified instead of making another", async () => {
    const response = (await register(args(jsonRequest("/api/auth/register", { username: "linkme", email: "linkme@example.com", password: "secret1" })))) as Response;
    expect(response.status).toBe(201);
    const ownSession = cookiesOf(response);
    await prisma.user.update({ where: { email: "linkme@example.com" }, data: { emailVerifiedAt: new Date() } });
    fake.setUser({ sub: "g-link", email: "LinkMe@example.com", email_verified: true, name: "Link Me" });
    const { callback, jar } = await signInWithGoogle();
    expect(callback.status).toBe(303);
    const users = await prisma.user.findMany({ where: { email: "linkme@example.com" } });
    expect(users).toHaveLength(1);
    expect(users[0].googleId).toBe("g-link");
    expect(await sessionOf(jar.header())).toMatchObject({ authenticated: true, user: { username: "linkme" } });

    // The password and the other sessions of a verified account stay as they were.
    const password = (await login(args(jsonRequest("/api/auth/login", { email: "linkme@example.com", password: "secret1" })))) as Response;
    expect(password.status).toBe(200);
    expect(await isSignedIn(ownSession)).toBe(true);
  });

  it("takes over an account whose address was never verified: the registrant's password, two-factor and sessions go", async () => {
    // Someone registers with another person's address and stays signed in.
    const squat = (await register(args(jsonRequest("/api/auth/register", { username: "squatter", email: "owner@example.com", password: "attacker1" })))) as Response;
    expect(squat.status).toBe(201);
    const attackerCookie = cookiesOf(squat);
    await prisma.user.update({ where: { email: "owner@example.com" }, data: { totpSecret: "sealed", totpEnabledAt: new Date() } });
    const before = await prisma.user.findUniqueOrThrow({ where: { email: "owner@example.com" } });
    await prisma.recoveryCode.create({ data: { userId: before.id, codeHash: "x" } });

    // The address's real owner signs in with Google.
    fake.setUser({ sub: "g-owner", email: "owner@example.com", email_verified: true, name: "Real Owner" });
    const { callback, jar } = await signInWithGoogle("/messages");
    expect(callback.status).toBe(303);
    expect(callback.headers.get("Location")).toBe("/messages");
    expect(await sessionOf(jar.header())).toMatchObject({ authenticated: true, user: { username: "squatter" } });

    const after = await prisma.user.findUniqueOrThrow({ where: { id: before.id } });
    expect(after.googleId).toBe("g-owner");
    expect(after.passwordHash).toBeNull();
    expect(after.totpEnabledAt).toBeNull();
    expect(after.totpSecret).toBeNull();
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(await prisma.recoveryCode.count({ where: { userId: before.id } })).toBe(0);

    // The registrant is out: the old session ended and the password no longer works.
    expect(await isSignedIn(attackerCookie)).toBe(false);
    const password = (await login(args(jsonRequest("/api/auth/login", { email: "owner@example.com", password: "attacker1" })))) as Response;
    expect(password.status).toBe(401);

    // The owner is told what happened.
    const [mail] = await waitForMails(process.env.MAIL_OUTBOX_DIR!, { to: "owner@example.com", subject: "Your account is now yours alone" });
    expect(mail).toBeTruthy();
  });

  it("ADMIN_EMAILS makes a new Google account with a verified listed address an administrator", async () => {
    process.env.ADMIN_EMAILS = "google.boss@example.com";
    try {
      fake.setUser({ sub: "g-boss", email: "google.boss@example.com", email_verified: true });
      await signInWithGoogle();
      expect((await prisma.user.findUniqueOrThrow({ where: { googleId: "g-boss" } })).role).toBe("admin");
    } finally {
      delete process.env.ADMIN_EMAILS;
    }
  });

  it("does not link when Google has not verified the email", async () => {
    await prisma.user.create({ data: { username: "unverified", email: "unverified@example.com", profile: { create: {} } } });
    fake.setUser({ sub: "g-unverified", email: "unverified@example.com", email_verified: false });
    const { callback, jar } = await signInWithGoogle("/events");
    expect(callback.status).toBe(303);
    expect(callback.headers.get("Location")).toBe("/login?redirectTo=%2Fevents");
    expect((await prisma.user.findUniqueOrThrow({ where: { email: "unverified@example.com" } })).googleId).toBeNull();
    expect((await sessionOf(jar.header())).authenticated).toBe(false);
    expect(jar.header()).toContain("__flash=");
  });

  it("refuses a callback whose state does not match", async () => {
    fake.setUser({ sub: "g-state", email: "state@example.com" });
    const jar = new Jar();
    const start = await call(googleStart, getRequest("/api/auth/google"));
    jar.take(start);
    const atProvider = await fetch(start.headers.get("Location")!, { redirect: "manual" });
    const back = new URL(atProvider.headers.get("Location")!);
    back.searchParams.set("state", "forged");
    const callback = await call(googleCallback, getRequest(back.pathname + back.search, { cookie: jar.header() }));
    expect(callback.status).toBe(303);
    expect(callback.headers.get("Location")).toBe("/login");
    expect(await prisma.user.count({ where: { googleId: "g-state" } })).toBe(0);
  });

  it("sends an account with two-factor on to the challenge, not signed in yet", async () => {
    fake.setUser({ sub: "g-2fa", email: "twofactor.google@example.com" });
    await signInWithGoogle();
    await prisma.user.update({ where: { googleId: "g-2fa" }, data: { totpEnabledAt: new Date(), totpSecret: "JBSWY3DPEHPK3PXP" } });
    const { callback, jar } = await signInWithGoogle("/my-cars");
    expect(callback.status).toBe(303);
    expect(callback.headers.get("Location")).toBe("/two-factor?redirectTo=%2Fmy-cars");
    expect((await sessionOf(jar.header())).authenticated).toBe(false);
    const session = await prisma.session.findFirstOrThrow({ where: { user: { googleId: "g-2fa" } }, orderBy: { createdAt: "desc" } });
    expect(session.mfaPassedAt).toBeNull();
  });

  it("has no route that tells a visitor whether an address signs in with Google", () => {
    const routes = Object.keys(import.meta.glob("/app/routes/*.{ts,tsx}"));
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((path) => /google-linked/i.test(path))).toEqual([]);
  });

  it("refuses a password on a Google-only account as for no account, and says to use Google only on a device it signed in on", async () => {
    fake.setUser({ sub: "g-only", email: "only.google@example.com" });
    const { jar } = await signInWithGoogle();
    const attempt = async (email: string, cookie?: string) => {
      const response = (await login(args(jsonRequest("/api/auth/login", { email, password: "whatever1" }, { cookie })))) as Response;
      return { status: response.status, body: await response.json() };
    };
    const stranger = await attempt("only.google@example.com");
    expect(stranger).toEqual({ status: 401, body: { error: "Invalid email/username or password. Please try again.", status: 401 } });
    expect(await attempt("nobody@example.com")).toEqual(stranger);

    expect(await attempt("only.google@example.com", jar.header())).toEqual({
      status: 401,
      body: { error: "This account uses Google sign-in. Please use the 'Sign in with Google' button.", status: 401 },
    });
  });

  it("signs in with Google while password guessers have locked the account's password sign-in", async () => {
    fake.setUser({ sub: "g-locked", email: "locked.google@example.com" });
    await signInWithGoogle();
    for (let i = 0; i < 10; i++) {
      const wrong = (await login(args(jsonRequest("/api/auth/login", { email: "locked.google@example.com", password: "nope-nope" })))) as Response;
      expect(wrong.status).toBe(401);
    }
    const locked = (await login(args(jsonRequest("/api/auth/login", { email: "locked.google@example.com", password: "nope-nope" })))) as Response;
    expect(locked.status).toBe(429);

    const { callback, jar } = await signInWithGoogle("/my-cars");
    expect(callback.status).toBe(303);
    expect(callback.headers.get("Location")).toBe("/my-cars");
    expect(await isSignedIn(jar.header())).toBe(true);
  });

  it("hides itself when Google is not configured", async () => {
    const saved = process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_ID;
    try {
      const start = await call(googleStart, getRequest("/api/auth/google?redirectTo=/events"));
      expect(start.status).toBe(303);
      expect(start.headers.get("Location")).toBe("/login?redirectTo=%2Fevents");
    } finally {
      process.env.GOOGLE_CLIENT_ID = saved;
    }
  });
});

describe("usernameBaseFor", () => {
  it("derives a lower-case name of allowed characters", () => {
    expect(usernameBaseFor("Jane.Doe+cars@example.com")).toBe("jane.doecars");
    expect(usernameBaseFor("ab@example.com", "Zoë Müller")).toBe("zoe_muller");
    expect(usernameBaseFor("x@example.com", "!")).toBe("driver");
  });
});
