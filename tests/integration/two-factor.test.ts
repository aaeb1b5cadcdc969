// Two-factor sign-in: enrolment, confirmation with recovery codes, the challenge gate for
// every sign-in, recovery codes, removal with the password, and signing out other devices.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as login } from "~/routes/api.auth.login";
import { action as enrol } from "~/routes/api.auth.two-factor.enrol";
import { action as confirm } from "~/routes/api.auth.two-factor.confirm";
import { action as challenge } from "~/routes/api.auth.two-factor.challenge";
import { action as disable } from "~/routes/api.auth.two-factor.disable";
import { action as signOutOthers } from "~/routes/api.auth.sessions.others";
import { action as twoFactorPageAction, loader as twoFactorPageLoader } from "~/routes/two-factor";
import { action as securityAction } from "~/routes/profile_.security";
import { totpCode } from "~/lib/server/totp.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { TWO_FACTOR_PENDING_LIFETIME, resetUsedTotpSteps, sessionAuthState } from "~/models/two-factor.server";
import { isSignedIn, logIn, signUp } from "../support/accounts";
import { call, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";

beforeEach(async () => {
  await resetRateLimits();
  await resetUsedTotpSteps();
});

/** Signs up and turns two-factor on; answers the secret, the recovery codes and the cookie. */
async function withTwoFactor(username: string) {
  const account = await signUp(username);
  const enrolled = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", { password: "secret1" }, { cookie: account.cookie }));
  expect(enrolled.status).toBe(200);
  const { secret, uri, manualKey } = await enrolled.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(manualKey.replace(/ /g, "")).toBe(secret);
  const confirmed = await call(confirm, jsonRequest("/api/auth/two-factor/confirm", { code: totpCode(secret) }, { cookie: account.cookie }));
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = await confirmed.json();
  return { ...account, secret: secret as string, recoveryCodes: recoveryCodes as string[] };
}

/** A code for the next step: the current one was spent by the confirmation. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

describe("enrolment", () => {
  it("needs a right code, then turns on with 10 hashed recovery codes, keeping this session signed in", async () => {
    const account = await signUp("enroller");
    const other = await logIn(account.email); // another device, signed in before
    const otherCookie = cookiesOf(other);

    const enrolled = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", { password: "secret1" }, { cookie: account.cookie }));
    const { secret } = await enrolled.json();
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(stored.totpSecret).not.toContain(secret); // sealed
    expect(stored.totpEnabledAt).toBeNull();

    const wrong = await call(confirm, jsonRequest("/api/auth/two-factor/confirm", { code: "000000" }, { cookie: account.cookie }));
    expect(wrong.status).toBe(400);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).totpEnabledAt).toBeNull();

    const right = await call(confirm, jsonRequest("/api/auth/two-factor/confirm", { code: totpCode(secret) }, { cookie: account.cookie }));
    expect(right.status).toBe(200);
    const { recoveryCodes } = await right.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const rows = await prisma.recoveryCode.findMany({ where: { userId: account.id } });
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);

    expect(await isSignedIn(account.cookie)).toBe(true);
    // The other device must now pass the challenge too.
    expect(await isSignedIn(otherCookie)).toBe(false);
  });

  it("needs a signed-in user", async () => {
    const response = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", {}));
    expect(response.status).toBe(401);
  });

  it("asks for the current password: a borrowed session alone cannot add an authenticator", async () => {
    const account = await signUp("borrowed");
    const none = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", {}, { cookie: account.cookie }));
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: "Enter your password to set up two-factor authentication.", status: 400 });
    const wrong = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", { password: "not-it1" }, { cookie: account.cookie }));
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "That password is not right.", status: 403 });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).totpSecret).toBeNull();

    // The security page's form asks for it the same way.
    const page = (await call(securityAction, formRequest("/profile/security", { intent: "enrol" }, { cookie: account.cookie }))) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(page.init.status).toBe(400);
    expect(page.data.error).toBe("Enter your password to set up two-factor authentication.");
    const ok = await call(securityAction, formRequest("/profile/security", { intent: "enrol", password: "secret1" }, { cookie: account.cookie }));
    expect(ok.status).toBe(303);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).totpSecret).not.toBeNull();
  });

  it("asks an account without a password (Google only) for a sign-in within the last 10 minutes", async () => {
    const account = await signUp("googleonly");
    await prisma.user.update({ where: { id: account.id }, data: { passwordHash: null, googleId: "g-googleonly" } });
    const fresh = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", {}, { cookie: account.cookie }));
    expect(fresh.status).toBe(200);

    await prisma.user.update({ where: { id: account.id }, data: { totpSecret: null } });
    await prisma.session.updateMany({ where: { userId: account.id }, data: { createdAt: new Date(Date.now() - 11 * 60 * 1000) } });
    const stale = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", {}, { cookie: account.cookie }));
    expect(stale.status).toBe(403);
    expect((await stale.json()).error).toBe("For your safety, sign in again (with Google or an emailed code), then set up two-factor within 10 minutes.");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).totpSecret).toBeNull();
  });
});

describe("the challenge at sign-in", () => {
  it("password sign-in answers twoFactorRequired with a pending session; a code signs in", async () => {
    const account = await withTwoFactor("gated");
    const response = await logIn(account.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRequired: true, redirectTo: "/two-factor" });
    const pending = cookiesOf(response);
    expect(await isSignedIn(pending)).toBe(false);

    const wrong = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code: "123456" }, { cookie: pending }));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatch(/not right/);

    const code = nextCode(account.secret);
    const right = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code }, { cookie: pending }));
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ user: { username: "gated" } });
    const signedIn = cookiesOf(right);
    expect(signedIn).not.toBe(pending); // a new session id
    expect(await isSignedIn(signedIn)).toBe(true);
    expect(await isSignedIn(pending)).toBe(false);

    // The same code does not work twice (the very same code: a new one would be due if the
    // 30-second step turned meanwhile).
    const again = await logIn(account.email);
    const replay = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code }, { cookie: cookiesOf(again) }));
    expect(replay.status).toBe(400);
  });

  it("a plain form sign-in goes to the challenge page and back to where it started", async () => {
    const account = await withTwoFactor("plainform");
    const request = formRequest("/api/auth/login", { email: account.email, password: "secret1", redirectTo: "/events" });
    request.headers.set("Referer", "http://127.0.0.1:3000/events?login");
    const response = await call(login, request);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/two-factor?redirectTo=%2Fevents");
    const pending = cookiesOf(response);

    // Page loaders and actions answer data() (not a Response) unless they redirect.
    const page = (await call(twoFactorPageLoader, getRequest("/two-factor?redirectTo=%2Fevents", { cookie: pending }))) as unknown as {
      data: unknown;
    };
    expect(page.data).toEqual({ username: "plainform" });

    const bad = (await call(twoFactorPageAction, formRequest("/two-factor?redirectTo=%2Fevents", { code: "999999" }, { cookie: pending }))) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.error).toMatch(/not right/);
    const good = await call(twoFactorPageAction, formRequest("/two-factor?redirectTo=%2Fevents", { code: nextCode(account.secret) }, { cookie: pending }));
    expect(good.status).toBe(303);
    expect(good.headers.get("Location")).toBe("/events");
    expect(await isSignedIn(cookiesOf(good))).toBe(true);
  });

  it("the challenge page sends visitors without a pending sign-in away", async () => {
    const page = await call(twoFactorPageLoader, getRequest("/two-factor"));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
  });

  it("accepts each recovery code once", async () => {
    const account = await withTwoFactor("recoverer");
    const first = cookiesOf(await logIn(account.email));
    const used = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code: account.recoveryCodes[3].toUpperCase() }, { cookie: first }));
    expect(used.status).toBe(200);
    const second = cookiesOf(await logIn(account.email));
    const reused = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code: account.recoveryCodes[3] }, { cookie: second }));
    expect(reused.status).toBe(400);
    expect(await prisma.recoveryCode.count({ where: { userId: account.id, usedAt: null } })).toBe(9);
  });

  it("a pending sign-in lapses after 10 minutes", async () => {
    const account = await withTwoFactor("slowpoke");
    await logIn(account.email);
    const session = await prisma.session.findFirstOrThrow({ where: { userId: account.id, mfaPassedAt: null } });
    expect(await sessionAuthState(session.id)).toMatchObject({ pending: true });
    const later = new Date(session.createdAt.getTime() + TWO_FACTOR_PENDING_LIFETIME + 1000);
    expect(await sessionAuthState(session.id, later)).toBeNull();
  });

  it("limits challenge attempts with 429 and Retry-After", async () => {
    const account = await withTwoFactor("hammer");
    const pending = cookiesOf(await logIn(account.email));
    let last: Response | null = null;
    for (let i = 0; i < 11; i += 1) {
      last = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code: "000000" }, { cookie: pending }));
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("a session without a pending sign-in cannot use the challenge", async () => {
    const response = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code: "000000" }));
    expect(response.status).toBe(401);
  });
});

describe("turning it off", () => {
  it("needs the password again", async () => {
    const account = await withTwoFactor("quitter");
    const missing = await call(disable, jsonRequest("/api/auth/two-factor/disable", {}, { cookie: account.cookie }));
    expect(missing.status).toBe(400);
    const wrong = await call(disable, jsonRequest("/api/auth/two-factor/disable", { password: "nope123" }, { cookie: account.cookie }));
    expect(wrong.status).toBe(403);
    const right = await call(disable, jsonRequest("/api/auth/two-factor/disable", { password: "secret1" }, { cookie: account.cookie }));
    expect(right.status).toBe(200);
    expect(await prisma.recoveryCode.count({ where: { userId: account.id } })).toBe(0);

    const response = await logIn(account.email);
    expect(await response.json()).toMatchObject({ user: { username: "quitter" } });
  });
});

describe("sign out of other devices", () => {
  it("ends every other session and keeps this one", async () => {
    const account = await signUp("multidevice");
    const phone = cookiesOf(await logIn(account.email));
    const tablet = cookiesOf(await logIn(account.email));
    const response = await call(signOutOthers, jsonRequest("/api/auth/sessions/others", {}, { method: "DELETE", cookie: account.cookie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, count: 2 });
    expect(await isSignedIn(account.cookie)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(tablet)).toBe(false);

    const visitor = await call(signOutOthers, jsonRequest("/api/auth/sessions/others", {}, { method: "DELETE" }));
    expect(visitor.status).toBe(401);
  });
});
