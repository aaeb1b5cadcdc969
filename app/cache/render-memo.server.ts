// A page's markup reused while its data stays the same. React's markup is a function of what
// the loaders answered, the address and the moment the relative times ("5m ago") were counted
// from. So a document whose route's handle says `cache: "visitors"` or `"render"` is kept under:
// - its address (scheme, host, path and query);
// - a digest of every route's loader data, the reader's included (each route's top-level
//   `now`, the moment of the request, is left out of the digest: see below).
// The loaders still run for every request, so a like, a comment, a new notification or a
// changed setting is new data and the page is rendered again: a reused page is never older
// than the data. What a reuse saves is React's rendering and the data script's encoding.
// A page is kept on its second render with the same key (RENDER_SIGHTINGS): most of a crowd's
// pages are read once per reader and data, and are not worth a copy.
//
// Time: a kept page is good only while every relative time it can show still reads the same.
// Every date in the loader data (ISO text or a Date) bounds it: a date d from the page's
// moment holds until |d| crosses the next whole second (under a minute), minute (under an
// hour), hour (under a day), day (under a week) or week. RENDER_REUSE_SECONDS caps it in any
// case.
//
// Only plain data is digested: text, numbers, booleans, null, dates, arrays and plain objects. A
// Map, a class instance or a promise (deferred data) makes the page one that is not kept.
// Each process keeps at most RENDERED_PAGES_BYTES of pages (RENDERED_PAGE_BYTES each, in
// budgets.ts), the least recently reused going first. A page is kept as the bytes sent, with
// the places of its nonce (nonce-markup.ts).
import { createHash } from "node:crypto";
import { RENDER_SIGHTINGS, RENDERED_PAGE_BYTES, RENDERED_PAGES_BYTES } from "./budgets";
import { createKeptTexts } from "./kept-texts.server";
import { nonceMarkup, withNewNonce, type NonceMarkup } from "./nonce-markup";
import { relativeTimeHolds } from "~/lib/rules/relative-time";

export type RenderRequest = {
  /** The whole address (scheme, host, path, query). */
  url: string;
  /** Each route's loader data, by route id. */
  loaderData: Record<string, unknown>;
  /** When the render happens (its loaders' `now` when they give one). */
  at: number;
  /** The longest a page is kept, in ms. */
  maxAgeMs: number;
};

export type RenderStamp = { key: string; validUntil: number };

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}|$)/;

/** What a render is kept under and until when; null when its data is not plain. */
export function renderStamp(request: RenderRequest): RenderStamp | null {
  let at = request.at;
  const dates: number[] = [];
  const data: Record<string, unknown> = {};
  for (const [routeId, value] of Object.entries(request.loaderData)) {
    if (isPlainObject(value) && typeof value.now === "number") {
      const { now, ...rest } = value;
      at = Math.min(at, now as number);
      data[routeId] = rest;
    } else {
      data[routeId] = value;
    }
  }
  // Walked once for its dates and its plainness, then serialized by JSON.stringify without a
  // replacer (which keeps V8's fast path: half the time of one walk with a replacer).
  if (!collectDates(data, dates)) return null;
  const text = JSON.stringify(data);
  let holds = request.maxAgeMs;
  for (const date of dates) if (!Number.isNaN(date)) holds = Math.min(holds, relativeTimeHolds(date, at));
  const digest = createHash("sha256").update(text).digest("base64url");
  return { key: `${request.url}\n${digest}`, validUntil: at + holds };
}

/** Pushes every date text found in `value` onto `dates`; false when `value` is not plain data. */
function collectDates(value: unknown, dates: number[]): boolean {
  switch (typeof value) {
    case "string":
      // "2026-11-27…": the fifth character is a hyphen.
      if (value.length >= 10 && value.charCodeAt(4) === 45 && DATE_TEXT.test(value)) dates.push(Date.parse(value));
      return true;
    case "number":
    case "boolean":
    case "undefined":
      return true;
    case "object":
      if (value === null) return true;
      if (Array.isArray(value)) return value.every((item) => collectDates(item, dates));
      if (value instanceof Date) {
        dates.push(value.getTime());
        return true;
      }
      if (!isPlainObject(value)) return false;
      for (const key in value) if (!collectDates(value[key], dates)) return false;
      return true;
    default:
      return false;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A kept page: its bytes, with the places of its nonce. */
type KeptRender = { text: Buffer; markup: NonceMarkup; validUntil: number };
type Markup = Buffer<ArrayBuffer>;

export type RenderMemo = {
  /** The kept markup for `stamp`, with `nonce` in place of the kept one; null if none holds. */
  take(stamp: RenderStamp, nonce: string, now?: number): Markup | null;
  /**
   * A render of `stamp` ended with `html` (sent with `nonce`): kept when the same key was
   * rendered before, among the last renders remembered. A page read once, as most of a crowd's
   * are, is not copied, scanned for its nonce and held for nothing.
   */
  rendered(stamp: RenderStamp, html: Markup, nonce: string): void;
  /** How many pages are kept (tests). */
  size(): number;
};

function kept(html: Markup, nonce: string, validUntil: number): KeptRender {
  return { text: html, markup: nonceMarkup(html, nonce), validUntil };
}

export function createRenderMemo({ maxBytes = RENDERED_PAGES_BYTES, maxPageBytes = RENDERED_PAGE_BYTES, sightings = RENDER_SIGHTINGS } = {}): RenderMemo {
  const pages = createKeptTexts<KeptRender>({ maxChars: maxBytes, maxEntryChars: maxPageBytes });
  // The keys of the last `sightings` renders not kept.
  const seen = new Set<string>();
  const seenBefore = (key: string) => {
    if (seen.delete(key)) return true;
    seen.add(key);
    if (seen.size > sightings) seen.delete(seen.values().next().value as string);
    return false;
  };
  // A nonce shorter than 16 characters could also be found in the markup by chance.
  const keepable = (nonce: string) => nonce.length >= 16;
  return {
    take(stamp, nonce, now = Date.now()) {
      const page = pages.get(stamp.key, now);
      return page ? withNewNonce(page.markup, nonce) : null;
    },
    rendered(stamp, html, nonce) {
      if (seenBefore(stamp.key) && keepable(nonce)) pages.set(stamp.key, kept(html, nonce, stamp.validUntil));
    },
    size: pages.size,
  };
}
