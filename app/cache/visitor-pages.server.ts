// Pages kept for visitors. A page that reads the same for every visitor (its route's handle
// says `cache: "visitors"`) is rendered for the first visitor and answered from memory to
// the ones after, until the database changes or VISITOR_CACHE_SECONDS pass.
//
// The rules:
// - Only a GET without the app's own cookies (a session, a flash message, a sign-in flow:
//   all named `__…`) and without Authorization is answered from the cache or kept in it: a
//   member always gets a render of their own.
// - Only a 200 that sets no cookie, is text (HTML or JSON) and says neither `private` nor
//   `no-store` is kept; at most VISITOR_PAGE_BYTES each, VISITOR_PAGES in all (budgets.ts; the
//   least recently answered goes first).
// - A kept page names the stamp it was read at and the keys of what it shows (its answer's
//   X-Kept-Keys header, taken off before it goes out: data-keys.ts). Once a commit, by this
//   process or another, another instance or a script, names one of those keys or changes
//   anything that has no key (freshness.server.ts), the page is rendered again. A page that
//   names no keys is rendered again after any commit the change log records.
// - Every answer gets a fresh CSP nonce: the kept nonce is replaced in the headers and the
//   markup, so no two answers share one. An answer from memory says how old it is (Age, in
//   seconds), as a shared cache's answers do.
// - What a request is kept under: its host and scheme (as a trusted proxy names them: the
//   answer's HSTS header follows the scheme), its address (path and query), its Accept header,
//   and its other cookies (the theme a reader chose). Crawlers and browsers get the same page.
import { hasAppCookie } from "~/lib/server/security-headers.server";
import { VISITOR_PAGE_BYTES, VISITOR_PAGES } from "./budgets";
import type { Freshness, Stamp } from "./freshness.server";
import { withNewNonce, type NonceMarkup } from "./nonce-markup";

/** The largest page kept, in bytes. */
export const MAX_PAGE_BYTES = VISITOR_PAGE_BYTES;

/** What a request needs for the cache: its method, address and headers. */
export type CacheableRequest = { method: string; url: string; headers: Record<string, string | string[] | undefined> };

export type KeptPage = {
  status: number;
  headers: Array<[string, string]>;
  /** The body as sent, with the CSP nonce it carries, replaced in every answer (nonce-markup.ts). */
  body: NonceMarkup;
  /** The stamp the page was read at, and the keys of what it shows (null: anything). */
  stamp: Stamp;
  keys: readonly string[] | null;
  storedAt: number;
  expiresAt: number;
};

/** Headers that belong to one answer on one connection (or say how it was made), never kept. */
const PER_ANSWER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "server-timing", "x-request-id"]);

function header(request: CacheableRequest, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

/** The parts of a Fetch API request the cache reads. */
export function cacheableRequest(request: Request): CacheableRequest {
  const url = new URL(request.url);
  const headers: CacheableRequest["headers"] = {};
  for (const name of ["host", "x-forwarded-proto", "accept", "cookie", "authorization"]) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { method: request.method, url: url.pathname + url.search, headers };
}

/** What a request is kept under, or null when it is not a visitor's GET. */
export function visitorCacheKey(request: CacheableRequest): string | null {
  if (request.method !== "GET") return null;
  const cookies = header(request, "cookie");
  if (hasAppCookie(cookies) || request.headers.authorization !== undefined) return null;
  return [header(request, "host"), header(request, "x-forwarded-proto"), request.url, header(request, "accept"), cookies].join("\n");
}

/** The nonce a Content-Security-Policy allows scripts by, if any. */
export function policyNonce(policy: string | null | undefined): string | null {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1] ?? null;
}

/** Whether an answer may be kept for the visitors after. */
export function keepable(answer: { status: number; contentType: string; cacheControl: string; setsCookie: boolean; bytes: number }): boolean {
  if (answer.status !== 200 || answer.setsCookie || answer.bytes > MAX_PAGE_BYTES) return false;
  if (!/^(text\/html|application\/json)\b/i.test(answer.contentType)) return false;
  return !/\b(private|no-store)\b/i.test(answer.cacheControl);
}

/** The headers worth keeping of an answer's. */
export function keptHeaders(headers: Headers | Record<string, number | string | string[] | undefined>): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const [name, value] of headers instanceof Headers ? headers.entries() : Object.entries(headers)) {
    if (value === undefined || PER_ANSWER_HEADERS.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) kept.push([name, one]);
  }
  return kept;
}

/** A kept page as this answer sends it: the kept nonce replaced by `nonce` everywhere. */
export function withNonce(page: KeptPage, nonce: string): { headers: Array<[string, string]>; body: Buffer<ArrayBuffer> } {
  const old = page.body.nonce;
  return {
    headers: old ? page.headers.map(([name, value]) => [name, value.replaceAll(old, nonce)]) : page.headers,
    body: withNewNonce(page.body, nonce),
  };
}

export type PageCache = {
  /** The stamp of this moment, or null when pages cannot be kept (nothing to check them against). */
  stamp(): Promise<Stamp | null>;
  /** The kept page for `key`, if it still holds. */
  get(key: string, now?: number): KeptPage | null;
  put(key: string, page: Omit<KeptPage, "storedAt" | "expiresAt">, now?: number): void;
  /** How many pages are kept (tests). */
  size(): number;
};

/** A cache of `ttlMs` per page (0: nothing is kept), checked against `freshness` (asked anew each time: the build's). */
export function createPageCache(options: { ttlMs: number; freshness: () => Freshness | null; maxPages?: number }): PageCache {
  const maxPages = options.maxPages ?? VISITOR_PAGES;
  const pages = new Map<string, KeptPage>();
  return {
    stamp: async () => (options.ttlMs > 0 ? ((await options.freshness()?.now()) ?? null) : null),
    get(key, now = Date.now()) {
      const page = pages.get(key);
      if (!page) return null;
      if (page.expiresAt <= now || !options.freshness()?.holds(page.stamp, page.keys)) {
        pages.delete(key);
        return null;
      }
      // Answered again: it goes to the back of the line for eviction.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    put(key, page, now = Date.now()) {
      if (options.ttlMs <= 0) return;
      pages.delete(key);
      pages.set(key, { ...page, storedAt: now, expiresAt: now + options.ttlMs });
      while (pages.size > maxPages) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
    },
    size: () => pages.size,
  };
}
