// Reading what a fetcher's action or loader answered. The API routes answer a script (a fetcher
// that sends no redirectTo) with their JSON: the new state on success, `{ error, status }` with
// a 4xx on failure. A fetcher sees that JSON as `fetcher.data` but not the HTTP status, so the
// status is in the body too: a 401 opens the sign-in dialog, whatever its message says.
import { isRouteErrorResponse, useFetcher, type ClientActionFunctionArgs, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";

/** A refusal (`status` is its HTTP status), or a request that failed (`failed`). */
export type ErrorAnswer = { error: string; status?: number; failed?: true };

/** The `error` text of an answer, or null when it is not an error answer. */
export function errorOf(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const error = (data as { error?: unknown }).error;
  return typeof error === "string" ? error : null;
}

/**
 * The text to show for a failed answer: the app's own refusal when it gave one, else the
 * component's `fallback` (also for a request that never got an answer from the app).
 */
export function errorOr(data: unknown, fallback: string): string {
  if (data && typeof data === "object" && (data as { failed?: unknown }).failed === true) return fallback;
  return errorOf(data) ?? fallback;
}

/**
 * The HTTP status of an error answer (401: sign in first; 429: too many attempts), or null
 * for an answer that is no refusal (a success, or a request that got no answer from the app).
 */
export function statusOf(data: unknown): number | null {
  if (errorOf(data) === null) return null;
  const status = (data as { status?: unknown }).status;
  return typeof status === "number" ? status : null;
}

/** The error answer with its status, for a refusal whose body does not carry it. */
function withStatus(data: unknown, status: number): unknown {
  return typeof (data as { status?: unknown }).status === "number" ? data : { ...(data as object), status };
}

type Settling<T> = { state: "idle" | "loading" | "submitting"; data: T | undefined };

// Before paint, so that the answer replaces the optimistic state without a frame of the old one.
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Calls `settled(data)` once for each submission or load of `fetcher`, with what the action or
 * loader answered (undefined for an empty answer, such as a 204).
 *
 * By default it runs when the fetcher is back to idle: after the page's data has reloaded, so a
 * navigation it starts is not overtaken by that reload. With `early`, it runs as soon as a new
 * answer arrives: while the page reloads, the component may already be on its way out (a row
 * the action removed), and its toast must not be lost with it.
 */
export function useFetcherSettled<T>(fetcher: Settling<T>, settled: (data: T) => void, options: { early: true }): void;
export function useFetcherSettled<T>(fetcher: Settling<T>, settled: (data: T | undefined) => void, options?: { early?: false }): void;
export function useFetcherSettled<T>(fetcher: Settling<T>, settled: (data: T | undefined) => void, { early = false }: { early?: boolean } = {}): void {
  const latest = useRef(settled);
  latest.current = settled;
  const previous = useRef(fetcher.state);
  const handled = useRef(fetcher.data);
  const { state, data } = fetcher;
  useBeforePaint(() => {
    const was = previous.current;
    previous.current = state;
    if (early) {
      if (data === undefined || data === handled.current) return;
      handled.current = data;
      latest.current(data);
    } else if (was !== "idle" && state === "idle") {
      latest.current(data);
    }
  }, [state, data, early]);
}

/**
 * Whether a loading fetcher shows an answer not yet handed to its read. A fetcher keeps its
 * last answer while it loads the next address, so an answer counts only once the fetcher is
 * idle again: an earlier read's answer that arrived just before a newer read started is then
 * seen while the fetcher loads, and is never taken for the newer read's.
 */
export function isNewAnswer(fetcher: { state: Settling<unknown>["state"]; data: unknown }, handled: unknown): boolean {
  return fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== handled;
}

/** A reader from `useFetcherRead`. */
export type FetcherRead = (href: string, signal?: AbortSignal) => Promise<unknown>;

type Waiting = { resolve: (data: unknown) => void; reject: (reason: unknown) => void };

function cancelled(why: string): DOMException {
  return new DOMException(why, "AbortError");
}

/**
 * A JSON read through a fetcher, as a promise, for reads that are chained, retried or run side
 * by side (one reader, so one fetcher, for each read that may overlap another): `read(href)`
 * loads `href` with `fetcher.load` and resolves with what the loader answered, a failed request
 * included (`{ error, failed: true }`); it never rejects for a failed request. A newer read of
 * the same reader cancels the one before it, and so do `signal` and unmounting: the cancelled
 * read rejects with an AbortError and its answer is dropped. The reloads Remix starts itself
 * after an action resolve no read.
 */
export function useFetcherRead(): FetcherRead {
  const fetcher = useFetcher();
  const waiting = useRef<Waiting | null>(null);
  const handled = useRef(fetcher.data);
  const { state, data } = fetcher;
  useBeforePaint(() => {
    if (!isNewAnswer({ state, data }, handled.current)) return;
    handled.current = data;
    const read = waiting.current;
    waiting.current = null;
    read?.resolve(data);
  }, [state, data]);
  useEffect(
    () => () => {
      waiting.current?.reject(cancelled("The reader is gone"));
      waiting.current = null;
    },
    [],
  );
  const { load } = fetcher;
  return useCallback(
    (href: string, signal?: AbortSignal) =>
      new Promise<unknown>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason ?? cancelled("Cancelled"));
          return;
        }
        waiting.current?.reject(cancelled("A newer read replaced this one"));
        const read: Waiting = { resolve, reject };
        waiting.current = read;
        signal?.addEventListener(
          "abort",
          () => {
            if (waiting.current !== read) return;
            waiting.current = null;
            reject(signal.reason ?? cancelled("Cancelled"));
          },
          { once: true },
        );
        load(href);
      }),
    [load],
  );
}

/** What a component is told when its request got no answer from the app. */
export const UNREACHABLE = "Could not reach the server. Please try again.";
/** What a component is told when the app failed on its side (a 5xx). */
export const SERVER_FAILED = "Something went wrong on our side. Please try again.";

/**
 * A fetcher's request that fails (no network, a 5xx) would otherwise go to the root's error
 * boundary and replace the whole page. For the API routes that fetchers call, it becomes an
 * answer like any other: `{ error, failed: true }`. A component shows it as it shows a refusal,
 * or with its own words through `errorOr`.
 */
async function answerOrError(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    // What the server threw reaches the browser as a route error response: an answer with a
    // text of its own (a 404's `{ error }`) or one that is no failure at all (a sign-in's
    // `{ twoFactorRequired }`) is answered as it is.
    if (isRouteErrorResponse(thrown)) {
      if (errorOf(thrown.data) !== null) return withStatus(thrown.data, thrown.status);
      if (thrown.status < 400 && thrown.data && typeof thrown.data === "object") return thrown.data;
      return { error: SERVER_FAILED, failed: true };
    }
    if (thrown instanceof Response) {
      if (thrown.status >= 300 && thrown.status < 400) throw thrown;
      const body: unknown = await thrown.json().catch(() => null);
      return errorOf(body) !== null ? withStatus(body, thrown.status) : { error: SERVER_FAILED, failed: true };
    }
    if (thrown instanceof TypeError) return { error: UNREACHABLE, failed: true };
    return { error: SERVER_FAILED, failed: true };
  }
}

/** The clientAction of every API route a fetcher submits to. */
export function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<unknown> {
  return answerOrError(serverAction);
}

/** The clientLoader of every API route a fetcher loads. */
export function clientLoader({ serverLoader }: ClientLoaderFunctionArgs): Promise<unknown> {
  return answerOrError(serverLoader);
}
