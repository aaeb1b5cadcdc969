// A document's markup reused while its data stays the same (app/cache/render-memo.server.ts):
// what a render is kept under, how long its relative times hold, and the kept markup's nonce.
import { describe, expect, it } from "vitest";
import { createRenderMemo, renderStamp, type RenderMemo, type RenderRequest, type RenderStamp } from "~/cache/render-memo.server";
import { relativeTime, relativeTimeHolds } from "~/lib/rules/relative-time";

const NOW = Date.parse("2026-11-27T12:00:00.000Z");

/** A page rendered twice with the same key: the second render is kept. */
function renderedTwice(memo: RenderMemo, stamp: RenderStamp, html: Buffer<ArrayBuffer>, nonce: string) {
  memo.rendered(stamp, html, nonce);
  memo.rendered(stamp, html, nonce);
}

const HOUR = 3_600_000;

function request(overrides: Partial<RenderRequest> = {}): RenderRequest {
  return {
    url: "http://cars.local/post/7",
    loaderData: {
      root: { user: { id: 3, username: "jess" }, unreadNotifications: 2, theme: "system" },
      "routes/post.$id": { post: { id: 7, story: "Coilovers in", createdAt: new Date(NOW - 22 * HOUR).toISOString(), counts: { likes: 6 } }, now: NOW },
    },
    at: NOW + 3,
    maxAgeMs: 60_000,
    ...overrides,
  };
}

function withPost(change: Record<string, unknown>): RenderRequest {
  const base = request();
  const post = base.loaderData["routes/post.$id"] as { post: Record<string, unknown>; now: number };
  return { ...base, loaderData: { ...base.loaderData, "routes/post.$id": { ...post, post: { ...post.post, ...change } } } };
}

describe("what a render is kept under", () => {
  it("the same address and data are the same page, whatever the moment of the request", () => {
    const first = renderStamp(request())!;
    const again = request();
    (again.loaderData["routes/post.$id"] as { now: number }).now = NOW + 20_000;
    expect(renderStamp({ ...again, at: NOW + 20_004 })!.key).toBe(first.key);
  });

  it("any change of data, reader or address is another page", () => {
    const keys = [
      renderStamp(request())!.key,
      renderStamp(withPost({ counts: { likes: 7 } }))!.key,
      renderStamp(withPost({ story: "Coilovers in!" }))!.key,
      renderStamp({ ...request(), loaderData: { ...request().loaderData, root: { user: { id: 4, username: "jess" }, unreadNotifications: 2, theme: "system" } } })!.key,
      renderStamp({ ...request(), loaderData: { ...request().loaderData, root: { user: { id: 3, username: "jess" }, unreadNotifications: 3, theme: "system" } } })!.key,
      renderStamp({ ...request(), url: "http://cars.local/post/7?comments=all" })!.key,
      renderStamp({ ...request(), url: "http://other.local/post/7" })!.key,
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("data that is not plain (a Map, a class instance, a promise of deferred data) is never kept", () => {
    expect(renderStamp(withPost({ tags: new Map([["a", 1]]) }))).toBeNull();
    expect(renderStamp(withPost({ later: Promise.resolve(1) }))).toBeNull();
    expect(renderStamp(withPost({ size: BigInt(1) }))).toBeNull();
    class Point {
      constructor(readonly x: number) {}
    }
    expect(renderStamp(withPost({ at: new Point(1) }))).toBeNull();
    expect(renderStamp(withPost({ made: new Date(NOW) }))).not.toBeNull();
  });
});

describe("how long a render holds", () => {
  it("no longer than RENDER_REUSE_SECONDS, counted from the loaders' moment", () => {
    expect(renderStamp(request())!.validUntil).toBe(NOW + 60_000);
    expect(renderStamp({ ...request(), maxAgeMs: 5_000 })!.validUntil).toBe(NOW + 5_000);
  });

  it("until the soonest date in the data would read differently", () => {
    // A comment 30.4 s old reads '30s ago' until it is 31 s old.
    expect(renderStamp(withPost({ comment: { createdAt: new Date(NOW - 30_400).toISOString() } }))!.validUntil).toBe(NOW + 600);
    // 3 minutes 20 s old: '3m ago' until 4 minutes.
    expect(renderStamp(withPost({ comment: { createdAt: new Date(NOW - 200_000).toISOString() } }))!.validUntil).toBe(NOW + 40_000);
    // An event 10 minutes 2.5 s ahead: its whole minutes left change in 2.5 s.
    expect(renderStamp(withPost({ event: { startsAt: new Date(NOW + 10 * 60_000 + 2_500).toISOString() } }))!.validUntil).toBe(NOW + 2_500);
  });

  it("relativeTimeHolds is exactly how long relativeTime's label stays the same", () => {
    const samples = [0, 1, 4_999, 5_000, 5_001, 59_999, 60_000, 61_234, 3_599_999, 3_600_000, 86_399_999, 86_400_000, 7 * 86_400_000 - 1, 9 * 86_400_000 + 17];
    for (const age of samples) {
      for (const offset of [0, 123, 999]) {
        const then = NOW - age - offset;
        const holds = relativeTimeHolds(then, NOW);
        expect(holds, `age ${age + offset}`).toBeGreaterThan(0);
        expect(relativeTime(then, NOW + holds - 1), `age ${age + offset}`).toBe(relativeTime(then, NOW));
        expect(relativeTime(then, NOW + holds), `age ${age + offset}`).not.toBe(relativeTime(then, NOW));
      }
    }
  });
});

describe("the kept markup", () => {
  const stamp = { key: "http://cars.local/\nbrowser\nabc", validUntil: NOW + 1_000 };
  const nonce = "AxrqZpg6lmWOGB3TC/Jf6Q==";
  // Characters of two to four bytes before a nonce: its places are counted in bytes.
  const markup = `<script nonce="${nonce}">1</script><p>Öhlins · 日本 🏁</p><script nonce="${nonce}">2</script>`;
  const html = Buffer.from(markup);
  const withNonce = (other: string) => markup.replaceAll(nonce, other);

  it("comes back with the answer's own nonce everywhere, until it no longer holds", () => {
    const memo = createRenderMemo();
    expect(memo.take(stamp, "n1", NOW)).toBeNull();
    renderedTwice(memo, stamp, html, nonce);
    const reused = memo.take(stamp, "Zm9vYmFyYmF6cXV4MTIzNA==", NOW + 999)!;
    expect(reused.toString()).toBe(`<script nonce="Zm9vYmFyYmF6cXV4MTIzNA==">1</script><p>Öhlins · 日本 🏁</p><script nonce="Zm9vYmFyYmF6cXV4MTIzNA==">2</script>`);
    // The kept bytes stay as they were for the next reuse.
    expect(memo.take(stamp, "V2FpdGVyTm9uY2UxMjM0NQ==", NOW + 999)!.toString()).toBe(withNonce("V2FpdGVyTm9uY2UxMjM0NQ=="));
    expect(memo.take(stamp, "Zm9vYmFyYmF6cXV4MTIzNA==", NOW + 1_000)).toBeNull();
    expect(memo.size()).toBe(0);
  });

  it("keeps no page over its size, and no page under a nonce short enough to be found by chance", () => {
    const memo = createRenderMemo({ maxPageBytes: html.length - 1 });
    renderedTwice(memo, stamp, html, nonce);
    expect(memo.size()).toBe(0);
    const short = createRenderMemo();
    renderedTwice(short, stamp, Buffer.from(withNonce("abc")), "abc");
    expect(short.size()).toBe(0);
  });

  it("keeps at most its bytes, dropping the least recently reused first", () => {
    const page = Buffer.from(markup.repeat(8));
    const memo = createRenderMemo({ maxBytes: page.length * 2.5 });
    const a = { ...stamp, key: "a" };
    const b = { ...stamp, key: "b" };
    const c = { ...stamp, key: "c" };
    renderedTwice(memo, a, page, nonce);
    renderedTwice(memo, b, page, nonce);
    expect(memo.take(a, nonce, NOW)).not.toBeNull();
    renderedTwice(memo, c, page, nonce);
    expect(memo.size()).toBe(2);
    expect(memo.take(b, nonce, NOW)).toBeNull();
    expect(memo.take(a, nonce, NOW)).not.toBeNull();
    expect(memo.take(c, nonce, NOW)).not.toBeNull();
  });

  it("keeps a page on its second render: one rendered once is not held", () => {
    const memo = createRenderMemo({ sightings: 2 });
    const at = (key: string) => ({ key, validUntil: Date.now() + 60_000 });
    const render = (key: string) => memo.rendered(at(key), html, nonce);
    render("a");
    expect(memo.take(at("a"), nonce)).toBeNull();
    render("a");
    expect(memo.take(at("a"), nonce)?.toString()).toBe(markup);
    // Only the last renders are remembered: "b" was pushed out by two others before it came again.
    render("b");
    render("c");
    render("d");
    render("b");
    expect(memo.take(at("b"), nonce)).toBeNull();
    render("d");
    expect(memo.take(at("d"), nonce)?.toString()).toBe(markup);
    expect(memo.size()).toBe(2);
  });
});
