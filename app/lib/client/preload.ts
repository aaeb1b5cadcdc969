// The media preload queue: the viewer and Grams warm up the neighbours of what is
// on screen. At most PRELOAD_CONCURRENCY loads run at once, consecutive starts are at least
// PRELOAD_DELAY apart, and a load that takes longer than PRELOAD_TIMEOUT is given up (15 s
// instead when `performance.memory` reports more than 80 % of the JS heap in use, where the
// browser has it). A URL loads once: later requests for it share the first answer.
// Pure apart from the default loader, which needs a browser; tests pass their own.
import { PRELOAD_CONCURRENCY, PRELOAD_DELAY, PRELOAD_TIMEOUT } from "~/lib/constants";

/** The time-out when the page is short of memory (over 80 % of the JS heap in use). */
export const PRELOAD_TIMEOUT_HIGH_MEMORY = 15_000;
/** The share of the JS heap in use above which loads get the longer time-out. */
export const HIGH_MEMORY_RATIO = 0.8;

export type PreloadRequest = {
  url: string;
  /** Responsive candidates: the browser picks the same file the viewer will show. */
  srcset?: string;
  sizes?: string;
};

/** Loads one request; resolves when loaded, rejects on failure. Must stop work when `signal` aborts. */
export type PreloadLoader = (request: PreloadRequest, signal: AbortSignal) => Promise<void>;

export type PreloadResult = "loaded" | "failed" | "timeout";

export type PreloadQueueOptions = {
  concurrency?: number;
  /** Least time between two starts, in ms. */
  delay?: number;
  /** The time-out of one load, in ms (read when the load starts). */
  timeout?: () => number;
  loader?: PreloadLoader;
  now?: () => number;
};

export type PreloadQueue = {
  /** Queues a URL (deduplicated) and resolves with how its load ended. */
  preload(request: PreloadRequest | string): Promise<PreloadResult>;
  /** Drops every load that has not started yet (they resolve "failed"); running ones finish. */
  clear(): void;
  /** How many loads are running and waiting. */
  stats(): { active: number; pending: number; done: number };
};

type MemoryInfo = { usedJSHeapSize?: number; jsHeapSizeLimit?: number };

/** The load time-out for the current memory use: 10 s, or 15 s above 80 % heap use. */
export function preloadTimeout(memory: MemoryInfo | null | undefined = readMemory()): number {
  const used = memory?.usedJSHeapSize;
  const limit = memory?.jsHeapSizeLimit;
  if (typeof used === "number" && typeof limit === "number" && limit > 0 && used / limit > HIGH_MEMORY_RATIO) {
    return PRELOAD_TIMEOUT_HIGH_MEMORY;
  }
  return PRELOAD_TIMEOUT;
}

function readMemory(): MemoryInfo | null {
  if (typeof performance === "undefined") return null;
  return (performance as Performance & { memory?: MemoryInfo }).memory ?? null;
}

/** The browser loader: an off-screen image (videos: nothing to warm up but their poster). */
export const loadImage: PreloadLoader = (request, signal) =>
  new Promise<void>((resolve, reject) => {
    if (typeof Image === "undefined") {
      reject(new Error("No browser"));
      return;
    }
    const image = new Image();
    const done = (ok: boolean) => {
      image.onload = null;
      image.onerror = null;
      signal.removeEventListener("abort", abort);
      if (ok) resolve();
      else reject(new Error("Failed to load"));
    };
    const abort = () => {
      // Dropping the source stops the download.
      image.removeAttribute("srcset");
      image.src = "";
      done(false);
    };
    image.onload = () => done(true);
    image.onerror = () => done(false);
    signal.addEventListener("abort", abort);
    image.decoding = "async";
    if (request.srcset) {
      image.sizes = request.sizes ?? "100vw";
      image.srcset = request.srcset;
    }
    image.src = request.url;
  });

type Job = {
  request: PreloadRequest;
  key: string;
  promise: Promise<PreloadResult>;
  resolve: (result: PreloadResult) => void;
};

export function createPreloadQueue(options: PreloadQueueOptions = {}): PreloadQueue {
  const concurrency = Math.max(1, options.concurrency ?? PRELOAD_CONCURRENCY);
  const delay = Math.max(0, options.delay ?? PRELOAD_DELAY);
  const timeoutOf = options.timeout ?? (() => preloadTimeout());
  const loader = options.loader ?? loadImage;
  const now = options.now ?? (() => Date.now());

  const pending: Job[] = [];
  const jobs = new Map<string, Job>();
  const finished = new Map<string, PreloadResult>();
  let active = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function pump() {
    if (timer !== null) return;
    while (active < concurrency && pending.length > 0) {
      const wait = lastStart + delay - now();
      if (wait > 0) {
        timer = setTimeout(() => {
          timer = null;
          pump();
        }, wait);
        return;
      }
      start(pending.shift()!);
    }
  }

  function start(job: Job) {
    active += 1;
    lastStart = now();
    const controller = new AbortController();
    let settled = false;
    const finish = (result: PreloadResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      active -= 1;
      jobs.delete(job.key);
      // Failures are not remembered: a later request may try again.
      if (result === "loaded") finished.set(job.key, result);
      job.resolve(result);
      pump();
    };
    const limit = setTimeout(() => {
      controller.abort();
      finish("timeout");
    }, timeoutOf());
    let running: Promise<void>;
    try {
      running = loader(job.request, controller.signal);
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      () => finish("loaded"),
      () => finish("failed"),
    );
  }

  return {
    preload(input) {
      const request = typeof input === "string" ? { url: input } : input;
      const key = request.srcset ? `${request.url} ${request.srcset}` : request.url;
      const done = finished.get(key);
      if (done) return Promise.resolve(done);
      const existing = jobs.get(key);
      if (existing) return existing.promise;
      let resolve!: (result: PreloadResult) => void;
      const promise = new Promise<PreloadResult>((r) => (resolve = r));
      const job: Job = { request, key, promise, resolve };
      jobs.set(key, job);
      pending.push(job);
      pump();
      return promise;
    },
    clear() {
      for (const job of pending.splice(0)) {
        jobs.delete(job.key);
        job.resolve("failed");
      }
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
    },
    stats() {
      return { active, pending: pending.length, done: finished.size };
    },
  };
}

let shared: PreloadQueue | null = null;

/** The page's one queue (created on first use in the browser). */
export function preloadQueue(): PreloadQueue {
  shared ??= createPreloadQueue();
  return shared;
}
