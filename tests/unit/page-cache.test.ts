// The visitors' page cache (app/cache/visitor-pages.server.ts): who shares a render, what is kept,
// when a kept page is no longer good, and the fresh nonce of every answer.
import { describe, expect, it } from "vitest";
import { createFreshness } from "~/cache/freshness.server";
import { nonceMarkup } from "~/cache/nonce-markup";
import { createPageCache, keepable, keptHeaders, MAX_PAGE_BYTES, policyNonce, visitorCacheKey, withNonce, type KeptPage } from "~/cache/visitor-pages.server";
import { fakeChanges } from "../support/changes";

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const visitor = { method: "GET", url: "/post/7", headers: { host: "cars.local", accept: "text/html", "user-agent": BROWSER } };

/** A page read at `stamp` that shows `keys` (null: anything). */
function page(
  stamp: number,
  body = "<p>Turbo day</p>",
  keys: readonly string[] | null = ["post:7"],
  nonce: string | null = null,
): Omit<KeptPage, "storedAt" | "expiresAt"> {
  return { status: 200, headers: [["Content-Type", "text/html; charset=utf-8"]], body: nonceMarkup(Buffer.from(body), nonce), stamp, keys };
}

/** A cache checked against a change source the test moves. */
function cacheOf(options: { ttlMs?: number; maxPages?: number } = {}) {
  const changes = fakeChanges();
  const freshness = createFreshness(changes);
  const cache = createPageCache({ ttlMs: options.ttlMs ?? 10_000, freshness: () => freshness, maxPages: options.maxPages });
  /** A commit naming `keys`, seen by the cache's next stamp (as the next request takes it). */
  const commit = async (...keys: string[]) => {
    changes.commit(...keys);
    await cache.stamp();
  };
  return { cache, commit };
}

describe("who shares a kept page", () => {
  it("visitors asking for the same address alike share one key", () => {
    expect(visitorCacheKey(visitor)).toBe(visitorCacheKey({ ...visitor, headers: { ...visitor.headers } }));
  });

  it("a member, anyone with the app's cookies or credentials, and anything but GET, is never answered from memory", () => {
    expect(visitorCacheKey({ ...visitor, headers: { ...visitor.headers, cookie: "__session=abc" } })).toBeNull();
    expect(visitorCacheKey({ ...visitor, headers: { ...visitor.headers, cookie: "themeMode=dark; __flash=x" } })).toBeNull();
    expect(visitorCacheKey({ ...visitor, headers: { ...visitor.headers, authorization: "Bearer x" } })).toBeNull();
    for (const method of ["HEAD", "POST", "OPTIONS"]) expect(visitorCacheKey({ ...visitor, method })).toBeNull();
  });

  it("another address, query, host, scheme, Accept or theme is another page", () => {
    const keys = [
      visitorCacheKey(visitor),
      visitorCacheKey({ ...visitor, url: "/post/8" }),
      visitorCacheKey({ ...visitor, url: "/post/7?comments=all" }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, host: "other.local" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, "x-forwarded-proto": "https" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, accept: "application/json" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, cookie: "themeMode=dark" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, cookie: "themeMode=light" } }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a crawler shares the page a browser reads: both get the same document", () => {
    const crawler = { ...visitor, headers: { ...visitor.headers, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } };
    expect(visitorCacheKey(crawler)).toBe(visitorCacheKey(visitor));
  });
});

describe("what is kept", () => {
  const ok = { status: 200, contentType: "text/html; charset=utf-8", cacheControl: "", setsCookie: false, bytes: 50_000 };

  it("a page or JSON answered 200 to everyone", () => {
    expect(keepable(ok)).toBe(true);
    expect(keepable({ ...ok, contentType: "application/json; charset=utf-8", cacheControl: "public, max-age=10" })).toBe(true);
  });

  it("never an error, a redirect, a cookie, a private answer, a file or a page too large", () => {
    expect(keepable({ ...ok, status: 404 })).toBe(false);
    expect(keepable({ ...ok, status: 302 })).toBe(false);
    expect(keepable({ ...ok, setsCookie: true })).toBe(false);
    expect(keepable({ ...ok, cacheControl: "private, no-store" })).toBe(false);
    expect(keepable({ ...ok, cacheControl: "no-store" })).toBe(false);
    expect(keepable({ ...ok, contentType: "image/webp" })).toBe(false);
    expect(keepable({ ...ok, bytes: MAX_PAGE_BYTES + 1 })).toBe(false);
  });

  it("the headers of the page, less those of one answer on one connection", () => {
    const headers = keptHeaders({
      "content-type": "text/html",
      "content-length": "12",
      "transfer-encoding": "chunked",
      date: "x",
      "server-timing": 'render;desc="reused"',
      "x-frame-options": "SAMEORIGIN",
      link: ["<a>", "<b>"],
    });
    expect(headers).toEqual([
      ["content-type", "text/html"],
      ["x-frame-options", "SAMEORIGIN"],
      ["link", "<a>"],
      ["link", "<b>"],
    ]);
  });
});

describe("a kept page", () => {
  it("is answered while nothing it shows changed and its time lasts", async () => {
    const { cache } = cacheOf();
    const stamp = (await cache.stamp())!;
    cache.put("k", page(stamp), 1_000);
    expect(cache.get("k", 5_000)?.body.bytes.toString()).toBe("<p>Turbo day</p>");
    expect(cache.get("k", 5_000)?.storedAt).toBe(1_000);
    expect(cache.get("k", 11_000)).toBeNull();
    expect(cache.size()).toBe(0);
  });

  it("holds after a commit that names what it does not show, and is rendered again after one that names what it shows", async () => {
    const { cache, commit } = cacheOf();
    const stamp = (await cache.stamp())!;
    cache.put("k", page(stamp, "<p>Turbo day</p>", ["post:7", "car:3"]), 1_000);
    await commit("post:8", "car:4");
    expect(cache.get("k", 1_001)?.body.bytes.toString()).toBe("<p>Turbo day</p>");
    await commit("car:3");
    expect(cache.get("k", 1_002)).toBeNull();
  });

  it("is rendered again after a commit that changes what has no key ('*')", async () => {
    const { cache, commit } = cacheOf();
    cache.put("k", page((await cache.stamp())!), 1_000);
    await commit("*");
    expect(cache.get("k", 1_001)).toBeNull();
  });

  it("that names no keys is rendered again after any commit the log names, not after a private write", async () => {
    const { cache, commit } = cacheOf();
    cache.put("k", page((await cache.stamp())!, "<p>Turbo day</p>", null), 1_000);
    await commit();
    expect(cache.get("k", 1_001)?.body.bytes.toString()).toBe("<p>Turbo day</p>");
    await commit("post:8");
    expect(cache.get("k", 1_002)).toBeNull();
  });

  it("keeps nothing when its time is 0, or when the database has nothing to check pages against", async () => {
    const { cache: off } = cacheOf({ ttlMs: 0 });
    off.put("k", page(1));
    expect(off.size()).toBe(0);
    expect(await off.stamp()).toBeNull();
    expect(await createPageCache({ ttlMs: 10_000, freshness: () => null }).stamp()).toBeNull();
    expect(await createPageCache({ ttlMs: 10_000, freshness: () => createFreshness(null) }).stamp()).toBeNull();
  });

  it("gives way, least recently answered first, past the most pages kept", async () => {
    const { cache } = cacheOf({ maxPages: 2 });
    const stamp = (await cache.stamp())!;
    cache.put("a", page(stamp, "a"), 0);
    cache.put("b", page(stamp, "b"), 0);
    expect(cache.get("a", 1)?.body.bytes.toString()).toBe("a");
    cache.put("c", page(stamp, "c"), 2);
    expect(cache.get("b", 3)).toBeNull();
    expect(cache.get("a", 3)?.body.bytes.toString()).toBe("a");
    expect(cache.get("c", 3)?.body.bytes.toString()).toBe("c");
  });
});

describe("the nonce of an answer from memory", () => {
  it("is the new one everywhere the kept one was, in the policy and the markup", () => {
    const old = "rinEgj8gQJdbE+xFIqYNnA==";
    const policy = `default-src 'self'; script-src 'self' 'nonce-${old}'`;
    expect(policyNonce(policy)).toBe(old);
    const kept: KeptPage = {
      // Characters of two to four bytes before a nonce: its places are counted in bytes.
      ...page(1, `<script nonce="${old}">a()</script><p>Öhlins · 日本 🏁</p><link rel="modulepreload" nonce="${old}"><p>nonce talk</p>`, null, old),
      headers: [["Content-Security-Policy", policy]],
      storedAt: 0,
      expiresAt: 1,
    };
    const fresh = "ugfyRJYuoZuuqzK6RokSag==";
    const answer = withNonce(kept, fresh);
    expect(answer.headers).toEqual([["Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${fresh}'`]]);
    expect(answer.body.toString()).toBe(`<script nonce="${fresh}">a()</script><p>Öhlins · 日本 🏁</p><link rel="modulepreload" nonce="${fresh}"><p>nonce talk</p>`);
    // The kept page still carries its own, for the next answer.
    expect(kept.body.bytes.toString()).toContain(old);
    expect(withNonce(kept, "bm9uY2UtdGhyZWUtMTIzNA==").body.toString()).toContain(`nonce="bm9uY2UtdGhyZWUtMTIzNA=="`);
  });

  it("leaves a page without scripts (the embed) as it was", () => {
    expect(policyNonce("default-src 'self'; script-src 'none'")).toBeNull();
    const kept: KeptPage = { ...page(1), storedAt: 0, expiresAt: 1 };
    expect(withNonce(kept, "abc").body.toString()).toBe("<p>Turbo day</p>");
  });
});
