// What an operator reads of the app: readiness (the database answers) and the job queue by
// kind and state, with the age of the oldest job of each (app/models/health.server.ts).
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { jobQueue, readiness } from "~/models/health.server";

describe("readiness", () => {
  it("holds when the database answers; SQLite has no listener to wait for", async () => {
    expect(await readiness()).toEqual({ database: true, liveEvents: true });
  });
});

describe("the job queue", () => {
  it("counts the jobs not yet done by kind and state, with the oldest one's age; done jobs are left out", async () => {
    const now = Date.now();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    await prisma.job.createMany({
      data: [
        { kind: "post-media", state: "queued", runAfter: BigInt(now), createdAt: at(90) },
        { kind: "post-media", state: "queued", runAfter: BigInt(now), createdAt: at(30) },
        { kind: "post-media", state: "running", runAfter: BigInt(now), createdAt: at(10) },
        { kind: "video", state: "failed", runAfter: BigInt(now), createdAt: at(600) },
        { kind: "video", state: "done", runAfter: BigInt(now), createdAt: at(5000) },
      ],
    });
    const rows = await jobQueue(now);
    const sorted = [...rows].sort((a, b) => `${a.kind}${a.state}`.localeCompare(`${b.kind}${b.state}`));
    expect(sorted).toEqual([
      { kind: "post-media", state: "queued", count: 2, oldestSeconds: 90 },
      { kind: "post-media", state: "running", count: 1, oldestSeconds: 10 },
      { kind: "video", state: "failed", count: 1, oldestSeconds: 600 },
    ]);
  });
});
