// One-time sign-in codes: request, email in the outbox, expiry, tries, single use, no probing.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as requestCode } from "~/routes/api.auth.code";
import { action as verifyCode } from "~/routes/api.auth.code.verify";
import { loader as sessionLoader } from "~/routes/api.auth.session";
import { action as register } from "~/routes/api.auth.register";
import { LOGIN_CODE_LIFETIME, LOGIN_CODE_MESSAGES, LOGIN_CODE_TRIES, hashLoginCode, requestLoginCode, verifyLoginCode } from "~/models/login-code.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { signUp } from "../support/accounts";
import { args, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";

const outbox = mkdtempSync(path.join(tmpdir(), "login-code-outbox-"));
process.env.MAIL_OUTBOX_DIR = outbox;
afterAll(() => rmSync(outbox, { recursive: true, force: true }));
beforeEach(() => resetRateLimits());

function mailsTo(address: string): string[] {
  return readdirSync(outbox)
    .sort()
    .map((name) => readFileSync(path.join(outbox, name), "utf8"))
    .filter((text) => new RegExp(`^To: ${address}$`, "mi").test(text));
}

async function codeFromOutbox(address: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const mails = mailsTo(address);
    // The newest code mail (sign-ups also mail a verification link).
    const match = mails
      .filter((mail) => /sign-in code is \d{6}/.test(mail))
      .at(-1)
      ?.match(/sign-in code is (\d{6})/);
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code mailed to ${address}`);
}

const post = async (handler: typeof requestCode, url: string, body: unknown, headers: Record<string, string> = {}) =>
  (await handler(args(jsonRequest(url, body, { headers })))) as Response;

describe("POST /api/auth/code", () => {
  it("needs an email or a phone number, and says texts are not available", async () => {
    const neither = await post(requestCode, "/api/auth/code", {});
    expect(neither.status).toBe(400);
    expect(await neither.json()).toEqual({ error: "You must provide either an email or phone number.", status: 400 });

    const phone = await post(requestCode, "/api/auth/code", { phone: "+44 7700 900123" });
    expect(phone.status).toBe(400);
    expect((await phone.json()).error).toMatch(/text message are not available/);
  });

  it("answers the same whether or not an account exists, and mails only real accounts", async () => {
    await signUp("coder");
    const real = await post(requestCode, "/api/auth/code", { email: "Coder@Example.com" });
    const unknown = await post(requestCode, "/api/auth/code", { email: "ghost@example.com" });
    expect(real.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await real.json()).toEqual(await unknown.json());

    const code = await codeFromOutbox("coder@example.com");
    expect(code).toMatch(/^\d{6}$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo("ghost@example.com")).toHaveLength(0);

    // Stored hashed, never in clear.
    const row = await prisma.loginCode.findFirstOrThrow({ where: { email: "coder@example.com" }, orderBy: { id: "desc" } });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toBe(hashLoginCode("coder@example.com", code));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60 * 1000);
  });

  it("signs in with the emailed code, once", async () => {
    await signUp("onceonly");
    await post(requestCode, "/api/auth/code", { email: "onceonly@example.com" });
    const code = await codeFromOutbox("onceonly@example.com");

    const ok = await post(verifyCode, "/api/auth/code/verify", { email: "onceonly@example.com", code });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { username: "onceonly" }, session: { loginTime: expect.any(String) } });
    const session = (await sessionLoader(args(getRequest("/api/auth/session", { cookie: cookiesOf(ok) })))) as Response;
    expect(await session.json()).toMatchObject({ authenticated: true, user: { username: "onceonly" } });

    const again = await post(verifyCode, "/api/auth/code/verify", { email: "onceonly@example.com", code });
    expect(again.status).toBe(400);
  });

  it("sends at most 5 codes per account in 15 minutes, answering the same", async () => {
    await signUp("spammy");
    for (let i = 0; i < 7; i += 1) {
      const response = await post(requestCode, "/api/auth/code", { email: "spammy@example.com" });
      expect(response.status).toBe(200);
    }
    // Sign-up also mailed a verification link: count the code mails only.
    const codeMails = () => mailsTo("spammy@example.com").filter((mail) => mail.includes(LOGIN_CODE_MESSAGES.emailSubject));
    for (let attempt = 0; attempt < 50 && codeMails().length < 5; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 40));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(codeMails()).toHaveLength(5);
  });

  it("rate-limits code requests per client address with Retry-After", async () => {
    process.env.RATE_LIMIT_SCALE = "0.1"; // 3 per client
    try {
      let last: Response | null = null;
      for (let i = 0; i < 4; i += 1) last = await post(requestCode, "/api/auth/code", { email: "anyone@example.com" }, { "X-Client-Address": "192.0.2.45" });
      expect(last!.status).toBe(429);
      expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await last!.json()).error).toMatch(/Too many attempts/);
    } finally {
      delete process.env.RATE_LIMIT_SCALE;
    }
  });

  it("goes back to the modal's code mode for a plain form post", async () => {
    await signUp("noscript");
    const response = (await requestCode(args(formRequest("/api/auth/code", { email: "noscript@example.com", redirectTo: "/events" })))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?method=code&redirectTo=%2Fevents");
    const code = await codeFromOutbox("noscript@example.com");
    const verified = (await verifyCode(args(formRequest("/api/auth/code/verify", { email: "noscript@example.com", code, redirectTo: "/events" })))) as Response;
    expect(verified.status).toBe(303);
    expect(verified.headers.get("Location")).toBe("/events");
    expect(cookiesOf(verified)).toContain("__session=");
  });
});

describe("a code proves the address", () => {
  it("on an account never verified, the registrant's password and sessions go and the owner is told", async () => {
    const response = (await register(
      args(jsonRequest("/api/auth/register", { username: "squatted", email: "squatted@example.com", password: "attacker1" })),
    )) as Response;
    const attackerCookie = cookiesOf(response);
    await post(requestCode, "/api/auth/code", { email: "squatted@example.com" });
    const code = await codeFromOutbox("squatted@example.com");
    const verified = await post(verifyCode, "/api/auth/code/verify", { email: "squatted@example.com", code });
    expect(verified.status).toBe(200);

    const user = await prisma.user.findUniqueOrThrow({ where: { email: "squatted@example.com" } });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.passwordHash).toBeNull();
    const old = (await sessionLoader(args(getRequest("/api/auth/session", { cookie: attackerCookie })))) as Response;
    expect((await old.json()).authenticated).toBe(false);
    const fresh = (await sessionLoader(args(getRequest("/api/auth/session", { cookie: cookiesOf(verified) })))) as Response;
    expect((await fresh.json()).authenticated).toBe(true);
    for (let i = 0; i < 50 && !mailsTo("squatted@example.com").some((m) => /yours alone/.test(m)); i += 1) await new Promise((r) => setTimeout(r, 40));
    expect(mailsTo("squatted@example.com").some((m) => /^Subject: Your account is now yours alone$/m.test(m))).toBe(true);
  });

  it("on a verified account, the password and other sessions stay", async () => {
    const response = (await register(args(jsonRequest("/api/auth/register", { username: "keeper", email: "keeper@example.com", password: "secret1" })))) as Response;
    const own = cookiesOf(response);
    await prisma.user.update({ where: { email: "keeper@example.com" }, data: { emailVerifiedAt: new Date() } });
    await post(requestCode, "/api/auth/code", { email: "keeper@example.com" });
    const verified = await post(verifyCode, "/api/auth/code/verify", { email: "keeper@example.com", code: await codeFromOutbox("keeper@example.com") });
    expect(verified.status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { email: "keeper@example.com" } })).passwordHash).not.toBeNull();
    const old = (await sessionLoader(args(getRequest("/api/auth/session", { cookie: own })))) as Response;
    expect((await old.json()).authenticated).toBe(true);
  });
});

describe("verifyLoginCode", () => {
  it("expires after 10 minutes", async () => {
    await signUp("latecomer");
    const start = new Date("2030-01-01T10:00:00Z");
    await (
      await requestLoginCode("latecomer@example.com", start)
    ).delivery;
    const row = await prisma.loginCode.findFirstOrThrow({ where: { email: "latecomer@example.com" }, orderBy: { id: "desc" } });
    // Put a known code in place of the random one.
    await prisma.loginCode.update({ where: { id: row.id }, data: { codeHash: hashLoginCode("latecomer@example.com", "123456") } });
    const late = new Date(start.getTime() + LOGIN_CODE_LIFETIME + 1000);
    await expect(verifyLoginCode("latecomer@example.com", "123456", late)).rejects.toThrow(/expired/);
    const inTime = new Date(start.getTime() + LOGIN_CODE_LIFETIME - 1000);
    await expect(verifyLoginCode("latecomer@example.com", "123456", inTime)).resolves.toMatchObject({ username: "latecomer" });
  });

  it("allows 5 tries, then the code is dead even when right", async () => {
    await signUp("guesser");
    await (
      await requestLoginCode("guesser@example.com")
    ).delivery;
    const row = await prisma.loginCode.findFirstOrThrow({ where: { email: "guesser@example.com" }, orderBy: { id: "desc" } });
    await prisma.loginCode.update({ where: { id: row.id }, data: { codeHash: hashLoginCode("guesser@example.com", "654321") } });
    for (let i = 0; i < LOGIN_CODE_TRIES; i += 1) {
      await expect(verifyLoginCode("guesser@example.com", "000000")).rejects.toThrow();
    }
    expect((await prisma.loginCode.findUniqueOrThrow({ where: { id: row.id } })).attempts).toBe(5);
    await expect(verifyLoginCode("guesser@example.com", "654321")).rejects.toThrow();
  });

  it("a new code replaces the previous one", async () => {
    await signUp("twice");
    await (
      await requestLoginCode("twice@example.com")
    ).delivery;
    const first = await prisma.loginCode.findFirstOrThrow({ where: { email: "twice@example.com" }, orderBy: { id: "desc" } });
    await prisma.loginCode.update({ where: { id: first.id }, data: { codeHash: hashLoginCode("twice@example.com", "111111") } });
    await (
      await requestLoginCode("twice@example.com")
    ).delivery;
    await expect(verifyLoginCode("twice@example.com", "111111")).rejects.toThrow();
  });
});
