import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { totpCode } from "~/lib/server/totp.server";
import { hashLoginCode } from "~/models/login-code.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { resetUsedTotpSteps } from "~/models/two-factor.server";
import { action as verifyCode } from "~/routes/api.auth.code.verify";
import { action as requestReset } from "~/routes/api.auth.reset-password";
import { action as enrol } from "~/routes/api.auth.two-factor.enrol";
import { action as confirm } from "~/routes/api.auth.two-factor.confirm";
import { action as challenge } from "~/routes/api.auth.two-factor.challenge";
import { action as login } from "~/routes/api.auth.login";
import { action as sessionAction, loader as sessionLoader } from "~/routes/api.auth.session";
import { action as register } from "~/routes/api.auth.register";
import { isSignedIn, registerAccount, signUp } from "../support/accounts";
import { args, call, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";

describe("POST /api/auth/register", () => {
  it("creates the account lower-cased, signs in and answers user, session and autoLogin", async () => {
    const response = await registerAccount("Speedy_Sam", { email: "Sam@Example.COM" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      autoLogin: true,
      user: { username: "speedy_sam", email: "sam@example.com" },
    });
    expect(typeof body.message).toBe("string");
    expect(Date.parse(body.session.loginTime)).not.toBeNaN();

    const session = await sessionLoader(args(getRequest("/api/auth/session", { cookie: cookiesOf(response) })));
    expect(await (session as Response).json()).toMatchObject({ authenticated: true, user: { username: "speedy_sam" } });
  });

  it("refuses a taken username in any case and a taken email", async () => {
    await registerAccount("taken", { email: "taken@example.com" });
    const sameName = await registerAccount("TAKEN", { email: "other@example.com" });
    expect(sameName.status).toBe(409);
    expect(await sameName.json()).toEqual({ success: false, error: "Username already taken. Please choose another one." });
    const sameEmail = await registerAccount("fresh", { email: "Taken@Example.com" });
    expect(sameEmail.status).toBe(409);
    expect((await sameEmail.json()).error).toBe("Email already registered. Please use another email or try logging in.");
  });

  it("checks the password length and the confirmation", async () => {
    const short = await registerAccount("shorty", { email: "short@example.com", password: "12345" });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 6 characters");

    const mismatch = (await register(
      args(
        jsonRequest("/api/auth/register", {
          username: "mismatch",
          email: "mismatch@example.com",
          password: "secret1",
          confirmPassword: "secret2",
        }),
      ),
    )) as Response;
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error).toBe("Passwords do not match");
  });

  it("answers a plain form post with a redirect and keeps what was typed on failure", async () => {
    const failed = (await register(
      args(formRequest("/api/auth/register", { username: "x", email: "bad", password: "secret1", confirmPassword: "secret1", redirectTo: "/events" })),
    )) as Response;
    expect(failed.status).toBe(303);
    expect(failed.headers.get("Location")).toBe("/signup?redirectTo=%2Fevents");

    const ok = (await register(
      args(
        formRequest("/api/auth/register", {
          username: "formuser",
          email: "form@example.com",
          password: "secret1",
          confirmPassword: "secret1",
          redirectTo: "/events",
        }),
      ),
    )) as Response;
    expect(ok.status).toBe(303);
    // A new member starts with the welcome steps, which end at redirectTo.
    expect(ok.headers.get("Location")).toBe("/welcome/car?redirectTo=%2Fevents");
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in by username in any case or by email, with a new session id each time", async () => {
    await registerAccount("driver", { email: "driver@example.com" });
    const byName = (await login(args(jsonRequest("/api/auth/login", { email: "DrIvEr", password: "secret1" })))) as Response;
    expect(byName.status).toBe(200);
    expect((await byName.json()).user).toMatchObject({ username: "driver", email: "driver@example.com" });

    const byEmail = (await login(args(jsonRequest("/api/auth/login", { email: "DRIVER@example.com", password: "secret1" }, { cookie: cookiesOf(byName) })))) as Response;
    expect(byEmail.status).toBe(200);
    expect(cookiesOf(byEmail)).not.toBe(cookiesOf(byName));

    // The earlier session ended when the new one started.
    const old = await sessionLoader(args(getRequest("/api/auth/session", { cookie: cookiesOf(byName) })));
    expect((await (old as Response).json()).authenticated).toBe(false);
  });

  it("says which part was wrong in its fixed messages", async () => {
    await registerAccount("racer", { email: "racer@example.com" });
    const unknownName = (await login(args(jsonRequest("/api/auth/login", { email: "nobody", password: "secret1" })))) as Response;
    expect(unknownName.status).toBe(401);
    expect(await unknownName.json()).toEqual({ error: "Username not found. Please try using your email address.", status: 401 });

    const wrong = (await login(args(jsonRequest("/api/auth/login", { email: "racer", password: "wrong-password" })))) as Response;
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe("Invalid email/username or password. Please try again.");
  });

  it("answers malformed JSON with 400 and a foreign origin with 403", async () => {
    const malformed = new Request("http://127.0.0.1:3000/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    const bad = await login(args(malformed)).catch((r: Response) => r);
    expect((bad as Response).status).toBe(400);
    expect(await (bad as Response).json()).toEqual({ error: "Malformed JSON body", status: 400 });

    const foreign = jsonRequest("/api/auth/login", { email: "a", password: "b" }, { headers: { Origin: "http://evil.example" } });
    const refused = await login(args(foreign)).catch((r: Response) => r);
    expect((refused as Response).status).toBe(403);
  });

  it("refuses bodies over the limit with 413", async () => {
    const huge = jsonRequest("/api/auth/login", { email: "x".repeat(2 * 1024 * 1024), password: "b" });
    const refused = await login(args(huge)).catch((r: Response) => r);
    expect((refused as Response).status).toBe(413);
  });
});

describe("sessions", () => {
  it("DELETE /api/auth/session signs out and the cookie no longer works", async () => {
    const created = await registerAccount("leaver", { email: "leaver@example.com" });
    const cookie = cookiesOf(created);
    const out = (await sessionAction(args(new Request("http://127.0.0.1:3000/api/auth/session", { method: "DELETE", headers: { Cookie: cookie } })))) as Response;
    expect(out.status).toBe(200);
    const after = await sessionLoader(args(getRequest("/api/auth/session", { cookie })));
    expect(await (after as Response).json()).toEqual({ authenticated: false, user: null });
  });
});

/** The `name=value` pair of one cookie in a Cookie header, or "". */
function cookieNamed(header: string, name: string): string {
  return header.split("; ").find((pair) => pair.startsWith(`${name}=`)) ?? "";
}

/** An answer as status and body, for comparing two answers whole. */
async function whole(response: Response) {
  return { status: response.status, body: await response.json() };
}

const attempt = (email: string, password: string, cookie?: string) => call(login, jsonRequest("/api/auth/login", { email, password }, { cookie }));

/** Ten wrong passwords for `email` from a device that never signed in to it. */
async function lockOut(email: string) {
  for (let i = 0; i < 10; i++) expect((await attempt(email, "nope-nope")).status).toBe(401);
}

describe("sign-in answers tell nothing about accounts", () => {
  beforeEach(() => resetRateLimits());

  it("answers a wrong password and an address without an account the same, before and after the lock", async () => {
    await registerAccount("known", { email: "known@example.com" });
    for (let i = 0; i < 12; i++) {
      const existing = await whole(await attempt("known@example.com", "nope-nope"));
      const missing = await whole(await attempt("nobody-here@example.com", "nope-nope"));
      expect(missing).toEqual(existing);
      expect(existing.status).toBe(i < 10 ? 401 : 429);
    }
  });

  it("answers a reset request the same whether or not an account has the address", async () => {
    await registerAccount("resetme", { email: "resetme@example.com" });
    for (let i = 0; i < 7; i++) {
      const existing = await whole(await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "resetme@example.com" })));
      const missing = await whole(await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "nobody-here@example.com" })));
      expect(missing).toEqual(existing);
      expect(existing.status).toBe(200);
    }
  });
});

describe("the password lock", () => {
  beforeEach(async () => {
    await resetRateLimits();
    await resetUsedTotpSteps();
  });

  it("stops a password guesser from a new device after ten wrong passwords, even with the right one", async () => {
    await registerAccount("target", { email: "target@example.com" });
    await lockOut("target@example.com");
    const limited = await attempt("TARGET@example.com", "secret1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/^Too many attempts/);
  });

  it("lets the owner in with the right password from a device they signed in on before", async () => {
    const created = await registerAccount("homebody", { email: "homebody@example.com" });
    const device = cookieNamed(cookiesOf(created), "__device");
    expect(device).not.toBe("");
    await lockOut("homebody@example.com");
    expect((await attempt("homebody@example.com", "secret1")).status).toBe(429);
    const mine = await attempt("homebody@example.com", "secret1", device);
    expect(mine.status).toBe(200);
    expect(await isSignedIn(cookiesOf(mine))).toBe(true);
  });

  it("lets the owner in with the right password and a two-factor code from a known device", async () => {
    const account = await signUp("guarded");
    const enrolled = await call(enrol, jsonRequest("/api/auth/two-factor/enrol", { password: "secret1" }, { cookie: account.cookie }));
    const { secret } = await enrolled.json();
    const confirmed = await call(confirm, jsonRequest("/api/auth/two-factor/confirm", { code: totpCode(secret) }, { cookie: account.cookie }));
    const { recoveryCodes } = await confirmed.json();
    // A full sign-in (password, then a recovery code) on the device the account signed up on.
    const first = await attempt(account.email, "secret1", cookieNamed(account.cookie, "__device"));
    const passed = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code: recoveryCodes[0] }, { cookie: cookiesOf(first) }));
    expect(passed.status).toBe(200);
    const device = cookieNamed(cookiesOf(passed), "__device");
    expect(device).not.toBe("");

    await lockOut(account.email);
    expect((await attempt(account.email, "secret1")).status).toBe(429);
    const mine = await attempt(account.email, "secret1", device);
    expect(await mine.json()).toEqual({ twoFactorRequired: true, redirectTo: "/two-factor" });
    const pending = [device, cookieNamed(cookiesOf(mine), "__session")].join("; ");
    const done = await call(challenge, jsonRequest("/api/auth/two-factor/challenge", { code: totpCode(secret, Date.now() + 30_000) }, { cookie: pending }));
    expect(done.status).toBe(200);
    expect(await isSignedIn(cookiesOf(done))).toBe(true);
  });

  it("does not stop sign-in by an emailed code", async () => {
    await registerAccount("coded", { email: "coded@example.com" });
    await lockOut("coded@example.com");
    const now = Date.now();
    await prisma.loginCode.create({
      data: { email: "coded@example.com", codeHash: hashLoginCode("coded@example.com", "424242"), createdAt: new Date(now), expiresAt: new Date(now + 60_000) },
    });
    const signedIn = await call(verifyCode, jsonRequest("/api/auth/code/verify", { email: "coded@example.com", code: "424242" }));
    expect(signedIn.status).toBe(200);
    expect(await isSignedIn(cookiesOf(signedIn))).toBe(true);
  });

  it("counts wrong passwords from a known device against that device, which locks on its own", async () => {
    const created = await registerAccount("stolen", { email: "stolen@example.com" });
    const device = cookieNamed(cookiesOf(created), "__device");
    for (let i = 0; i < 10; i++) expect((await attempt("stolen@example.com", "nope-nope", device)).status).toBe(401);
    expect((await attempt("stolen@example.com", "secret1", device)).status).toBe(429);
    // A forged or foreign device cookie is no device at all.
    const forged = device.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await attempt("stolen@example.com", "secret1", forged)).status).toBe(200);
  });
});
