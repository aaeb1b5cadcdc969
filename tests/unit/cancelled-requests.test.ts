// Which rejections the page leaves unreported (app/lib/client/cancelled-requests.ts): only the
// requests it cancelled itself.
import { describe, expect, it } from "vitest";
import { ignoreCancelledRequests, isCancellation } from "~/lib/client/cancelled-requests";

describe("cancelled requests", () => {
  it("a cancellation is one, a failure or a time-out is not", () => {
    const controller = new AbortController();
    controller.abort();
    expect(isCancellation(controller.signal.reason)).toBe(true);
    expect(isCancellation(new DOMException("The user aborted a request.", "AbortError"))).toBe(true);
    expect(isCancellation(new DOMException("The operation timed out.", "TimeoutError"))).toBe(false);
    expect(isCancellation(new TypeError("Failed to fetch"))).toBe(false);
    expect(isCancellation("AbortError")).toBe(false);
    expect(isCancellation(undefined)).toBe(false);
  });

  it("keeps the browser from reporting a cancellation, and only that", () => {
    const target = new EventTarget();
    ignoreCancelledRequests(target as unknown as Window);
    const rejection = (reason: unknown) => {
      const event = new Event("unhandledrejection", { cancelable: true }) as Event & { reason: unknown };
      event.reason = reason;
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(rejection(new DOMException("signal is aborted without reason", "AbortError"))).toBe(true);
    expect(rejection(new Error("Something broke"))).toBe(false);
  });
});
