// What the auth actions answer a fetcher (no `redirectTo` sent, so JSON, 4xx included), and
// the one hook the sign-in forms submit with. Pending comes from the fetcher's state and the
// outcome from its data; each answer is handed to `onAnswer` once.
import { useEffect, useRef } from "react";
import { useFetcher } from "@remix-run/react";
import type { AuthOutcome } from "./login-state";

export type AuthAnswer = Record<string, unknown>;

export function userOf(data: AuthAnswer | undefined): AuthOutcome["user"] | null {
  const user = data?.user as Partial<AuthOutcome["user"]> | undefined;
  if (!user || typeof user.id !== "number" || typeof user.email !== "string" || typeof user.username !== "string") return null;
  return { id: user.id, email: user.email, username: user.username };
}

/** Where to go when the sign-in answered `{ twoFactorRequired: true, redirectTo }`, else null. */
export function twoFactorTargetOf(data: AuthAnswer | undefined): string | null {
  if (data?.twoFactorRequired !== true) return null;
  const target = data.redirectTo;
  return typeof target === "string" && target.startsWith("/") && !target.startsWith("//") ? target : "/two-factor";
}

export function loginTimeOf(data: AuthAnswer | undefined): string | undefined {
  const session = data?.session as { loginTime?: unknown } | undefined;
  return typeof session?.loginTime === "string" ? session.loginTime : undefined;
}

/**
 * A fetcher for one auth action. `submit(fields)` posts them as JSON without `redirectTo`, so
 * the action answers JSON (a two-factor account too, where a form post would be sent on to
 * the challenge page); `onAnswer` runs once for each answer.
 */
export function useAuthFetcher(action: string, onAnswer: (data: AuthAnswer) => void, { afterRevalidation = true } = {}) {
  const fetcher = useFetcher<AuthAnswer>();
  const latest = useRef(onAnswer);
  latest.current = onAnswer;

  // Each answer is handled once the fetcher is idle again, after Remix has revalidated the
  // page's data, so what the answer starts (a navigation) does not race that revalidation;
  // with `afterRevalidation: false` as soon as it arrives, for a form that the revalidated
  // page no longer shows. An answer that is not a JSON object reads as one without an error text.
  const busy = fetcher.state !== "idle";
  const waiting = afterRevalidation ? busy : fetcher.state === "submitting";
  const wasWaiting = useRef(waiting);
  const data = answerOf(fetcher.data);
  useEffect(() => {
    const ended = wasWaiting.current && !waiting;
    wasWaiting.current = waiting;
    if (ended) latest.current(data ?? {});
  }, [waiting, data]);

  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post", action, encType: "application/json" });
  return { submit, pending: busy, data };
}

function answerOf(data: unknown): AuthAnswer | undefined {
  if (data === undefined) return undefined;
  return data && typeof data === "object" && !Array.isArray(data) ? (data as AuthAnswer) : {};
}
