import { afterEach, describe, expect, it } from "vitest";
import { RULES, hit, limitWrite, resetRateLimits, tooManyMessage, tooManyResponse } from "~/models/rate-limit.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

afterEach(async () => {
  await resetRateLimits();
  delete process.env.RATE_LIMIT_SCALE;
});

describe("rate limits", () => {
  it("allows up to the limit in a window, then says how long to wait", async () => {
    const now = 1_000_000;
    for (let i = 0; i < RULES.comment.limit; i++) expect((await hit("comment", "u1", now)).ok).toBe(true);
    const refused = await hit("comment", "u1", now + 15_000);
    expect(refused).toEqual({ ok: false, retryAfter: 45 });
    // Another key has its own window; a new window starts after the old one ends.
    expect((await hit("comment", "u2", now)).ok).toBe(true);
    expect((await hit("comment", "u1", now + RULES.comment.windowMs)).ok).toBe(true);
  });

  it("answers 429 with Retry-After and a readable message", async () => {
    for (let i = 0; i < RULES.flag.limit; i++) expect((await hit("flag", "user:7")).ok).toBe(true);
    const refused = await hit("flag", "user:7");
    if (refused.ok) throw new Error("expected a refusal");
    const response = tooManyResponse(refused.retryAfter);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect((await response.json()).error).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
  });

  it("refuses a script's write over the limit with a UserError 429, answered with Retry-After", async () => {
    const write = () => new Request("http://127.0.0.1:3000/api/comments", { method: "POST", headers: { "X-Client-Address": "203.0.113.9" } });
    for (let i = 0; i < RULES.comment.limit; i++) await limitWrite(write(), "comment");
    const thrown = await limitWrite(write(), "comment").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(UserError);
    expect((thrown as UserError).status).toBe(429);
    const answer = await answerUserErrors(() => limitWrite(write(), "comment")).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^Too many attempts\./), status: 429 });
  });

  it("scales every limit with RATE_LIMIT_SCALE", async () => {
    process.env.RATE_LIMIT_SCALE = "2";
    for (let i = 0; i < RULES.signUp.limit * 2; i++) expect((await hit("signUp", "ip", 0)).ok).toBe(true);
    expect((await hit("signUp", "ip", 0)).ok).toBe(false);
  });

  it("words short waits in seconds and long ones in minutes", () => {
    expect(tooManyMessage(30)).toBe("Too many attempts. Please try again in 30 seconds.");
    expect(tooManyMessage(61)).toBe("Too many attempts. Please try again in 2 minutes.");
    expect(tooManyMessage(60)).toBe("Too many attempts. Please try again in 1 minute.");
  });
});
