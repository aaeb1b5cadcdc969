// Trying a read again after a pause: the feed's pages and Grams' pages load this way.
import { FEED_ATTEMPTS, FEED_BACKOFF } from "~/lib/constants";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `load` up to `attempts` times (3 by default), waiting `backoff[i]` between tries
 * (1 s, then 2 s).
 * Rejects with the last error; stops at once when `signal` is aborted.
 */
export async function withBackoff<T>(
  load: (attempt: number) => Promise<T>,
  {
    attempts = FEED_ATTEMPTS,
    backoff = FEED_BACKOFF,
    wait = sleep,
    signal,
  }: { attempts?: number; backoff?: readonly number[]; wait?: (ms: number) => Promise<void>; signal?: AbortSignal } = {},
): Promise<T> {
  let lastError: unknown = new Error("No attempts");
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (signal?.aborted) throw signal.reason ?? new Error("Aborted");
    try {
      return await load(attempt);
    } catch (error) {
      lastError = error;
      if (signal?.aborted) throw error;
      if (attempt < attempts - 1) await wait(backoff[Math.min(attempt, backoff.length - 1)] ?? 0);
    }
  }
  throw lastError;
}
