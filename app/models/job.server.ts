// The durable job queue (the `jobs` table). A job is queued, then claimed by one worker with
// a single atomic statement that takes a lock for a while (lockedBy, lockedUntil); the
// worker renews the lock while it works and marks the job done, or failed. A failure is
// retried after a growing pause until maxAttempts runs out; then the job stays `failed`
// with its last error. A lock that expires (its worker was killed) is claimed again, so
// an interrupted job runs once more; one interrupted too often ends `failed`.
//
// The claim is one statement on both databases:
//   SQLite      UPDATE … WHERE id = (SELECT id … LIMIT 1) RETURNING …   (writers are serialised)
//   PostgreSQL  the same, with FOR UPDATE SKIP LOCKED in the sub-query, so concurrent
//               claimers skip each other's rows instead of waiting or taking the same job.
//
// Every job runs in a lane: "video" for transcodes, "push" for push notifications, "export"
// for members' data downloads (minutes of reading and zipping), "media" for photos and
// everything else. A worker claims for each lane on its own, so a photo never waits behind a
// video or a download, nor a push behind any of them.
import { randomUUID } from "node:crypto";
import os from "node:os";
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";

export type JobState = "queued" | "running" | "done" | "failed";

/** The lanes, each with its own workers: videos take minutes, photos seconds. */
export const JOB_LANES = ["media", "video", "push", "export"] as const;
export type JobLane = (typeof JOB_LANES)[number];

/** How long a claim holds a job before another worker may take it again. */
export const JOB_LOCK_MS = 60_000;
/** Attempts before a failing job stays failed. */
export const JOB_MAX_ATTEMPTS = 5;
/** The pause before the first retry; each further retry waits twice as long, up to JOB_MAX_BACKOFF_MS. */
export const JOB_BASE_BACKOFF_MS = 5_000;
export const JOB_MAX_BACKOFF_MS = 10 * 60_000;
/** Finished jobs are deleted after this long. */
export const JOB_KEEP_DONE_MS = 7 * 24 * 3600_000;
/** The stored error is cut to this length. */
const MAX_ERROR_LENGTH = 2000;

/** A job as a worker holds it. */
export type ClaimedJob = {
  id: number;
  kind: string;
  payload: unknown;
  /** This run included (1 for the first run). */
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
};

/** Something the database client can run statements on: the client itself or a transaction. */
type Db = Pick<typeof prisma, "job" | "$queryRaw" | "$executeRaw">;

/** A name for this process's workers: host, pid and a random part. */
export function workerName(label = "worker"): string {
  return `${label}@${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** The pause before run number `attempts + 1`, after `attempts` failed runs. */
export function backoffMs(attempts: number): number {
  return Math.min(JOB_MAX_BACKOFF_MS, JOB_BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export type EnqueueOptions = { delayMs?: number; maxAttempts?: number; now?: number; db?: Db; lane?: JobLane };

/** Queues a job; inside a transaction when `db` is one (the job exists only if it commits). */
export async function enqueueJob(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
  const db = options.db ?? prisma;
  const now = options.now ?? Date.now();
  const job = await db.job.create({
    data: {
      kind,
      lane: options.lane ?? "media",
      payload: JSON.stringify(payload ?? {}),
      maxAttempts: options.maxAttempts ?? JOB_MAX_ATTEMPTS,
      runAfter: BigInt(now + (options.delayMs ?? 0)),
    },
    select: { id: true },
  });
  return job.id;
}

type ClaimRow = { id: number | bigint; kind: string; payload: string; attempts: number | bigint; maxAttempts: number | bigint };

/**
 * Claims the next job that is due (queued and past runAfter, or running with an expired
 * lock) for `worker`, holding it for `lockMs`. Null when none is due. Jobs whose lock expired
 * after their last allowed attempt are not claimed: failExhaustedJobs ends them.
 */
export async function claimJob(
  worker: string,
  options: { lockMs?: number; now?: number; kinds?: string[]; lanes?: readonly JobLane[] } = {},
): Promise<ClaimedJob | null> {
  const now = options.now ?? Date.now();
  const until = now + (options.lockMs ?? JOB_LOCK_MS);
  const postgres = databaseProvider === "postgresql";
  const kinds = options.kinds && options.kinds.length > 0 ? Prisma.sql`AND "kind" IN (${Prisma.join(options.kinds)})` : Prisma.empty;
  const lanes = options.lanes && options.lanes.length > 0 ? Prisma.sql`AND "lane" IN (${Prisma.join([...options.lanes])})` : Prisma.empty;
  const at = BigInt(now);
  const updatedAt = postgres ? Prisma.sql`CURRENT_TIMESTAMP` : Prisma.sql`${new Date(now).toISOString().replace("Z", "+00:00")}`;
  // The job due longest: queued past its runAfter, or running past its lockedUntil. On
  // PostgreSQL the row is locked and rows other claimers hold are skipped.
  const rows = await prisma.$queryRaw<ClaimRow[]>`
    UPDATE "jobs"
    SET "state" = 'running', "attempts" = "attempts" + 1, "lockedBy" = ${worker}, "lockedUntil" = ${BigInt(until)}, "updatedAt" = ${updatedAt}
    WHERE "id" = (
      SELECT "id" FROM "jobs"
      WHERE (("state" = 'queued' AND "runAfter" <= ${at})
          OR ("state" = 'running' AND "lockedUntil" <= ${at} AND "attempts" < "maxAttempts")) ${kinds} ${lanes}
      ORDER BY CASE WHEN "state" = 'queued' THEN "runAfter" ELSE "lockedUntil" END, "id"
      LIMIT 1
      ${postgres ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty}
    )
    RETURNING "id", "kind", "payload", "attempts", "maxAttempts"`;
  const row = rows[0];
  if (!row) return null;
  let payload: unknown = null;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = null;
  }
  return {
    id: Number(row.id),
    kind: row.kind,
    payload,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.maxAttempts),
    lockedBy: worker,
  };
}

/** Renews the lock of a job this worker still holds; false when it holds it no more. */
export async function extendJobLock(job: Pick<ClaimedJob, "id" | "lockedBy">, options: { lockMs?: number; now?: number } = {}): Promise<boolean> {
  const now = options.now ?? Date.now();
  const result = await prisma.job.updateMany({
    where: { id: job.id, state: "running", lockedBy: job.lockedBy },
    data: { lockedUntil: BigInt(now + (options.lockMs ?? JOB_LOCK_MS)) },
  });
  return result.count === 1;
}

/** Marks a held job done. False when the lock was lost meanwhile (another worker has it). */
export async function completeJob(job: Pick<ClaimedJob, "id" | "lockedBy">, db: Db = prisma): Promise<boolean> {
  const result = await db.job.updateMany({
    where: { id: job.id, state: "running", lockedBy: job.lockedBy },
    data: { state: "done", lockedBy: null, lockedUntil: null, lastError: null },
  });
  return result.count === 1;
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text || "Unknown error").slice(0, MAX_ERROR_LENGTH);
}

export type FailOutcome = "retry" | "failed" | "lost";

/**
 * Records a failed run of a held job: queued again after a backoff while attempts remain
 * (and the error is not `permanent`), else failed for good. "lost" when the lock was lost.
 */
export async function failJob(
  job: Pick<ClaimedJob, "id" | "lockedBy" | "attempts" | "maxAttempts">,
  error: unknown,
  options: { permanent?: boolean; now?: number; db?: Db } = {},
): Promise<FailOutcome> {
  const db = options.db ?? prisma;
  const now = options.now ?? Date.now();
  const retry = !options.permanent && job.attempts < job.maxAttempts;
  const result = await db.job.updateMany({
    where: { id: job.id, state: "running", lockedBy: job.lockedBy },
    data: retry
      ? { state: "queued", runAfter: BigInt(now + backoffMs(job.attempts)), lockedBy: null, lockedUntil: null, lastError: errorText(error) }
      : { state: "failed", lockedBy: null, lockedUntil: null, lastError: errorText(error) },
  });
  if (result.count !== 1) return "lost";
  return retry ? "retry" : "failed";
}

/**
 * Thrown by a job that cannot run yet (its owner's budget is spent): it goes back to the
 * queue until `until` (ms since 1970) without counting the run, `message` as its lastError.
 */
export class JobDeferral extends Error {
  constructor(
    readonly until: number,
    message: string,
  ) {
    super(message);
  }
}

/** Puts a held job back in the queue until `until`, the run not counted. False when the lock was lost. */
export async function deferJob(job: Pick<ClaimedJob, "id" | "lockedBy">, until: number, reason: string): Promise<boolean> {
  const result = await prisma.job.updateMany({
    where: { id: job.id, state: "running", lockedBy: job.lockedBy },
    data: { state: "queued", attempts: { decrement: 1 }, runAfter: BigInt(Math.round(until)), lockedBy: null, lockedUntil: null, lastError: errorText(reason) },
  });
  return result.count === 1;
}

/**
 * Gives a held job back without counting the run (a worker stopping): queued and due now.
 */
export async function releaseJob(job: Pick<ClaimedJob, "id" | "lockedBy">): Promise<boolean> {
  const result = await prisma.job.updateMany({
    where: { id: job.id, state: "running", lockedBy: job.lockedBy },
    data: { state: "queued", attempts: { decrement: 1 }, runAfter: BigInt(Date.now()), lockedBy: null, lockedUntil: null },
  });
  return result.count === 1;
}

export type ExhaustedJob = { id: number; kind: string; payload: unknown; lastError: string };

/**
 * Jobs whose lock expired after their last allowed attempt (their worker died every time):
 * marked failed and returned, so their owners can record the failure.
 */
export async function failExhaustedJobs(options: { now?: number } = {}): Promise<ExhaustedJob[]> {
  const now = options.now ?? Date.now();
  const stuck = await prisma.job.findMany({
    where: { state: "running", lockedUntil: { lte: BigInt(now) }, attempts: { gte: prisma.job.fields.maxAttempts } },
    select: { id: true, kind: true, payload: true, attempts: true, lockedBy: true },
    take: 100,
  });
  const ended: ExhaustedJob[] = [];
  for (const job of stuck) {
    const lastError = `The job was interrupted ${job.attempts} times (its worker stopped before it finished)`;
    const result = await prisma.job.updateMany({
      where: { id: job.id, state: "running", lockedBy: job.lockedBy, lockedUntil: { lte: BigInt(now) } },
      data: { state: "failed", lockedBy: null, lockedUntil: null, lastError },
    });
    if (result.count !== 1) continue;
    let payload: unknown = null;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      payload = null;
    }
    ended.push({ id: job.id, kind: job.kind, payload, lastError });
  }
  return ended;
}

/** Deletes finished jobs older than JOB_KEEP_DONE_MS; answers how many. */
export async function pruneDoneJobs(options: { now?: number } = {}): Promise<number> {
  const now = options.now ?? Date.now();
  const result = await prisma.job.deleteMany({ where: { state: "done", updatedAt: { lt: new Date(now - JOB_KEEP_DONE_MS) } } });
  return result.count;
}

export type JobView = {
  id: number;
  kind: string;
  lane: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAfter: number;
  lockedBy: string | null;
  lockedUntil: number | null;
  lastError: string | null;
};

export async function getJob(id: number): Promise<JobView | null> {
  const job = await prisma.job.findUnique({ where: { id } });
  if (!job) return null;
  return {
    id: job.id,
    kind: job.kind,
    lane: job.lane,
    state: job.state as JobState,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    runAfter: Number(job.runAfter),
    lockedBy: job.lockedBy,
    lockedUntil: job.lockedUntil === null ? null : Number(job.lockedUntil),
    lastError: job.lastError,
  };
}

/** How many jobs are queued or running (the bench and the health of the queue). */
export async function pendingJobCount(kinds?: string[]): Promise<number> {
  return prisma.job.count({ where: { state: { in: ["queued", "running"] }, ...(kinds ? { kind: { in: kinds } } : {}) } });
}
