import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { hit, resetRateLimits } from "~/models/rate-limit.server";

afterEach(() => resetRateLimits());

describe("ended windows", () => {
  it("are deleted as requests come in, a bounded batch at a time", async () => {
    const start = 5_000_000_000;
    for (let i = 0; i < 30; i++) await hit("comment", `user:${i}`, start);
    expect(await prisma.rateLimit.count()).toBe(30);
    // A minute later every one of those windows has ended; the next hit sweeps them.
    await hit("comment", "user:999", start + 60_000 + 10_000);
    expect(await prisma.rateLimit.count()).toBe(1);
  });
});
