// Visitors' pages from memory (app/cache/visitor-pages.server.ts), around the app's handler
// (Request -> Response): a kept page is answered with a fresh nonce; otherwise the app answers,
// and its body is kept on the way to the client when the answer may be kept, with the keys its
// X-Kept-Keys header names. That header is the app's word to this cache: no answer carries it out.
import type { AppLoadContext } from "@remix-run/node";
import { createNonce } from "../app/lib/server/security-headers.server";
import {
  cacheableRequest,
  keepable,
  keptHeaders,
  MAX_PAGE_BYTES,
  policyNonce,
  visitorCacheKey,
  withNonce,
  type KeptPage,
  type PageCache,
} from "../app/cache/visitor-pages.server";
import { KEPT_KEYS_HEADER } from "../app/cache/data-keys";
import { nonceMarkup } from "../app/cache/nonce-markup";
import type { FactsOf } from "./route-facts";

/** The app as the server calls it: a request in, its answer out. */
export type AppHandler = (request: Request, loadContext?: AppLoadContext) => Promise<Response>;

/**
 * `handler` with the visitors' pages in front. Only a visitor's GET of a route whose handle
 * says `cache: "visitors"` is answered from memory or kept, and only while the cache has a data
 * version (never in development). `counted(hit)` hears of every lookup.
 */
export function visitorPages(handler: AppHandler, cache: PageCache, factsOf: FactsOf, counted?: (hit: boolean) => void): AppHandler {
  return async (request, loadContext) => {
    const key = factsOf()(new URL(request.url).pathname).visitorCache ? visitorCacheKey(cacheableRequest(request)) : null;
    const stamp = key === null ? null : await cache.stamp();
    if (key === null || stamp === null) return withoutKeys(await handler(request, loadContext));
    const kept = cache.get(key);
    counted?.(kept !== null);
    if (kept) return keptAnswer(kept);
    const answer = await handler(request, loadContext);
    const keys = answer.headers.get(KEPT_KEYS_HEADER);
    return keptOnTheWay(withoutKeys(answer), (page) => cache.put(key, { ...page, stamp, keys: keys === null ? null : keys.split(" ").filter(Boolean) }));
  };
}

/** The answer without the keys it names for this cache. */
function withoutKeys(answer: Response): Response {
  if (answer.headers.has(KEPT_KEYS_HEADER)) answer.headers.delete(KEPT_KEYS_HEADER);
  return answer;
}

/** A kept page as a new answer: a fresh nonce in its policy and markup, its age, its length. */
function keptAnswer(kept: KeptPage): Response {
  const { headers, body } = withNonce(kept, createNonce());
  const answer = new Headers();
  for (const [name, value] of headers) answer.append(name, value);
  answer.set("Age", String(Math.floor((Date.now() - kept.storedAt) / 1000)));
  answer.set("Content-Length", String(body.length));
  return new Response(body, { status: kept.status, headers: answer });
}

/**
 * The app's answer as it goes out. When it may be kept, its body still reaches the client
 * chunk by chunk as the app writes it, and a copy is kept once it is whole (dropped when it
 * grows past MAX_PAGE_BYTES); any other answer is passed on untouched.
 */
function keptOnTheWay(response: Response, keep: (page: Omit<KeptPage, "stamp" | "keys" | "storedAt" | "expiresAt">) => void): Response {
  const { status, headers } = response;
  const declared = Number(headers.get("Content-Length") ?? 0);
  const answer = {
    status,
    contentType: headers.get("Content-Type") ?? "",
    cacheControl: headers.get("Cache-Control") ?? "",
    setsCookie: headers.has("Set-Cookie"),
    bytes: declared,
  };
  if (!response.body || !keepable(answer)) return response;
  const reader = response.body.getReader();
  let chunks: Uint8Array[] | null = [];
  let bytes = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        if (chunks) keep({ status, headers: keptHeaders(headers), body: nonceMarkup(Buffer.concat(chunks), policyNonce(headers.get("Content-Security-Policy"))) });
        controller.close();
        return;
      }
      bytes += value.byteLength;
      chunks = chunks && bytes <= MAX_PAGE_BYTES ? (chunks.push(value), chunks) : null;
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status, statusText: response.statusText, headers });
}
