// The clientAction of the resource routes that forms reach through fetchers (sign-in, sign-up,
// reset, one-time codes, session refresh). A fetcher's failed request would otherwise go to the
// page's error boundary and replace the page; here it becomes an answer the form shows:
//   the action's JSON answer (4xx included)      → as it is
//   a redirect                                   → goes on as a redirect
//   a response the action threw (`{ error }`)    → its JSON body
//   a 4xx/5xx that never reached the app         → its body when that is a JSON object, else {}
//   no answer at all (network down)              → { unreachable: true }
// An answer without an `error` text makes the form show its fixed fallback message.
import type { ClientActionFunctionArgs } from "@remix-run/react";

function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export async function answerForFetcher({ serverAction }: ClientActionFunctionArgs): Promise<unknown> {
  try {
    return await serverAction();
  } catch (thrown) {
    if (thrown instanceof Response) {
      if (thrown.status >= 300 && thrown.status < 400) throw thrown;
      return objectOf(await thrown.json().catch(() => null));
    }
    if (thrown instanceof TypeError) return { unreachable: true };
    // Remix reports an answer from something between us and the app as an Error holding its body.
    if (thrown instanceof Error) {
      try {
        return objectOf(JSON.parse(thrown.message));
      } catch {
        return {};
      }
    }
    return {};
  }
}
