// The job queue: atomic claims (two claimers never get the same job), locks that expire
// and are taken again, retries with a growing backoff, a bounded number of attempts ending
// in `failed` with the error, permanent failures, and a worker process killed with SIGKILL
// in the middle of a job (its job runs again elsewhere).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { registerJobHandler, runDueJobs, executeJob, startJobWorker } from "~/models/job-worker.server";
import {
  backoffMs,
  claimJob,
  completeJob,
  enqueueJob,
  extendJobLock,
  failExhaustedJobs,
  failJob,
  getJob,
  JOB_BASE_BACKOFF_MS,
  JobDeferral,
  releaseJob,
} from "~/models/job.server";

const T0 = Date.now();
let kindCounter = 0;
/** A job kind of its own for each test, so tests never claim each other's jobs. */
const freshKind = () => `test.kind${++kindCounter}`;

const tmp = mkdtempSync(path.join(os.tmpdir(), "job-queue-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("claiming", () => {
  it("gives concurrent claimers different jobs, oldest first, and nothing when none is due", async () => {
    const kind = freshKind();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await enqueueJob(kind, { n: i }, { now: T0 + i }));
    const claims = await Promise.all(["a", "b", "c", "d", "e", "f"].map((worker) => claimJob(worker, { kinds: [kind], now: T0 + 10 })));
    const claimed = claims.filter((job) => job !== null);
    expect(claimed.map((job) => job.id).sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(claimed.map((job) => job.lockedBy)).size).toBe(4);
    expect(claims.filter((job) => job === null)).toHaveLength(2);
    for (const job of claimed) {
      expect(job).toMatchObject({ kind, attempts: 1 });
      expect((await getJob(job.id))?.state).toBe("running");
    }
  });

  it("does not hand out a job before its runAfter", async () => {
    const kind = freshKind();
    const id = await enqueueJob(kind, {}, { now: T0, delayMs: 5000 });
    expect(await claimJob("a", { kinds: [kind], now: T0 + 4999 })).toBeNull();
    expect((await claimJob("a", { kinds: [kind], now: T0 + 5000 }))?.id).toBe(id);
  });

  it("takes a job again once its lock has expired, and the old holder can no longer finish it", async () => {
    const kind = freshKind();
    const id = await enqueueJob(kind, { x: 1 }, { now: T0 });
    const first = (await claimJob("first", { kinds: [kind], now: T0, lockMs: 1000 }))!;
    expect(await claimJob("second", { kinds: [kind], now: T0 + 999, lockMs: 1000 })).toBeNull();
    const second = (await claimJob("second", { kinds: [kind], now: T0 + 1000, lockMs: 1000 }))!;
    expect(second).toMatchObject({ id, attempts: 2, payload: { x: 1 }, lockedBy: "second" });
    expect(await completeJob(first)).toBe(false);
    expect(await extendJobLock(first)).toBe(false);
    expect(await completeJob(second)).toBe(true);
    expect(await getJob(id)).toMatchObject({ state: "done", lockedBy: null, lockedUntil: null });
  });

  it("renews a lock while the holder works", async () => {
    const kind = freshKind();
    await enqueueJob(kind, {}, { now: T0 });
    const job = (await claimJob("w", { kinds: [kind], now: T0, lockMs: 1000 }))!;
    expect(await extendJobLock(job, { now: T0 + 900, lockMs: 1000 })).toBe(true);
    expect(await claimJob("other", { kinds: [kind], now: T0 + 1500 })).toBeNull();
    expect((await claimJob("other", { kinds: [kind], now: T0 + 1900 }))?.id).toBe(job.id);
  });
});

describe("failures", () => {
  it("retries with a doubling backoff, then stays failed with the last error", async () => {
    const kind = freshKind();
    const id = await enqueueJob(kind, {}, { now: T0, maxAttempts: 3 });
    let now = T0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const job = (await claimJob("w", { kinds: [kind], now }))!;
      expect(job.attempts).toBe(attempt);
      const outcome = await failJob(job, new Error(`boom ${attempt}`), { now });
      if (attempt < 3) {
        expect(outcome).toBe("retry");
        const view = (await getJob(id))!;
        expect(view).toMatchObject({ state: "queued", lastError: `boom ${attempt}` });
        expect(view.runAfter).toBe(now + backoffMs(attempt));
        // Not before the backoff has passed.
        expect(await claimJob("w", { kinds: [kind], now: now + backoffMs(attempt) - 1 })).toBeNull();
        now += backoffMs(attempt);
      } else {
        expect(outcome).toBe("failed");
      }
    }
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    expect(backoffMs(1)).toBe(JOB_BASE_BACKOFF_MS);
    expect(await getJob(id)).toMatchObject({ state: "failed", attempts: 3, lastError: "boom 3" });
    expect(await claimJob("w", { kinds: [kind], now: now + 3600_000 })).toBeNull();
  });

  it("fails at once on a permanent error", async () => {
    const kind = freshKind();
    const id = await enqueueJob(kind, {}, { now: T0 });
    const job = (await claimJob("w", { kinds: [kind], now: T0 }))!;
    expect(await failJob(job, new Error("bad file"), { permanent: true, now: T0 })).toBe("failed");
    expect(await getJob(id)).toMatchObject({ state: "failed", attempts: 1, lastError: "bad file" });
  });

  it("ends a job whose worker died on its last attempt, and tells its handler", async () => {
    const kind = freshKind();
    const told: unknown[] = [];
    registerJobHandler(kind, { run: async () => undefined, failed: async (payload) => void told.push(payload) });
    const id = await enqueueJob(kind, { who: "me" }, { now: T0, maxAttempts: 1 });
    await claimJob("dead", { kinds: [kind], now: T0, lockMs: 10 });
    // Its lock expired, but no attempt is left: nobody may claim it.
    expect(await claimJob("w", { kinds: [kind], now: Date.now() + 1000 })).toBeNull();
    const ended = await failExhaustedJobs({ now: Date.now() + 1000 });
    expect(ended.map((job) => job.id)).toContain(id);
    expect((await getJob(id))?.state).toBe("failed");
    expect((await getJob(id))?.lastError).toMatch(/interrupted 1 times/);
  });

  it("runs a handler through executeJob: done on success; on failure the handler hears of it once, after the last attempt", async () => {
    const kind = freshKind();
    const failures: string[] = [];
    let runs = 0;
    registerJobHandler(kind, {
      run: async () => {
        runs += 1;
        throw new Error("always");
      },
      failed: async (_payload, error) => void failures.push((error as Error).message),
    });
    const id = await enqueueJob(kind, {}, { maxAttempts: 2 });
    const first = (await claimJob("w", { kinds: [kind] }))!;
    expect(await executeJob(first)).toBe("retry");
    expect(failures).toEqual([]);
    const second = (await claimJob("w", { kinds: [kind], now: Date.now() + backoffMs(1) }))!;
    expect(await executeJob(second)).toBe("failed");
    expect(runs).toBe(2);
    expect(failures).toEqual(["always"]);
    expect(await getJob(id)).toMatchObject({ state: "failed", lastError: "always" });

    const okKind = freshKind();
    registerJobHandler(okKind, { run: async () => undefined });
    const okId = await enqueueJob(okKind, {});
    expect(await runDueJobs({ kinds: [okKind] })).toBe(1);
    expect((await getJob(okId))?.state).toBe("done");
  });

  it("stops a job past its time limit: its signal is aborted, the attempt counts as failed, and the next job runs", async () => {
    const kind = freshKind();
    let aborted = false;
    registerJobHandler(kind, {
      timeLimitMs: 200,
      // Work that would never end by itself; it stops when told to.
      run: (_payload, _job, signal) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            reject(new Error("stopped"));
          }),
        ),
    });
    const stuckId = await enqueueJob(kind, {}, { maxAttempts: 2 });
    const stuck = (await claimJob("w", { kinds: [kind] }))!;
    expect(await executeJob(stuck)).toBe("retry");
    expect(aborted).toBe(true);
    expect(await getJob(stuckId)).toMatchObject({ state: "queued", lastError: `${kind} ran longer than 0.2 s and was stopped` });

    const nextKind = freshKind();
    registerJobHandler(nextKind, { run: async () => undefined });
    const nextId = await enqueueJob(nextKind, {});
    expect(await runDueJobs({ kinds: [nextKind] })).toBe(1);
    expect((await getJob(nextId))?.state).toBe("done");
  });

  it("hands a running job back when its worker stops before it finishes", async () => {
    const kind = freshKind();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    registerJobHandler(kind, { run: () => (started(), new Promise(() => undefined)) });
    const id = await enqueueJob(kind, {});
    const worker = startJobWorker({ kinds: [kind], pollMs: 20, log: () => undefined });
    await running;
    await worker.stop(50);
    expect(await getJob(id)).toMatchObject({ state: "queued", attempts: 0, lockedBy: null });
    const job = (await claimJob("w", { kinds: [kind] }))!;
    expect(job.id).toBe(id);
    expect(await releaseJob(job)).toBe(true);
  });
});

describe("lanes", () => {
  it("a claim for one lane takes only that lane's jobs", async () => {
    const kind = freshKind();
    const video = await enqueueJob(kind, { v: 1 }, { now: T0, lane: "video" });
    const photo = await enqueueJob(kind, { p: 1 }, { now: T0 + 1 });
    expect((await getJob(video))?.lane).toBe("video");
    expect((await getJob(photo))?.lane).toBe("media");
    expect((await claimJob("m", { kinds: [kind], lanes: ["media"], now: T0 + 10 }))?.id).toBe(photo);
    expect(await claimJob("m", { kinds: [kind], lanes: ["media"], now: T0 + 10 })).toBeNull();
    expect((await claimJob("v", { kinds: [kind], lanes: ["video"], now: T0 + 10 }))?.id).toBe(video);
  });

  it("runs a photo while an older video job still holds the video lane, with one job at a time per lane", async () => {
    const kind = freshKind();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    registerJobHandler(kind, {
      run: async (payload) => {
        const { name } = payload as { name: string };
        order.push(`start ${name}`);
        if (name === "video") await gate;
        order.push(`end ${name}`);
      },
    });
    const video = await enqueueJob(kind, { name: "video" }, { lane: "video", now: Date.now() - 1000 });
    const photo = await enqueueJob(kind, { name: "photo" }, { lane: "media" });
    const worker = startJobWorker({ kinds: [kind], concurrency: 1, pollMs: 20, log: () => undefined });
    try {
      for (let i = 0; i < 400 && !order.includes("start video"); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      for (let i = 0; i < 400 && (await getJob(photo))?.state !== "done"; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      // The photo is done while the video is still being worked on.
      expect((await getJob(photo))?.state).toBe("done");
      expect((await getJob(video))?.state).toBe("running");
      expect(order.filter((step) => step.startsWith("end"))).toEqual(["end photo"]);
      expect(order).toContain("start video");
      release();
      for (let i = 0; i < 400 && (await getJob(video))?.state !== "done"; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await getJob(video))?.state).toBe("done");
    } finally {
      release();
      await worker.stop(1000);
    }
  });
});

describe("a job that must wait", () => {
  it("goes back to the queue until the time it names, the run not counted, with its reason", async () => {
    const kind = freshKind();
    const until = Date.now() + 600_000;
    let runs = 0;
    registerJobHandler(kind, {
      run: async () => {
        runs += 1;
        if (runs === 1) throw new JobDeferral(until, "waiting for the budget");
      },
    });
    const id = await enqueueJob(kind, {}, { lane: "video", maxAttempts: 1 });
    const job = (await claimJob("w", { kinds: [kind] }))!;
    expect(await executeJob(job)).toBe("deferred");
    expect(await getJob(id)).toMatchObject({ state: "queued", attempts: 0, runAfter: until, lockedBy: null, lastError: "waiting for the budget" });
    expect(await claimJob("w", { kinds: [kind], now: until - 1 })).toBeNull();
    // Its one attempt is still there when the time comes.
    const again = (await claimJob("w", { kinds: [kind], now: until }))!;
    expect(again).toMatchObject({ id, attempts: 1 });
    expect(await executeJob(again)).toBe("done");
  });
});

describe("a worker process killed mid-job", () => {
  it("leaves the job to be retried once its lock expires", { timeout: 60_000 }, async () => {
    const marker = path.join(tmp, "started");
    const id = await enqueueJob("test.block", { marker });
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve(__dirname, "../support/job-child.ts")], {
      cwd: path.resolve(__dirname, "../.."),
      env: { ...process.env, LOCK_MS: "4000" },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const deadline = Date.now() + 40_000;
      while (!existsSync(marker) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(existsSync(marker)).toBe(true);
      const running = (await getJob(id))!;
      expect(running.state).toBe("running");
      expect(running.lockedBy).toMatch(/^child@/);
      child.kill("SIGKILL");
      await exited;
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    // While the dead worker's lock lasts nobody takes the job; then it runs again here.
    expect(await claimJob("here", { kinds: ["test.block"] })).toBeNull();
    registerJobHandler("test.block", { run: async () => undefined });
    const deadline = Date.now() + 10_000;
    let ran = 0;
    while (ran === 0 && Date.now() < deadline) {
      ran = await runDueJobs({ kinds: ["test.block"] });
      if (ran === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ran).toBe(1);
    expect(await getJob(id)).toMatchObject({ state: "done", attempts: 2 });
    await prisma.job.deleteMany({ where: { kind: "test.block" } });
  });
});
