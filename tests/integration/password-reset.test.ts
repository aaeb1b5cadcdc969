import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { MESSAGES } from "~/lib/schemas/auth-schemas";
import { resetRateLimits } from "~/models/rate-limit.server";
import { createResetToken, findUsableResetToken, hashResetToken, RESET_TOKEN_LIFETIME } from "~/models/password-reset.server";
import { action as requestReset } from "~/routes/api.auth.reset-password";
import { action as confirmReset } from "~/routes/api.auth.reset-password.confirm";
import { loader as resetPage } from "~/routes/reset-password";
import { isSignedIn, logIn, signUp } from "../support/accounts";
import { args, call, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";
import { waitForMails } from "../support/mail";

const outbox = mkdtempSync(path.join(os.tmpdir(), "reset-outbox-"));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;

afterAll(() => rmSync(outbox, { recursive: true, force: true }));

beforeEach(async () => {
  await resetRateLimits();
  // A sign-up's verification email may still be on its way (a .part file renamed meanwhile).
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file), { force: true });
});

/** Waits for the background delivery and returns the outbox's messages. */
async function outboxMessages(expected: number): Promise<string[]> {
  // Sign-ups also mail a verification link: only the reset emails count here.
  return waitForMails(outbox, { subject: "Reset your password" }, expected);
}

/** The reset link of a raw message (the text part may be quoted-printable). */
function resetLinkOf(eml: string): string {
  const decoded = eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = decoded.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no reset link in:\n${eml}`);
  return match[0];
}

const neutral = { success: true, message: "If an account matches, we've sent a reset link to its email." };

describe("POST /api/auth/reset-password", () => {
  it("answers the same for an unknown account and sends nothing", async () => {
    const response = await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "nobody@example.com" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(neutral);
    const byName = await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "nobody" }));
    expect(await byName.json()).toEqual(neutral);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(outbox)).toEqual([]);
    expect(await prisma.passwordResetToken.count()).toBe(0);
  });

  it("mails a link to the account named by username in any case, storing only the token's hash", async () => {
    const { user } = await signUp("resetter");
    const response = await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "ReSeTtEr" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(neutral);

    const [eml] = await outboxMessages(1);
    expect(eml).toMatch(/^To: resetter@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    const link = new URL(resetLinkOf(eml));
    expect(link.origin).toBe("http://127.0.0.1:3000");
    const token = link.searchParams.get("token")!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const rows = await prisma.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(rows[0].tokenHash).not.toContain(token);
    const lifetime = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(lifetime).toBe(60 * 60 * 1000);
  });

  it("requires an entry and limits repeated requests per client with 429 and Retry-After", async () => {
    const empty = await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "  " }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Please enter your email or username", status: 400 });

    process.env.RATE_LIMIT_SCALE = "0.1"; // 3 per client
    try {
      let last: Response | null = null;
      for (let i = 0; i < 8 && last?.status !== 429; i += 1) {
        last = await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "someone@example.com" }, { headers: { "X-Client-Address": "192.0.2.44" } }));
      }
      expect(last?.status).toBe(429);
      expect(Number(last?.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(typeof (await last!.json()).error).toBe("string");
    } finally {
      delete process.env.RATE_LIMIT_SCALE;
    }
  });

  it("sends at most 5 reset emails an hour per account (username and email together), answering the same", async () => {
    await signUp("limited");
    for (let i = 0; i < 7; i += 1) {
      const entry = i % 2 === 0 ? "limited@example.com" : "Limited";
      const response = await call(requestReset, jsonRequest("/api/auth/reset-password", { email: entry }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, message: MESSAGES.resetSent });
    }
    expect(await outboxMessages(5)).toHaveLength(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxMessages(5)).toHaveLength(5);
  });

  it("refuses a foreign origin", async () => {
    const response = await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "x" }, { headers: { Origin: "http://evil.example" } }));
    expect(response.status).toBe(403);
  });

  it("answers a plain form post by going back to the page with the modal in reset mode", async () => {
    const sent = await call(requestReset, formRequest("/api/auth/reset-password", { email: "whoever", redirectTo: "/events" }));
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/reset-password?redirectTo=%2Fevents&resetStatus=sent");
    const missing = await call(requestReset, formRequest("/api/auth/reset-password", { email: "", redirectTo: "/events" }));
    expect(missing.headers.get("Location")).toBe("/reset-password?redirectTo=%2Fevents&resetStatus=missing");
  });
});

describe("POST /api/auth/reset-password/confirm", () => {
  it("sets the password once, ends the other sessions and signs in", async () => {
    const { cookie: oldCookie, user } = await signUp("forgetful", { password: "oldpass1" });
    await call(requestReset, jsonRequest("/api/auth/reset-password", { email: "forgetful@example.com" }));
    const token = new URL(resetLinkOf((await outboxMessages(1))[0])).searchParams.get("token")!;

    const page = (await resetPage(args(getRequest(`/reset-password?token=${token}`)))) as Response;
    expect(await page.json()).toEqual({ request: false, valid: true, error: null });

    const response = await call(confirmReset, jsonRequest("/api/auth/reset-password/confirm", { token, password: "newpass1", confirmPassword: "newpass1" }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, user: { id: user.id, username: "forgetful" } });
    expect(await isSignedIn(cookiesOf(response))).toBe(true);
    expect(await isSignedIn(oldCookie)).toBe(false);

    expect((await logIn("forgetful", "oldpass1")).status).toBe(401);
    expect((await logIn("forgetful", "newpass1")).status).toBe(200);

    // Single use.
    const again = await call(confirmReset, jsonRequest("/api/auth/reset-password/confirm", { token, password: "another1" }));
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("This reset link is invalid, has expired or was already used. Please request a new one.");
    const usedPage = (await resetPage(args(getRequest(`/reset-password?token=${token}`)))) as Response;
    expect((await usedPage.json()).valid).toBe(false);
  });

  it("refuses an expired token and an unknown one", async () => {
    const { user } = await signUp("latecomer");
    const longAgo = new Date(Date.now() - RESET_TOKEN_LIFETIME - 1000);
    const expired = await createResetToken(user.id, longAgo);
    expect(await findUsableResetToken(expired)).toBeNull();
    const fresh = await createResetToken(user.id, new Date(Date.now() - RESET_TOKEN_LIFETIME + 60_000));
    expect(await findUsableResetToken(fresh)).not.toBeNull();
    expect(hashResetToken(fresh)).toHaveLength(64);

    for (const token of [expired, "not-a-token"]) {
      const response = await call(confirmReset, jsonRequest("/api/auth/reset-password/confirm", { token, password: "newpass1" }));
      expect(response.status).toBe(400);
    }
    expect((await logIn("latecomer", "secret1")).status).toBe(200);
  });

  it("checks the new password with the sign-up rules", async () => {
    const { user } = await signUp("picky");
    const token = await createResetToken(user.id);
    const short = await call(confirmReset, jsonRequest("/api/auth/reset-password/confirm", { token, password: "123" }));
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 6 characters");
    const mismatch = await call(confirmReset, jsonRequest("/api/auth/reset-password/confirm", { token, password: "secret9", confirmPassword: "secret8" }));
    expect((await mismatch.json()).error).toBe("Passwords do not match");
    // The failed attempts did not use the token up.
    expect(await findUsableResetToken(token)).not.toBeNull();
  });

  it("answers the reset page's plain form post with a redirect", async () => {
    const { user } = await signUp("nojs");
    const token = await createResetToken(user.id);
    const wrong = await call(confirmReset, formRequest("/api/auth/reset-password/confirm", { token, password: "secret9", confirmPassword: "secret8", redirectTo: "/" }));
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("Location")).toBe(`/reset-password?token=${token}&error=mismatch`);
    const page = (await resetPage(args(getRequest(`/reset-password?token=${token}&error=mismatch`)))) as Response;
    expect(await page.json()).toEqual({ request: false, valid: true, error: "Passwords do not match" });

    // Each refusal comes back as its code, and the page shows that code's words.
    const refusals: Array<[Record<string, string>, string, string]> = [
      [{ password: "123", confirmPassword: "123" }, "short", "Password must be at least 6 characters"],
      [{ password: "x".repeat(201), confirmPassword: "x".repeat(201) }, "long", "Password must be at most 200 characters"],
      [{ password: "", confirmPassword: "" }, "missing", "Please enter and confirm your new password"],
    ];
    for (const [fields, code, words] of refusals) {
      const refused = await call(confirmReset, formRequest("/api/auth/reset-password/confirm", { token, ...fields, redirectTo: "/" }));
      expect(refused.headers.get("Location")).toBe(`/reset-password?token=${token}&error=${code}`);
      const shown = (await resetPage(args(getRequest(`/reset-password?token=${token}&error=${code}`)))) as Response;
      expect((await shown.json()).error).toBe(words);
    }
    const unknown = await call(
      confirmReset,
      formRequest("/api/auth/reset-password/confirm", { token: "not-a-token", password: "secret9", confirmPassword: "secret9", redirectTo: "/" }),
    );
    expect(unknown.headers.get("Location")).toBe("/reset-password?token=not-a-token&error=invalid");

    const ok = await call(confirmReset, formRequest("/api/auth/reset-password/confirm", { token, password: "secret9", confirmPassword: "secret9", redirectTo: "/" }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/");
    expect(await isSignedIn(cookiesOf(ok))).toBe(true);
  });
});
