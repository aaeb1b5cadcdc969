// The worker that runs background jobs. Every server runs one (unless JOB_WORKER=off; a server
// of several processes in one of them only) and `npm run worker` runs one on its own; they
// share the queue through the database, where claiming a job is one atomic statement.
// A worker runs JOB_CONCURRENCY jobs at once in each lane (1 by default: a transcode already
// keeps the cores busy): the video lane's transcodes never hold up the media lane's photos.
// While a job runs its lock is renewed; a job that must wait (its owner's video budget is
// spent) goes back to the queue until then; on a stop, the worker takes no new job, waits a
// little for the running ones and then hands them back to the queue.
// Every minute it also ends jobs interrupted too often, deletes old finished jobs and the
// change log's old rows and, hourly, incoming files nothing refers to any more.
import { onSiblingMessage, sendToSiblings } from "~/lib/server/cluster-relay.server";
import { jobConcurrency, videoTimeoutMs } from "~/lib/server/env.server";
import { sweepIncoming } from "~/lib/server/incoming.server";
import { warnAboutVideoPrograms } from "~/lib/media/programs.server";
import {
  claimJob,
  completeJob,
  deferJob,
  extendJobLock,
  failExhaustedJobs,
  failJob,
  JOB_LANES,
  JOB_LOCK_MS,
  JobDeferral,
  pruneDoneJobs,
  releaseJob,
  workerName,
  type ClaimedJob,
  type JobLane,
} from "~/models/job.server";
import { CAR_PHOTO_JOB, carPhotosWaiting, failCarPhotoJob, runCarPhotoJob, type CarPhotoJobPayload } from "~/models/car-photo.server";
import { DATA_EXPORT_EXPIRE_JOB, DATA_EXPORT_JOB, EXPORT_TIME_LIMIT_MS } from "~/models/data-export-requests.server";
import { failDataExport, runDataExport, runDataExportExpiry } from "~/models/data-export-jobs.server";
import { ACCOUNT_DELETION_JOB, ACCOUNT_DELETION_TIME_LIMIT, runAccountDeletionJob } from "~/models/account-deletion.server";
import { pruneTranscodeUsage } from "~/models/media-budget.server";
import { pruneChanges } from "~/db.server";
import { failMediaJob, isPermanentMediaFailure, MEDIA_JOB, referencedIncoming, runMediaJob, type MediaJobPayload } from "~/models/post-upload.server";
import { PUSH_JOB, PUSH_SEND_JOB, PushRefused, runPushJob, runPushSendJob, type PushJobPayload } from "~/models/push.server";

export type JobHandler = {
  /**
   * The work. Must be safe to run again after an interruption. `signal` is aborted when the
   * job has run past its time limit: the work should stop there (its result is not used).
   */
  run(payload: unknown, job: ClaimedJob, signal: AbortSignal): Promise<void>;
  /** The longest one run may take; the lane's limit (jobTimeLimitMs) otherwise. */
  timeLimitMs?: number;
  /** Called once when the job has failed for good (after its last attempt, or a permanent error). */
  failed?(payload: unknown, error: unknown): Promise<void>;
  /** An error that no retry can fix (a bad file): the job fails at once. */
  permanent?(error: unknown): boolean;
};

const handlers = new Map<string, JobHandler>([
  [
    MEDIA_JOB,
    {
      run: (payload) => runMediaJob(payload as MediaJobPayload),
      failed: (payload, error) => failMediaJob(payload as MediaJobPayload, error),
      permanent: isPermanentMediaFailure,
    },
  ],
  [
    CAR_PHOTO_JOB,
    {
      run: (payload) => runCarPhotoJob(payload as CarPhotoJobPayload),
      failed: (payload, error) => failCarPhotoJob(payload as CarPhotoJobPayload, error),
      permanent: isPermanentMediaFailure,
    },
  ],
  [
    DATA_EXPORT_JOB,
    {
      run: (payload, _job, signal) => runDataExport(payload as Parameters<typeof runDataExport>[0], signal),
      failed: (payload, error) => failDataExport(payload as Parameters<typeof failDataExport>[0], error),
      timeLimitMs: EXPORT_TIME_LIMIT_MS,
    },
  ],
  [DATA_EXPORT_EXPIRE_JOB, { run: (payload) => runDataExportExpiry(payload as Parameters<typeof runDataExportExpiry>[0]) }],
  [ACCOUNT_DELETION_JOB, { run: (payload) => runAccountDeletionJob(payload as { userId?: unknown }), timeLimitMs: ACCOUNT_DELETION_TIME_LIMIT }],
  [PUSH_JOB, { run: async (payload) => void (await runPushJob(payload as PushJobPayload)) }],
  [
    PUSH_SEND_JOB,
    {
      run: async (payload) => void (await runPushSendJob(payload as Parameters<typeof runPushSendJob>[0])),
      permanent: (error) => error instanceof PushRefused,
    },
  ],
]);

/** Adds (or replaces) the handler of a job kind. */
export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

/** How often an idle worker looks for due jobs. */
export const JOB_POLL_MS = 1000;
const MAINTENANCE_MS = 60_000;
const SWEEP_MS = 3600_000;
/** Incoming files older than this that no upload refers to are deleted. */
export const INCOMING_MAX_AGE_MS = 6 * 3600_000;

export type WorkerOptions = {
  /** Jobs at once in each lane. */
  concurrency?: number;
  /** The lanes this worker serves (all by default). */
  lanes?: readonly JobLane[];
  pollMs?: number;
  lockMs?: number;
  /** A label for the lock owner ("server", "worker"). */
  label?: string;
  /** Only these kinds (tests). */
  kinds?: string[];
  log?: (line: string) => void;
};

export type JobWorker = {
  readonly name: string;
  /** Stops taking jobs; waits up to `graceMs` for running ones, then hands them back. */
  stop(graceMs?: number): Promise<void>;
};

const wakers = new Set<() => void>();
const WAKE_TOPIC = "jobs-wake";

function wakeLocal(): void {
  for (const wake of wakers) wake();
}

/**
 * Tells idle workers to look at the queue now (after queueing a job): this process's, and
 * in a server of several processes the other processes' too (the one running the worker).
 */
export function wakeJobWorkers(): void {
  wakeLocal();
  sendToSiblings(WAKE_TOPIC, null);
}

// Once per process (kept on globalThis for development rebuilds): a sibling's wake-up call.
const WAKE_LISTENING = Symbol.for("carsocial.jobWakeListening");
const wakeHolder = globalThis as { [WAKE_LISTENING]?: boolean };
if (!wakeHolder[WAKE_LISTENING]) {
  wakeHolder[WAKE_LISTENING] = true;
  onSiblingMessage(WAKE_TOPIC, () => wakeLocal());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The longest one job of a lane may run. Past it the job counts as a failed attempt (tried
 * again later, with the queue's growing pauses, until its attempts run out), its signal is
 * aborted, and the lane goes on with the next job: one member's stuck job never holds up
 * everyone else's. A video job runs at most three bounded ffmpeg runs (probe, transcode,
 * poster); a download of one's data may stream gigabytes.
 */
export function jobTimeLimitMs(lane: JobLane | undefined): number {
  if (lane === "video") return 3 * videoTimeoutMs() + 60_000;
  if (lane === "export") return 60 * 60_000;
  if (lane === "push") return 2 * 60_000;
  return 10 * 60_000;
}

/** A job that ran past its time limit. */
export class JobOvertime extends Error {
  constructor(kind: string, limitMs: number) {
    super(`${kind} ran longer than ${limitMs / 1000} s and was stopped`);
    this.name = "JobOvertime";
  }
}

/** Runs the handler's work, or rejects with JobOvertime at `limitMs` (aborting `signal`'s controller). */
async function withinTimeLimit(handler: JobHandler, job: ClaimedJob, limitMs: number): Promise<void> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overtime = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new JobOvertime(job.kind, limitMs));
      controller.abort();
    }, limitMs);
  });
  const running = handler.run(job.payload, job, controller.signal);
  // Once past its limit, how the work ends is nobody's business.
  running.catch(() => undefined);
  try {
    await Promise.race([running, overtime]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs one claimed job to its end: done, queued again with a backoff, or failed (its
 * handler told). Returns how it ended.
 */
export async function executeJob(
  job: ClaimedJob,
  options: { lockMs?: number; log?: (line: string) => void; lane?: JobLane } = {},
): Promise<"done" | "retry" | "failed" | "lost" | "deferred"> {
  const lockMs = options.lockMs ?? JOB_LOCK_MS;
  const handler = handlers.get(job.kind);
  const heartbeat = setInterval(
    () => {
      extendJobLock(job, { lockMs }).catch(() => undefined);
    },
    Math.max(50, Math.floor(lockMs / 3)),
  );
  heartbeat.unref();
  try {
    if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}"`);
    await withinTimeLimit(handler, job, handler.timeLimitMs ?? jobTimeLimitMs(options.lane));
    clearInterval(heartbeat);
    return (await completeJob(job)) ? "done" : "lost";
  } catch (error) {
    clearInterval(heartbeat);
    if (error instanceof JobDeferral) {
      options.log?.(`[jobs] ${job.kind} #${job.id} waits until ${new Date(error.until).toISOString()}: ${error.message}`);
      return (await deferJob(job, error.until, error.message)) ? "deferred" : "lost";
    }
    const permanent = !handler || (handler.permanent?.(error) ?? false);
    const final = permanent || job.attempts >= job.maxAttempts;
    options.log?.(`[jobs] ${job.kind} #${job.id} attempt ${job.attempts}/${job.maxAttempts} failed: ${error instanceof Error ? error.message : String(error)}`);
    // The owner records the failure first: should this process die before the job is
    // marked, the job runs again and finds its work already ended.
    if (final && handler?.failed)
      await handler.failed(job.payload, error).catch((failure: unknown) => options.log?.(`[jobs] recording the failure of #${job.id} failed: ${String(failure)}`));
    return failJob(job, error, { permanent: final });
  } finally {
    clearInterval(heartbeat);
  }
}

/** Ends the jobs interrupted too often and tells their handlers. */
async function endExhausted(log?: (line: string) => void) {
  for (const job of await failExhaustedJobs()) {
    log?.(`[jobs] ${job.kind} #${job.id}: ${job.lastError}`);
    await handlers
      .get(job.kind)
      ?.failed?.(job.payload, new Error(job.lastError))
      .catch(() => undefined);
  }
}

/** Starts a worker in this process. */
export function startJobWorker(options: WorkerOptions = {}): JobWorker {
  const name = workerName(options.label);
  const concurrency = options.concurrency ?? jobConcurrency();
  const lanes = options.lanes ?? JOB_LANES;
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const lockMs = options.lockMs ?? JOB_LOCK_MS;
  const log = options.log ?? ((line: string) => console.log(line));
  warnAboutVideoPrograms();
  const running = new Map<number, ClaimedJob>();
  let stopping = false;
  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  wakers.add(wakeAll);

  const idle = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      sleepers.add(done);
    });

  async function slot(lane: JobLane) {
    while (!stopping) {
      let job: ClaimedJob | null = null;
      try {
        job = await claimJob(name, { lockMs, kinds: options.kinds, lanes: [lane] });
      } catch (error) {
        log(`[jobs] claiming failed: ${String(error)}`);
      }
      if (!job) {
        await idle();
        continue;
      }
      running.set(job.id, job);
      try {
        await executeJob(job, { lockMs, log, lane });
      } catch (error) {
        log(`[jobs] ${job.kind} #${job.id}: ${String(error)}`);
      } finally {
        running.delete(job.id);
      }
    }
  }

  let lastSweep = 0;
  async function maintenance() {
    try {
      await endExhausted(log);
      await pruneDoneJobs();
      await pruneTranscodeUsage();
      await pruneChanges();
      if (Date.now() - lastSweep > SWEEP_MS) {
        lastSweep = Date.now();
        await sweepIncoming(INCOMING_MAX_AGE_MS, async (names) => new Set([...(await referencedIncoming(names)), ...(await carPhotosWaiting(names))]));
      }
    } catch (error) {
      log(`[jobs] maintenance failed: ${String(error)}`);
    }
  }
  const maintenanceTimer = setInterval(maintenance, MAINTENANCE_MS);
  maintenanceTimer.unref();
  void maintenance();

  const slots = lanes.flatMap((lane) => Array.from({ length: concurrency }, () => slot(lane)));

  return {
    name,
    async stop(graceMs = 5000) {
      if (stopping) return;
      stopping = true;
      clearInterval(maintenanceTimer);
      wakers.delete(wakeAll);
      wakeAll();
      const finished = Promise.all(slots);
      await Promise.race([finished, sleep(graceMs)]);
      // Jobs still running go back to the queue for another worker (or this one's next start).
      await Promise.all([...running.values()].map((job) => releaseJob(job).catch(() => false)));
    },
  };
}

/**
 * Runs due jobs in this process until none is left (tests, the bench, scripts). Answers how
 * many ran.
 */
export async function runDueJobs(options: { kinds?: string[]; lockMs?: number; max?: number } = {}): Promise<number> {
  const name = workerName("inline");
  let count = 0;
  const max = options.max ?? 1000;
  while (count < max) {
    const job = await claimJob(name, { kinds: options.kinds, lockMs: options.lockMs });
    if (!job) break;
    await executeJob(job, { lockMs: options.lockMs });
    count += 1;
  }
  return count;
}

// ------------------------------------------------------------------ the process's own worker

const PROCESS_WORKER = Symbol.for("carsocial.jobWorker");
type Holder = { [PROCESS_WORKER]?: JobWorker };

/** Starts this process's worker once (the server calls it at start-up). */
export function startProcessJobWorker(options: WorkerOptions = {}): JobWorker {
  const holder = globalThis as Holder;
  holder[PROCESS_WORKER] ??= startJobWorker(options);
  return holder[PROCESS_WORKER];
}

/** Stops this process's worker, when one runs (a graceful stop). */
export async function stopProcessJobWorker(graceMs?: number): Promise<void> {
  const holder = globalThis as Holder;
  const worker = holder[PROCESS_WORKER];
  delete holder[PROCESS_WORKER];
  await worker?.stop(graceMs);
}
