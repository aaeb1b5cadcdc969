// The visitors' page cache (app/cache/visitor-pages.server.ts): who shares a render, what is kept,
// when a kept page is no longer good, and the fresh nonce of every answer.
import { describe, expect, it } from "vitest";
import { createPageCache, keepable, keptHeaders, MAX_PAGE_BYTES, policyNonce, visitorCacheKey, withNonce, type KeptPage } from "~/cache/visitor-pages.server";

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const visitor = { method: "GET", url: "/post/7", headers: { host: "cars.local", accept: "text/html", "user-agent": BROWSER } };

function page(version: number, body = "<p>Turbo day</p>"): Omit<KeptPage, "storedAt" | "expiresAt"> {
  return { status: 200, headers: [["Content-Type", "text/html; charset=utf-8"]], body, nonce: null, version };
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

  it("another address, query, host, scheme, Accept, theme or a crawler is another page", () => {
    const keys = [
      visitorCacheKey(visitor),
      visitorCacheKey({ ...visitor, url: "/post/8" }),
      visitorCacheKey({ ...visitor, url: "/post/7?comments=all" }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, host: "other.local" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, "x-forwarded-proto": "https" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, accept: "application/json" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, cookie: "themeMode=dark" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, cookie: "themeMode=light" } }),
      visitorCacheKey({ ...visitor, headers: { ...visitor.headers, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
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
  it("is answered while the data version holds and its time lasts", () => {
    const cache = createPageCache({ ttlMs: 10_000, version: () => 1 });
    cache.put("k", page(1), 1_000);
    expect(cache.get("k", 1, 5_000)?.body).toBe("<p>Turbo day</p>");
    expect(cache.get("k", 1, 5_000)?.storedAt).toBe(1_000);
    expect(cache.get("k", 1, 11_000)).toBeNull();
    expect(cache.size()).toBe(0);
  });

  it("is rendered again once anything commits to the database", () => {
    const cache = createPageCache({ ttlMs: 10_000, version: () => 2 });
    cache.put("k", page(1), 1_000);
    expect(cache.get("k", 2, 1_001)).toBeNull();
  });

  it("keeps nothing when its time is 0, or when the database has no version", async () => {
    const off = createPageCache({ ttlMs: 0, version: () => 1 });
    off.put("k", page(1));
    expect(off.size()).toBe(0);
    expect(await off.version()).toBeNull();
    expect(await createPageCache({ ttlMs: 10_000, version: () => null }).version()).toBeNull();
  });

  it("gives way, least recently answered first, past the most pages kept", () => {
    const cache = createPageCache({ ttlMs: 10_000, version: () => 1, maxPages: 2 });
    cache.put("a", page(1, "a"), 0);
    cache.put("b", page(1, "b"), 0);
    expect(cache.get("a", 1, 1)?.body).toBe("a");
    cache.put("c", page(1, "c"), 2);
    expect(cache.get("b", 1, 3)).toBeNull();
    expect(cache.get("a", 1, 3)?.body).toBe("a");
    expect(cache.get("c", 1, 3)?.body).toBe("c");
  });
});

describe("the nonce of an answer from memory", () => {
  it("is the new one everywhere the kept one was, in the policy and the markup", () => {
    const old = "rinEgj8gQJdbE+xFIqYNnA==";
    const policy = `default-src 'self'; script-src 'self' 'nonce-${old}'`;
    expect(policyNonce(policy)).toBe(old);
    const kept: KeptPage = {
      ...page(1, `<script nonce="${old}">a()</script><link rel="modulepreload" nonce="${old}"><p>nonce talk</p>`),
      headers: [["Content-Security-Policy", policy]],
      nonce: old,
      storedAt: 0,
      expiresAt: 1,
    };
    const fresh = "ugfyRJYuoZuuqzK6RokSag==";
    const answer = withNonce(kept, fresh);
    expect(answer.headers).toEqual([["Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${fresh}'`]]);
    expect(answer.body).toBe(`<script nonce="${fresh}">a()</script><link rel="modulepreload" nonce="${fresh}"><p>nonce talk</p>`);
    expect(answer.body).not.toContain(old);
  });

  it("leaves a page without scripts (the embed) as it was", () => {
    expect(policyNonce("default-src 'self'; script-src 'none'")).toBeNull();
    const kept: KeptPage = { ...page(1), storedAt: 0, expiresAt: 1 };
    expect(withNonce(kept, "abc").body).toBe(kept.body);
  });
});
