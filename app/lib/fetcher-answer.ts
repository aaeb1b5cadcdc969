// Reading what a fetcher gets back from one of our API actions. Without `redirectTo` in
// the body they answer JSON: their result, or `{ error }` with a 4xx status (the fetcher
// sees the body only, not the status). Every 401 of the API says "You must be signed in…".
import { useEffect, useRef } from "react";

export type ErrorAnswer = { error: string };

/** The action's error text, or null when the answer is not an error. */
export function answerError(answer: unknown): string | null {
  if (answer && typeof answer === "object" && "error" in answer) {
    const { error } = answer as { error: unknown };
    if (typeof error === "string") return error;
  }
  return null;
}

/** True when the action refused because nobody is signed in (its 401). */
export function needsSignIn(answer: unknown): boolean {
  return /^You must be signed in\b/.test(answerError(answer) ?? "");
}

/**
 * Calls `handle` once for each new answer of `fetcher`. By default as soon as it arrives:
 * while the page's data reloads the component may already be on its way out (a dismissed
 * report), and its toast must not be lost with it. With `whenIdle`, only once the reload is
 * over: a navigation started during it would be overtaken by the reload finishing.
 */
export function useFetcherAnswer<T>(
  fetcher: { state: string; data: T | undefined },
  handle: (answer: T) => void,
  { whenIdle = false }: { whenIdle?: boolean } = {},
): void {
  const handled = useRef<T | undefined>(fetcher.data);
  const latest = useRef(handle);
  latest.current = handle;
  const { state, data } = fetcher;
  useEffect(() => {
    if (data === undefined || data === handled.current) return;
    if (whenIdle && state !== "idle") return;
    handled.current = data;
    latest.current(data);
  }, [data, state, whenIdle]);
}
