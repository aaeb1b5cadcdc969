// The visitors' pages around the app's handler (server/visitor-pages.ts): a Request in, a
// Response out. The app behind it is a fake that counts its calls and answers what each test
// gives it, with a CSP nonce in its policy and its markup as a document has, and the keys of
// what it shows (X-Kept-Keys) when the test names them; the database's commits are a fake
// change source the test moves.
import { describe, expect, it } from "vitest";
import { createFreshness } from "~/cache/freshness.server";
import { createPageCache, MAX_PAGE_BYTES, policyNonce } from "~/cache/visitor-pages.server";
import type { RouteFacts } from "../../server/route-facts";
import { visitorPages } from "../../server/visitor-pages";
import { fakeChanges } from "../support/changes";

const SHARED: RouteFacts = { route: "routes/post.$id", methods: null, visitorCache: true };
const OWN: RouteFacts = { route: "routes/settings", methods: null, visitorCache: false };

function visit(pathname = "/post/7", headers: Record<string, string> = {}): Request {
  return new Request(`http://cars.local${pathname}`, { headers: { host: "cars.local", accept: "text/html", ...headers } });
}

function document(nonce: string, extra: Record<string, string> = {}, status = 200): Response {
  const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'`, "X-Frame-Options": "DENY", ...extra };
  return new Response(`<p>Turbo day</p><script nonce="${nonce}">go()</script>`, { status, headers });
}

/** A body that sends `first`, then `rest` only once `release()` is called. */
function heldStream(first: string, rest: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      await released;
      controller.enqueue(new TextEncoder().encode(rest));
      controller.close();
    },
  });
  return { body, release };
}

/** The wrapper over a fake app answering `answer(call)`; `facts` is the route's; `changes` the database's commits. */
function setup(answer: (call: number) => Response, options: { facts?: RouteFacts; ttlMs?: number } = {}) {
  let calls = 0;
  const lookups: boolean[] = [];
  const changes = fakeChanges();
  const freshness = createFreshness(changes);
  const cache = createPageCache({ ttlMs: options.ttlMs ?? 60_000, freshness: () => freshness });
  const handler = visitorPages(
    async () => answer(++calls),
    cache,
    () => () => options.facts ?? SHARED,
    (hit) => lookups.push(hit),
  );
  return { handler, cache, lookups, changes, calls: () => calls };
}

async function firstChunk(response: Response): Promise<string> {
  const { value } = await response.body!.getReader().read();
  return new TextDecoder().decode(value);
}

describe("a visitor's page", () => {
  it("is answered by the app once, then from memory: same status and headers, its Age and length, a nonce of its own in policy and markup", async () => {
    const { handler, lookups, calls } = setup((call) => document(`nonce${call}`));
    const first = await handler(visit());
    expect(await first.clone().text()).toContain('nonce="nonce1"');
    const firstBody = await first.text();
    const kept = await handler(visit());
    expect(calls()).toBe(1);
    expect(lookups).toEqual([false, true]);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("age")).toBe("0");
    expect(kept.headers.get("x-frame-options")).toBe("DENY");
    const nonce = policyNonce(kept.headers.get("content-security-policy"));
    expect(nonce).not.toBeNull();
    expect(nonce).not.toBe("nonce1");
    const body = await kept.text();
    expect(body).toBe(firstBody.replace("nonce1", nonce!));
    expect(kept.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    // Two answers from memory never share a nonce.
    const again = await handler(visit());
    expect(policyNonce(again.headers.get("content-security-policy"))).not.toBe(nonce);
  });

  it("streamed by the app reaches the client as it comes, and is kept once whole", async () => {
    const { body, release } = heldStream("<p>Turbo", " day</p>");
    const { handler, calls } = setup(() => new Response(body, { headers: { "Content-Type": "text/html" } }));
    const first = await handler(visit());
    // The first chunk is there before the app has written the rest.
    const reader = first.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("<p>Turbo");
    release();
    const rest = await reader.read();
    expect(new TextDecoder().decode(rest.value)).toBe(" day</p>");
    expect((await reader.read()).done).toBe(true);
    const kept = await handler(visit());
    expect(calls()).toBe(1);
    expect(await kept.text()).toBe("<p>Turbo day</p>");
  });

  it("larger than the largest page kept reaches the client whole and is rendered again next time", async () => {
    const half = "x".repeat(MAX_PAGE_BYTES / 2 + 1);
    const { handler, calls } = setup(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(half));
              controller.enqueue(new TextEncoder().encode(half));
              controller.close();
            },
          }),
          { headers: { "Content-Type": "text/html" } },
        ),
    );
    expect((await (await handler(visit())).text()).length).toBe(half.length * 2);
    await (await handler(visit())).text();
    expect(calls()).toBe(2);
  });

  it("that sets a cookie, is not a 200, is private or is not text is answered as the app gave it and never kept", async () => {
    for (const make of [
      () => document("n", { "Set-Cookie": "seen=1" }),
      () => document("n", {}, 404),
      () => document("n", { "Cache-Control": "private, no-store" }),
      () => new Response("GIF89a", { headers: { "Content-Type": "image/gif" } }),
    ]) {
      const { handler, calls } = setup(make);
      await (await handler(visit())).text();
      const second = await handler(visit());
      expect(second.headers.get("age")).toBeNull();
      expect(await second.text()).toBe(await make().text());
      expect(calls()).toBe(2);
    }
  });

  it("that is not kept is not held back while the app streams it", async () => {
    const { body, release } = heldStream("<p>Cookie", " jar</p>");
    const { handler } = setup(() => new Response(body, { headers: { "Content-Type": "text/html", "Set-Cookie": "seen=1" } }));
    const answer = await handler(visit());
    expect(await firstChunk(answer)).toBe("<p>Cookie");
    release();
  });

  it("cut short by the client is not kept", async () => {
    const { body, release } = heldStream("<p>Half", " a page</p>");
    const { handler, calls } = setup((call) => (call === 1 ? new Response(body, { headers: { "Content-Type": "text/html" } }) : document("n")));
    const first = await handler(visit());
    await first.body!.cancel();
    release();
    await (await handler(visit())).text();
    expect(calls()).toBe(2);
  });
});

describe("what always goes to the app", () => {
  it("a member, a route that does not share its page, anything but GET, and any request when nothing may be kept (development)", async () => {
    const cases = [
      { request: () => visit("/post/7", { cookie: "__session=abc" }) },
      { request: () => visit(), facts: OWN },
      { request: () => new Request("http://cars.local/post/7", { method: "HEAD", headers: { host: "cars.local" } }) },
      { request: () => visit(), ttlMs: 0 },
    ];
    for (const { request, ...options } of cases) {
      const { handler, lookups, calls, cache } = setup((call) => document(`nonce${call}`), options);
      await (await handler(request())).text();
      const second = await handler(request());
      expect(second.headers.get("age")).toBeNull();
      expect(await second.text()).toContain('nonce="nonce2"');
      expect(calls()).toBe(2);
      expect(cache.size()).toBe(0);
      expect(lookups).toEqual([]);
    }
  });
});

describe("the keys an answer names (X-Kept-Keys)", () => {
  it("end its kept page only when a commit names one of them", async () => {
    const { handler, changes, calls } = setup((call) => document(`nonce${call}`, { "X-Kept-Keys": "post:7 car:3" }));
    await (await handler(visit())).text();
    changes.commit("post:8", "car:4");
    const kept = await handler(visit());
    expect(kept.headers.get("age")).not.toBeNull();
    expect(calls()).toBe(1);
    changes.commit("car:3");
    const fresh = await handler(visit());
    expect(fresh.headers.get("age")).toBeNull();
    expect(await fresh.text()).toContain('nonce="nonce2"');
  });

  it("none: its kept page ends at any commit the log names, and holds after a private write", async () => {
    const { handler, changes, calls } = setup((call) => document(`nonce${call}`));
    await (await handler(visit())).text();
    changes.commit();
    expect((await handler(visit())).headers.get("age")).not.toBeNull();
    changes.commit("post:8");
    expect((await handler(visit())).headers.get("age")).toBeNull();
    expect(calls()).toBe(2);
  });

  it("an empty list: its kept page ends only at a commit that changes what has no key ('*')", async () => {
    const { handler, changes } = setup((call) => document(`nonce${call}`, { "X-Kept-Keys": "" }));
    await (await handler(visit())).text();
    changes.commit("post:8");
    expect((await handler(visit())).headers.get("age")).not.toBeNull();
    changes.commit("*");
    expect((await handler(visit())).headers.get("age")).toBeNull();
  });

  it("are never sent on: not on the answer kept, nor from memory, nor to a member, nor on a page not shared", async () => {
    const keyed = (call: number) => document(`nonce${call}`, { "X-Kept-Keys": "post:7" });
    const shared = setup(keyed);
    const first = await shared.handler(visit());
    await first.clone().text();
    const kept = await shared.handler(visit());
    const member = await shared.handler(visit("/post/7", { cookie: "__session=abc" }));
    const own = await setup(keyed, { facts: OWN }).handler(visit());
    const development = await setup(keyed, { ttlMs: 0 }).handler(visit());
    expect(kept.headers.get("age")).not.toBeNull();
    for (const answer of [first, kept, member, own, development]) expect(answer.headers.get("x-kept-keys")).toBeNull();
  });
});
