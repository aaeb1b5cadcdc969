// Fetching the unread message count: a 5 s time-out, and one retry after 2 s
// when the network fails (fetch rejects or times out). Any failure ends in 0, silently
// (a failed count fetch shows nothing to the reader; the count resets to 0).
import { UNREAD_RETRY_AFTER, UNREAD_TIMEOUT } from "~/lib/constants";
import { apiPaths } from "~/lib/paths";

export const UNREAD_COUNT_URL = apiPaths.unreadMessages;

export type FetchUnreadOptions = {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  retryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Aborts the whole thing (the component went away). */
  signal?: AbortSignal;
};

class NetworkFailure extends Error {}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt(fetchImpl: typeof fetch, timeoutMs: number, outer?: AbortSignal): Promise<number> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const forward = () => controller.abort();
  outer?.addEventListener("abort", forward, { once: true });
  let response: Response;
  try {
    response = await fetchImpl(UNREAD_COUNT_URL, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: controller.signal,
      cache: "no-store",
    });
  } catch {
    throw new NetworkFailure("network");
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forward);
  }
  if (!response.ok) return 0;
  const body = (await response.json().catch(() => null)) as { count?: unknown } | null;
  const count = Number(body?.count);
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/** The unread count, or 0 on any failure. Never throws. */
export async function fetchUnreadCount(options: FetchUnreadOptions = {}): Promise<number> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? UNREAD_TIMEOUT;
  const sleep = options.sleep ?? defaultSleep;
  try {
    return await attempt(fetchImpl, timeoutMs, options.signal);
  } catch (error) {
    if (!(error instanceof NetworkFailure) || options.signal?.aborted) return 0;
  }
  await sleep(options.retryAfterMs ?? UNREAD_RETRY_AFTER);
  if (options.signal?.aborted) return 0;
  try {
    return await attempt(fetchImpl, timeoutMs, options.signal);
  } catch {
    return 0;
  }
}
