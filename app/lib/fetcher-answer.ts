// Reading what a fetcher's action or loader answered. The API routes answer a script (a fetcher
// that sends no redirectTo) with their JSON: the new state on success, `{ error }` with a 4xx
// on failure. A fetcher sees that JSON as `fetcher.data` but not the status, so the answers
// that need more than a toast are told by their text: the 401s all ask the visitor to sign in
// ("You must be signed in to …", "You must be logged in to …") and the 429s all begin
// "Too many attempts.".
import { useEffect, useLayoutEffect, useRef } from "react";

export type ErrorAnswer = { error: string };

/** The `error` text of an answer, or null when it is not an error answer. */
export function errorOf(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const error = (data as { error?: unknown }).error;
  return typeof error === "string" ? error : null;
}

/** A 401 answer: the action needs a signed-in user (the login dialog opens). */
export function asksToSignIn(message: string): boolean {
  return /^You must be (signed|logged) in\b/.test(message);
}

/** A 429 answer: the rate limit's "Too many attempts. Please try again in …". */
export function isRateLimited(message: string): boolean {
  return message.startsWith("Too many attempts.");
}

type Settling<T> = { state: "idle" | "loading" | "submitting"; data: T | undefined };

// Before paint, so that the answer replaces the optimistic state without a frame of the old one.
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Calls `settled(data)` once each time the fetcher comes back to idle after a submission or a
 * load, with what the action or loader answered.
 */
export function useFetcherSettled<T>(fetcher: Settling<T>, settled: (data: T | undefined) => void): void {
  const latest = useRef(settled);
  latest.current = settled;
  const previous = useRef(fetcher.state);
  useBeforePaint(() => {
    const was = previous.current;
    previous.current = fetcher.state;
    if (was !== "idle" && fetcher.state === "idle") latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
