// The clientAction of the resource routes that forms reach through fetchers (sign-in, sign-up,
// reset, one-time codes, session refresh). The fetcher's submission goes to the route's own
// URL as it is, and its JSON answer (4xx included) becomes fetcher.data. Routed through Remix's
// data requests instead, a failed request would go to the page's error boundary and replace
// the page, and an answer that did not come from the app could not be read at all. Here:
//   a JSON object answer, of any status       → as it is
//   any other answer (a bare 500, a proxy's)  → {} (the form shows its fixed fallback message)
//   no answer at all (network down)           → { unreachable: true }
import type { ClientActionFunctionArgs } from "@remix-run/react";

export async function answerForFetcher({ request }: ClientActionFunctionArgs): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: await request.text(),
    });
  } catch {
    return { unreachable: true };
  }
  const data: unknown = await response.json().catch(() => null);
  return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}
