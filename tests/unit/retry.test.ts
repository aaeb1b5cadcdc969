// Trying a read again: 3 attempts, 1 s then 2 s apart, stopping at a success or an abort.
import { afterEach, describe, expect, it, vi } from "vitest";
import { withBackoff } from "~/lib/client/retry";

afterEach(() => {
  vi.useRealTimers();
});

describe("withBackoff (3 attempts, 1 s then 2 s)", () => {
  it("waits 1 s then 2 s between three failing tries and rejects with the last error", async () => {
    const waits: number[] = [];
    const load = vi.fn(async (attempt: number) => {
      throw new Error(`fail ${attempt}`);
    });
    await expect(withBackoff(load, { wait: async (ms) => void waits.push(ms) })).rejects.toThrow("fail 2");
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it("stops at the first success", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withBackoff(
      async () => {
        calls += 1;
        if (calls < 2) throw new Error("flaky");
        return "page";
      },
      { wait: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe("page");
    expect(calls).toBe(2);
    expect(waits).toEqual([1000]);
  });

  it("does not try again once aborted", async () => {
    const controller = new AbortController();
    const load = vi.fn(async () => {
      controller.abort();
      throw new Error("gone");
    });
    await expect(withBackoff(load, { signal: controller.signal, wait: async () => undefined })).rejects.toThrow("gone");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries 3 times, 1 s then 2 s apart, then gives up with the last error", async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    const t0 = Date.now();
    const load = vi.fn(async () => {
      started.push(Date.now() - t0);
      throw new Error(`fail ${started.length}`);
    });
    const result = withBackoff(load).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 1000]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(started).toEqual([0, 1000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 1000, 3000]);
    expect(await result).toBe("fail 3");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
