// A page's markup reused while its data stays the same. React's markup is a function of what
// the loaders answered, the address and the moment the relative times ("5m ago") were counted
// from. So a document whose route's handle says `cache: "visitors"` or `"render"` is kept under:
// - its address (scheme, host, path and query);
// - a digest of every route's loader data, the reader's included (each route's top-level
//   `now`, the moment of the request, is left out of the digest: see below).
// The loaders still run for every request, so a like, a comment, a new notification or a
// changed setting is new data and the page is rendered again: a reused page is never older
// than the data. What a reuse saves is React's rendering and the data script's encoding.
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
import { RENDERED_PAGE_BYTES, RENDERED_PAGES_BYTES } from "./budgets";
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
   * The markup of a render of `stamp` still under way, once it ends (with `nonce` in place),
   * or null when none is under way. Its promise gives null if that render fails.
   */
  awaitRender(stamp: RenderStamp, nonce: string): Promise<Markup | null> | null;
  /**
   * A render of `stamp` starts: requests for the same page wait for it (awaitRender) rather
   * than render it again. Call `end` once with its markup, or with null when it fails.
   */
  startRender(stamp: RenderStamp, nonce: string): { end(html: Markup | null): void };
  keep(stamp: RenderStamp, html: Markup, nonce: string): void;
  /** How many pages are kept (tests). */
  size(): number;
};

function kept(html: Markup, nonce: string, validUntil: number): KeptRender {
  return { text: html, markup: nonceMarkup(html, nonce), validUntil };
}

export function createRenderMemo({ maxBytes = RENDERED_PAGES_BYTES, maxPageBytes = RENDERED_PAGE_BYTES } = {}): RenderMemo {
  const pages = createKeptTexts<KeptRender>({ maxChars: maxBytes, maxEntryChars: maxPageBytes });
  const rendering = new Map<string, { validUntil: number; done: Promise<KeptRender | null> }>();
  // A nonce shorter than 16 characters could also be found in the markup by chance.
  const keepable = (nonce: string) => nonce.length >= 16;
  return {
    take(stamp, nonce, now = Date.now()) {
      const page = pages.get(stamp.key, now);
      return page ? withNewNonce(page.markup, nonce) : null;
    },
    awaitRender(stamp, nonce) {
      const render = rendering.get(stamp.key);
      if (!render) return null;
      // Its relative times may have moved on by the time it ends: then this request renders.
      return render.done.then((page) => (page === null || render.validUntil <= Date.now() ? null : withNewNonce(page.markup, nonce)));
    },
    startRender(stamp, nonce) {
      let settle!: (page: KeptRender | null) => void;
      const done = new Promise<KeptRender | null>((resolve) => (settle = resolve));
      const render = { validUntil: stamp.validUntil, done };
      rendering.set(stamp.key, render);
      let ended = false;
      return {
        end: (html) => {
          if (ended) return;
          ended = true;
          if (rendering.get(stamp.key) === render) rendering.delete(stamp.key);
          const page = html !== null && keepable(nonce) ? kept(html, nonce, stamp.validUntil) : null;
          if (page) pages.set(stamp.key, page);
          settle(page);
        },
      };
    },
    keep(stamp, html, nonce) {
      if (keepable(nonce)) pages.set(stamp.key, kept(html, nonce, stamp.validUntil));
    },
    size: pages.size,
  };
}
