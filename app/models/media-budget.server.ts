// Each member's budget of video processing: the seconds ffmpeg spent on their videos in the
// last hour, at most TRANSCODE_SECONDS_PER_HOUR. A video whose owner has spent it waits in
// the queue (its job deferred, not failed) until enough of the hour's runs have aged out.
// The time is measured around the whole job (probe, transcode, poster), failed runs too.
import { prisma } from "~/db.server";

/** Seconds of video processing one member may use in any hour. */
export const TRANSCODE_SECONDS_PER_HOUR = 600;
/** The window the budget covers. */
export const TRANSCODE_WINDOW_MS = 3600_000;

/** Records `seconds` of processing spent for `userId`. */
export async function recordTranscodeUsage(userId: number, seconds: number, now = Date.now()): Promise<void> {
  if (!(seconds > 0)) return;
  await prisma.transcodeUsage.create({ data: { userId, seconds, at: BigInt(now) } });
}

/** Seconds `userId` has used in the last hour. */
export async function transcodeSecondsUsed(userId: number, now = Date.now()): Promise<number> {
  const sum = await prisma.transcodeUsage.aggregate({ where: { userId, at: { gt: BigInt(now - TRANSCODE_WINDOW_MS) } }, _sum: { seconds: true } });
  return sum._sum.seconds ?? 0;
}

/**
 * When `userId` may have a video processed again: null when the budget is not spent, else
 * the moment (ms since 1970) enough of the last hour's runs have aged out of the window.
 */
export async function transcodeBudgetBackAt(userId: number, now = Date.now()): Promise<number | null> {
  let used = await transcodeSecondsUsed(userId, now);
  if (used < TRANSCODE_SECONDS_PER_HOUR) return null;
  const runs = await prisma.transcodeUsage.findMany({
    where: { userId, at: { gt: BigInt(now - TRANSCODE_WINDOW_MS) } },
    orderBy: { at: "asc" },
    select: { seconds: true, at: true },
    take: 1000,
  });
  for (const run of runs) {
    used -= run.seconds;
    if (used < TRANSCODE_SECONDS_PER_HOUR) return Number(run.at) + TRANSCODE_WINDOW_MS;
  }
  return now + TRANSCODE_WINDOW_MS;
}

/** Deletes runs older than the window (the worker's maintenance). */
export async function pruneTranscodeUsage(now = Date.now()): Promise<number> {
  const result = await prisma.transcodeUsage.deleteMany({ where: { at: { lte: BigInt(now - TRANSCODE_WINDOW_MS) } } });
  return result.count;
}
