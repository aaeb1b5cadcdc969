// The media preload queue: 2 at a time, 150 ms between starts, 10 s time-out
// (15 s above 80 % memory use), one load per URL.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRELOAD_CONCURRENCY, PRELOAD_DELAY, PRELOAD_TIMEOUT } from "~/lib/constants";
import { PRELOAD_TIMEOUT_HIGH_MEMORY, createPreloadQueue, preloadTimeout, type PreloadRequest } from "~/lib/client/preload";

type Started = { url: string; at: number; signal: AbortSignal; resolve: () => void; reject: (error: Error) => void };

/** A loader that records when each load started and lets the test finish it by hand. */
function manualLoader() {
  const started: Started[] = [];
  const loader = vi.fn((request: PreloadRequest, signal: AbortSignal) => {
    return new Promise<void>((resolve, reject) => {
      started.push({ url: request.url, at: Date.now(), signal, resolve, reject });
    });
  });
  return { started, loader };
}

/** Lets resolved promises run their callbacks. */
async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-22T12:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the preload queue", () => {
  it("runs 2 at a time, 150 ms apart, with 10 s and 15 s time-outs", () => {
    expect(PRELOAD_CONCURRENCY).toBe(2);
    expect(PRELOAD_DELAY).toBe(150);
    expect(PRELOAD_TIMEOUT).toBe(10_000);
    expect(PRELOAD_TIMEOUT_HIGH_MEMORY).toBe(15_000);
  });

  it("runs at most two loads at once, started 150 ms apart", async () => {
    const { started, loader } = manualLoader();
    const queue = createPreloadQueue({ loader });
    const t0 = Date.now();
    const results = ["/a.webp", "/b.webp", "/c.webp", "/d.webp"].map((url) => queue.preload(url));

    // The first starts at once; the second waits for the 150 ms spacing.
    expect(started.map((s) => s.url)).toEqual(["/a.webp"]);
    await vi.advanceTimersByTimeAsync(149);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.map((s) => s.url)).toEqual(["/a.webp", "/b.webp"]);
    expect(started[1].at - t0).toBe(150);

    // Two are running: the third waits however long it takes.
    await vi.advanceTimersByTimeAsync(2000);
    expect(started).toHaveLength(2);
    expect(queue.stats()).toEqual({ active: 2, pending: 2, done: 0 });

    // A finished load frees a slot: the next starts at once (the last start was long ago).
    started[0].resolve();
    await flush();
    expect(started.map((s) => s.url)).toEqual(["/a.webp", "/b.webp", "/c.webp"]);
    expect(await results[0]).toBe("loaded");

    // Another free slot right after: the fourth still keeps 150 ms from the third.
    started[1].reject(new Error("404"));
    await flush();
    expect(started).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(150);
    expect(started.map((s) => s.url)).toEqual(["/a.webp", "/b.webp", "/c.webp", "/d.webp"]);
    expect(started[3].at - started[2].at).toBe(150);
    expect(await results[1]).toBe("failed");

    started[2].resolve();
    started[3].resolve();
    await flush();
    expect(await Promise.all(results)).toEqual(["loaded", "failed", "loaded", "loaded"]);
    expect(queue.stats()).toEqual({ active: 0, pending: 0, done: 3 });
  });

  it("gives a load up after 10 s, aborts it and moves on", async () => {
    const { started, loader } = manualLoader();
    const queue = createPreloadQueue({ loader, concurrency: 1 });
    const slow = queue.preload("/slow.webp");
    const next = queue.preload("/next.webp");
    expect(started).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(PRELOAD_TIMEOUT - 1);
    expect(started[0].signal.aborted).toBe(false);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started[0].signal.aborted).toBe(true);
    expect(await slow).toBe("timeout");
    // The freed slot goes to the next URL (long past the 150 ms spacing).
    expect(started.map((s) => s.url)).toEqual(["/slow.webp", "/next.webp"]);

    // A late answer from the abandoned load changes nothing.
    started[0].resolve();
    started[1].resolve();
    expect(await next).toBe("loaded");
    expect(queue.stats().active).toBe(0);
  });

  it("waits 15 s instead when memory use is above 80 %", async () => {
    expect(preloadTimeout({ usedJSHeapSize: 81, jsHeapSizeLimit: 100 })).toBe(15_000);
    expect(preloadTimeout({ usedJSHeapSize: 80, jsHeapSizeLimit: 100 })).toBe(10_000);
    expect(preloadTimeout(null)).toBe(10_000);
    expect(preloadTimeout({})).toBe(10_000);

    const { started, loader } = manualLoader();
    const queue = createPreloadQueue({ loader, timeout: () => preloadTimeout({ usedJSHeapSize: 900, jsHeapSizeLimit: 1000 }) });
    const result = queue.preload("/big.webp");
    await vi.advanceTimersByTimeAsync(PRELOAD_TIMEOUT);
    expect(started[0].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(PRELOAD_TIMEOUT_HIGH_MEMORY - PRELOAD_TIMEOUT);
    expect(started[0].signal.aborted).toBe(true);
    expect(await result).toBe("timeout");
  });

  it("loads each URL once and remembers successes, not failures", async () => {
    const { started, loader } = manualLoader();
    const queue = createPreloadQueue({ loader });
    const first = queue.preload("/same.webp");
    const again = queue.preload({ url: "/same.webp" });
    expect(again).toBe(first);
    started[0].resolve();
    expect(await first).toBe("loaded");
    expect(await queue.preload("/same.webp")).toBe("loaded");
    expect(loader).toHaveBeenCalledTimes(1);

    const broken = queue.preload("/broken.webp");
    await vi.advanceTimersByTimeAsync(PRELOAD_DELAY);
    started[1].reject(new Error("gone"));
    expect(await broken).toBe("failed");
    const retry = queue.preload("/broken.webp");
    await vi.advanceTimersByTimeAsync(PRELOAD_DELAY);
    expect(started.map((s) => s.url)).toEqual(["/same.webp", "/broken.webp", "/broken.webp"]);
    started[2].resolve();
    expect(await retry).toBe("loaded");
  });

  it("clear() drops what has not started yet", async () => {
    const { started, loader } = manualLoader();
    const queue = createPreloadQueue({ loader });
    const a = queue.preload("/a.webp");
    const b = queue.preload("/b.webp");
    const c = queue.preload("/c.webp");
    queue.clear();
    expect(await b).toBe("failed");
    expect(await c).toBe("failed");
    await vi.advanceTimersByTimeAsync(1000);
    expect(started.map((s) => s.url)).toEqual(["/a.webp"]);
    started[0].resolve();
    expect(await a).toBe("loaded");
  });

  it("a loader that throws counts as a failure and frees its slot", async () => {
    const loader = vi.fn(() => {
      throw new Error("boom");
    });
    const queue = createPreloadQueue({ loader, concurrency: 1 });
    expect(await queue.preload("/x.webp")).toBe("failed");
    expect(queue.stats()).toEqual({ active: 0, pending: 0, done: 0 });
  });
});
