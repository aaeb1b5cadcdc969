// Rate limits and used two-factor steps hold across restarts and instances (issue 13): the
// counts live in the database, so a fresh module (a restarted process) and a second process
// on the same database see them. Writes count per client address always, and per account
// id: a new account's cookie does not start a fresh count, and a username and its email
// are one bucket.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { RULES, hit, resetRateLimits } from "~/models/rate-limit.server";
import { sealSecret, totpCode, generateTotpSecret } from "~/lib/server/totp.server";
import { resetUsedTotpSteps, verifySecondFactor } from "~/models/two-factor.server";
import { action as register } from "~/routes/api.auth.register";
import { action as login } from "~/routes/api.auth.login";
import { action as readAll } from "~/routes/api.notifications.read-all";
import { answer, args, cookiesOf, jsonRequest } from "../support/requests";
import { makeUser } from "../support/accounts";

const root = path.resolve(__dirname, "../..");

afterEach(async () => {
  await resetRateLimits();
  await resetUsedTotpSteps();
  delete process.env.RATE_LIMIT_SCALE;
});

/** Runs `exportName` of an app module in a second process on this test's database. */
async function inOtherProcess(moduleName: string, exportName: string, calls: unknown[][]): Promise<unknown[]> {
  const { stdout } = await promisify(execFile)(
    path.join(root, "node_modules", ".bin", "tsx"),
    [path.join(root, "tests", "support", "other-instance.ts"), moduleName, exportName, JSON.stringify(calls)],
    { cwd: root, env: process.env, timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as unknown[];
}

let counter = 0;
function registration(cookie = "", address = "198.51.100.7") {
  counter += 1;
  const username = `chain${counter}`;
  return jsonRequest(
    "/api/auth/register",
    { username, email: `${username}@example.com`, password: "correct-horse" },
    { cookie, headers: { "X-Client-Address": address } },
  );
}

describe("counts survive a restart and are shared between instances", () => {
  it("a restarted process (a fresh module) still refuses a member over the limit", async () => {
    process.env.RATE_LIMIT_SCALE = "0.05"; // 6 a minute
    const member = await makeUser();
    const readAllOnce = (action: typeof readAll) =>
      answer(action(args(jsonRequest("/api/notifications/read-all", {}, { cookie: member.cookie, headers: { "X-Client-Address": "192.0.2.31" } }))));
    const limit = Math.floor(RULES.read.limit * 0.05);
    for (let i = 0; i < limit; i++) expect((await readAllOnce(readAll)).status).toBe(204);

    vi.resetModules();
    const restarted = (await import("~/routes/api.notifications.read-all")).action;
    const refused = await readAllOnce(restarted);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("a second instance counts into the same window", async () => {
    const key = "user:4242";
    for (let i = 0; i < RULES.comment.limit - 1; i++) expect((await hit("comment", key)).ok).toBe(true);
    // The other process takes the last allowed hit and is refused the next one...
    const [last, over] = (await inOtherProcess("models/rate-limit.server.ts", "hit", [
      ["comment", key],
      ["comment", key],
    ])) as Array<{ ok: boolean }>;
    expect(last.ok).toBe(true);
    expect(over.ok).toBe(false);
    // ...and this one sees its hits.
    expect((await hit("comment", key)).ok).toBe(false);
  });
});

describe("per client address always, per account id too", () => {
  it("stops chained sign-ups from one address, each sent with the previous account's cookie", async () => {
    process.env.RATE_LIMIT_SCALE = "0.1"; // 2 sign-ups an hour per address
    const first = await answer(register(args(registration())));
    expect(first.status).toBe(201);
    const second = await answer(register(args(registration(cookiesOf(first)))));
    expect(second.status).toBe(201);
    const third = await answer(register(args(registration(cookiesOf(second)))));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await third.json()).error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Another address is not affected.
    const elsewhere = await answer(register(args(registration(cookiesOf(second), "198.51.100.8"))));
    expect(elsewhere.status).toBe(201);
  });

  it("counts password guesses per typed name, in any case, whether or not an account has it", async () => {
    process.env.RATE_LIMIT_SCALE = "0.3"; // 3 password attempts per typed name (9 per address)
    const created = await answer(register(args(registration("", "198.51.100.9"))));
    const { username } = (await created.json()).user as { username: string };
    const attempt = (entry: string, address: string, password = "wrong-password") =>
      answer(login(args(jsonRequest("/api/auth/login", { email: entry, password }, { headers: { "X-Client-Address": address } }))));

    for (const entry of [username, username.toUpperCase(), ` ${username} `]) expect((await attempt(entry, "203.0.113.60")).status).toBe(401);
    const refused = await attempt(username, "203.0.113.61");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A new device gets no further with the right password.
    expect((await attempt(username, "203.0.113.62", "correct-horse")).status).toBe(429);

    // A name no account has is counted and answered the same: the lock tells nothing.
    for (let i = 0; i < 3; i++) expect((await attempt("nobody-here", "203.0.113.63")).status).toBe(401);
    const unknown = await attempt("nobody-here", "203.0.113.64");
    expect([unknown.status, await unknown.json()]).toEqual([refused.status, await refused.clone().json()]);
  });

  it("never stores a typed name in clear", async () => {
    process.env.RATE_LIMIT_SCALE = "0.3";
    await answer(
      login(args(jsonRequest("/api/auth/login", { email: "Secret-Name@example.com", password: "wrong-password" }, { headers: { "X-Client-Address": "203.0.113.70" } }))),
    );
    const keys = (await prisma.rateLimit.findMany({ select: { key: true } })).map((row) => row.key.toLowerCase());
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes("secret-name"))).toBe(false);
  });
});

describe("used two-factor steps", () => {
  async function withTwoFactor() {
    const member = await makeUser();
    const secret = generateTotpSecret();
    await prisma.user.update({ where: { id: member.id }, data: { totpSecret: sealSecret(secret), totpEnabledAt: new Date() } });
    return { id: member.id, secret };
  }

  it("a code is not accepted again after a restart", async () => {
    const { id, secret } = await withTwoFactor();
    const now = Date.now();
    const code = totpCode(secret, now);
    await expect(verifySecondFactor(id, code, now)).resolves.toEqual({ method: "totp" });

    vi.resetModules();
    const restarted = await import("~/models/two-factor.server");
    await expect(restarted.verifySecondFactor(id, code, now)).rejects.toThrow(restarted.TWO_FACTOR_MESSAGES.invalidCode);
  });

  it("a code used on one instance is refused on another", async () => {
    const { id, secret } = await withTwoFactor();
    const now = Date.now();
    const code = totpCode(secret, now);
    await expect(verifySecondFactor(id, code, now)).resolves.toEqual({ method: "totp" });
    const [replayed] = (await inOtherProcess("models/two-factor.server.ts", "verifySecondFactor", [[id, code, now]])) as Array<{ error?: string }>;
    expect(replayed.error).toMatch(/That code is not right/);
  });
});
