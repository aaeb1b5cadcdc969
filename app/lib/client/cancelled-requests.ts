// A request the page cancels itself (a second press of the same control replaces the first
// one's request, a navigation leaves a read behind) ends in an AbortError. Whatever still
// waited on it inside the framework may never be read again, and the browser would report
// that rejection as an error of the page. A cancellation is what the page asked for, so it is
// not reported; every other rejection still is.

/** Whether a rejection's reason is a cancellation the page asked for (not a time-out). */
export function isCancellation(reason: unknown): boolean {
  return typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "AbortError";
}

/** Stops the browser from reporting cancelled requests as unhandled rejections. */
export function ignoreCancelledRequests(target: Pick<Window, "addEventListener"> = window): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (isCancellation(event.reason)) event.preventDefault();
  });
}
