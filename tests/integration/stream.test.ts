// Live delivery: GET /api/stream (Server-Sent Events) read through its body stream, the
// hub behind it, and the browser side (reconnect ladder, polling fallback, unread count).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { SSE_HEARTBEAT, SSE_RECONNECT_STEPS } from "~/lib/constants";
import { MemoryTransport } from "~/lib/server/live-transport.server";
import { closeAllStreams, liveEventStream, openStreamCount } from "~/lib/server/live-stream.server";
import { hasListeners, publish, setLiveTransport } from "~/lib/server/live-hub.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { forwardNotificationsToStreams, notifyFollow } from "~/models/notification.server";
import { action as sendAction } from "~/routes/api.messages";
import { loader as streamLoader } from "~/routes/api.stream";
import { LiveConnection, reconnectDelay, type LiveStatus } from "~/components/realtime/live-connection";
import { fetchUnreadCount } from "~/components/realtime/unread-count";
import { answer, args, getRequest, jsonRequest } from "../support/requests";
import { makeUser } from "../support/accounts";

beforeEach(async () => {
  await resetRateLimits();
  setLiveTransport(new MemoryTransport());
});

/** Reads a byte stream as text until `until` matches (or fails after `ms`). */
function sseReader(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let done = false;
  return {
    get text() {
      return text;
    },
    get done() {
      return done;
    },
    async until(pattern: RegExp, ms = 3000): Promise<string> {
      const deadline = Date.now() + ms;
      while (!pattern.test(text)) {
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out waiting for ${pattern}: ${text}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
        if (chunk === null) continue;
        if (chunk.done) done = true;
        else text += decoder.decode(chunk.value, { stream: true });
      }
      return text;
    },
    async end(ms = 2000) {
      const deadline = Date.now() + ms;
      while (!done && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 50))]);
        if (chunk?.done) done = true;
        else if (chunk) text += decoder.decode(chunk.value, { stream: true });
      }
      return done;
    },
    cancel: () => reader.cancel(),
  };
}

/** The `data` of each SSE event named `name` in `text`. */
function eventsNamed(text: string, name: string): unknown[] {
  return text
    .split("\n\n")
    .filter((block) => block.startsWith(`event: ${name}\n`))
    .map((block) =>
      JSON.parse(
        block
          .split("\n")
          .find((line) => line.startsWith("data: "))!
          .slice(6),
      ),
    );
}

describe("GET /api/stream", () => {
  it("is for signed-in users only", async () => {
    const response = await answer(streamLoader(args(getRequest("/api/stream"))));
    expect(response.status).toBe(401);
  });

  it("streams ready, then a message sent to the user, and cleans up when the client goes away", async () => {
    const alice = await makeUser("st_alice");
    const bob = await makeUser("st_bob");
    const controller = new AbortController();
    const request = new Request("http://127.0.0.1:3000/api/stream", { headers: { Cookie: bob.cookie }, signal: controller.signal });
    const response = await answer(streamLoader(args(request)));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");

    const body = sseReader(response.body!);
    const start = await body.until(/event: ready\n/);
    expect(start.startsWith(`retry: ${SSE_RECONNECT_STEPS[0]}\n\n`)).toBe(true);
    expect(eventsNamed(start, "ready")).toEqual([{ user_id: bob.id, heartbeat_ms: SSE_HEARTBEAT }]);
    expect(hasListeners(bob.id)).toBe(true);

    const sent = await answer(sendAction(args(jsonRequest("/api/messages", { to: "st_bob", content: "Are you there?\nLine two" }, { cookie: alice.cookie }))));
    expect(sent.status).toBe(201);
    const text = await body.until(/event: message\n/);
    expect(eventsNamed(text, "message")).toEqual([
      {
        message: expect.objectContaining({ content: "Are you there?\nLine two", from_me: false, sender_id: alice.id, recipient_id: bob.id }),
        partner: { id: alice.id, username: "st_alice", nickname: expect.any(String), profileImage: null },
      },
    ]);

    controller.abort();
    expect(await body.end()).toBe(true);
    expect(hasListeners(bob.id)).toBe(false);
  });

  it("forwards notifications with the unread count", async () => {
    // The server's entry starts forwarding when the server starts; here there is no entry.
    forwardNotificationsToStreams();
    const owner = await makeUser("st_owner");
    const fan = await makeUser("st_fan");
    const controller = new AbortController();
    const response = await answer(streamLoader(args(new Request("http://127.0.0.1:3000/api/stream", { headers: { Cookie: owner.cookie }, signal: controller.signal }))));
    const body = sseReader(response.body!);
    await body.until(/event: ready\n/);
    expect(await notifyFollow({ actor: fan, recipientId: owner.id })).toBe(true);
    const text = await body.until(/event: notification\n/);
    expect(eventsNamed(text, "notification")).toEqual([{ unread_count: 1 }]);
    controller.abort();
  });

  it("releases the listener when the reader cancels", async () => {
    const carol = await makeUser("st_carol");
    const response = await answer(streamLoader(args(getRequest("/api/stream", { cookie: carol.cookie }))));
    const body = sseReader(response.body!);
    await body.until(/event: ready\n/);
    expect(hasListeners(carol.id)).toBe(true);
    await body.cancel();
    expect(hasListeners(carol.id)).toBe(false);
  });

  it("closes after a session event (suspension) and after a failed heartbeat check", async () => {
    const controller = new AbortController();
    const first = sseReader(liveEventStream({ userId: 501, signal: controller.signal, heartbeatMs: 60_000, retryMs: 1000 }));
    await first.until(/event: ready/);
    publish(501, { type: "session", data: { reason: "suspended" } });
    await first.until(/event: session/);
    expect(await first.end()).toBe(true);
    expect(hasListeners(501)).toBe(false);

    let alive = true;
    const second = sseReader(liveEventStream({ userId: 502, signal: new AbortController().signal, heartbeatMs: 40, retryMs: 1000, isAlive: async () => alive }));
    await second.until(/: heartbeat\n\n/);
    expect(hasListeners(502)).toBe(true);
    alive = false;
    const text = await second.until(/event: session/);
    expect(eventsNamed(text, "session")).toEqual([{ reason: "signed_out" }]);
    expect(await second.end()).toBe(true);
    expect(hasListeners(502)).toBe(false);
  });

  it("ends every open stream when the server shuts down", async () => {
    const one = sseReader(liveEventStream({ userId: 601, signal: new AbortController().signal, heartbeatMs: 60_000, retryMs: 1000 }));
    const two = sseReader(liveEventStream({ userId: 602, signal: new AbortController().signal, heartbeatMs: 60_000, retryMs: 1000 }));
    await one.until(/event: ready/);
    await two.until(/event: ready/);
    expect(openStreamCount()).toBeGreaterThanOrEqual(2);
    expect(closeAllStreams()).toBeGreaterThanOrEqual(2);
    expect(await one.end()).toBe(true);
    expect(await two.end()).toBe(true);
    expect(openStreamCount()).toBe(0);
    expect(hasListeners(601)).toBe(false);
  });

  it("ends a suspended user's stream at the next heartbeat check", async () => {
    const dave = await makeUser("st_dave");
    await prisma.session.deleteMany({ where: { userId: dave.id } });
    // A stream opened just before the session ended: its check now fails.
    const stream = liveEventStream({
      userId: dave.id,
      signal: new AbortController().signal,
      heartbeatMs: 30,
      retryMs: 1000,
      isAlive: async () => (await prisma.session.count({ where: { userId: dave.id } })) > 0,
    });
    const body = sseReader(stream);
    await body.until(/event: session/);
    expect(await body.end()).toBe(true);
  });
});

// ------------------------------------------------------------------ the browser side

class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
}

describe("LiveConnection (browser)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.all = [];
  });
  afterEach(() => vi.useRealTimers());

  const make = () => new LiveConnection({ createSource: (url) => new FakeSource(url) as never, environment: null, pollInterval: 30_000 });

  it("reconnects after 1 s, 2 s, 5 s, 10 s, then polls, and recovers", async () => {
    expect(SSE_RECONNECT_STEPS).toEqual([1000, 2000, 5000, 10_000]);
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelay(n))).toEqual([1000, 2000, 5000, 10_000, null]);
    const connection = make();
    const statuses: LiveStatus[] = [];
    const events: unknown[] = [];
    let polls = 0;
    let reconnects = 0;
    const remove = connection.add({
      status: (status) => statuses.push(status),
      event: (type, data) => events.push([type, data]),
      poll: () => (polls += 1),
      reconnect: () => (reconnects += 1),
    });
    expect(FakeSource.all).toHaveLength(1);
    expect(FakeSource.all[0].url).toBe("/api/stream");
    FakeSource.all[0].emit("ready", { user_id: 1 });
    expect(connection.status).toBe("open");
    FakeSource.all[0].emit("message", { message: { id: 1 } });
    expect(events).toEqual([["message", { message: { id: 1 } }]]);

    // The stream drops; each failed attempt waits for the next step.
    FakeSource.all[0].fail();
    expect(FakeSource.all[0].closed).toBe(true);
    expect(connection.status).toBe("reconnecting");
    for (const [index, step] of SSE_RECONNECT_STEPS.entries()) {
      vi.advanceTimersByTime(step - 1);
      expect(FakeSource.all).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(FakeSource.all).toHaveLength(index + 2);
      FakeSource.all.at(-1)!.fail();
    }
    expect(connection.status).toBe("polling");
    expect(polls).toBe(0);
    vi.advanceTimersByTime(30_000);
    expect(polls).toBe(1);
    // Each poll also tries the stream once; a failed try keeps polling.
    expect(FakeSource.all).toHaveLength(6);
    FakeSource.all.at(-1)!.fail();
    expect(connection.status).toBe("polling");
    vi.advanceTimersByTime(30_000);
    expect(polls).toBe(2);
    FakeSource.all.at(-1)!.emit("ready", {});
    expect(connection.status).toBe("open");
    expect(reconnects).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(polls).toBe(2);

    remove();
    expect(FakeSource.all.at(-1)!.closed).toBe(true);
    expect(connection.status).toBe("idle");
    expect(statuses).toContain("polling");
  });

  it("a ready event resets the ladder; a session event stops for good", () => {
    const connection = make();
    connection.add({});
    FakeSource.all[0].emit("ready", {});
    FakeSource.all[0].fail();
    vi.advanceTimersByTime(1000);
    FakeSource.all[1].emit("ready", {});
    FakeSource.all[1].fail();
    // Back to the first step.
    vi.advanceTimersByTime(1000);
    expect(FakeSource.all).toHaveLength(3);
    FakeSource.all[2].emit("session", { reason: "suspended" });
    expect(connection.status).toBe("closed");
    expect(FakeSource.all[2].closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeSource.all).toHaveLength(3);
  });

  it("shares one stream between listeners and polls when EventSource is missing", () => {
    const connection = make();
    const a = connection.add({});
    const b = connection.add({});
    expect(FakeSource.all).toHaveLength(1);
    a();
    expect(FakeSource.all[0].closed).toBe(false);
    b();
    expect(FakeSource.all[0].closed).toBe(true);

    const without = new LiveConnection({ createSource: null, environment: null, pollInterval: 30_000 });
    let polls = 0;
    without.add({ poll: () => (polls += 1) });
    expect(without.status).toBe("polling");
    vi.advanceTimersByTime(90_000);
    expect(polls).toBe(3);
  });
});

describe("fetchUnreadCount (browser)", () => {
  it("answers the count", async () => {
    const fetchImpl = vi.fn(async () => Response.json({ count: 4 }));
    expect(await fetchUnreadCount({ fetchImpl: fetchImpl as never })).toBe(4);
    expect(fetchImpl).toHaveBeenCalledWith("/api/messages/unread-count", expect.objectContaining({ credentials: "same-origin" }));
  });

  it("retries once after 2 s on a network failure, then gives 0", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch");
      return Response.json({ count: 2 });
    };
    expect(await fetchUnreadCount({ fetchImpl: flaky as never, sleep })).toBe(2);
    expect(waits).toEqual([2000]);

    calls = 0;
    const down = async () => {
      calls += 1;
      throw new TypeError("Failed to fetch");
    };
    expect(await fetchUnreadCount({ fetchImpl: down as never, sleep })).toBe(0);
    expect(calls).toBe(2);
  });

  it("times out after 5 s (a network failure) and does not retry HTTP errors", async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const hanging = (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => {
          calls += 1;
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      const pending = fetchUnreadCount({ fetchImpl: hanging as never, sleep: async () => {} });
      await vi.advanceTimersByTimeAsync(4999);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await vi.advanceTimersByTimeAsync(5000);
      expect(await pending).toBe(0);
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
    let calls = 0;
    const unauthorised = async () => {
      calls += 1;
      return Response.json({ error: "no" }, { status: 401 });
    };
    expect(await fetchUnreadCount({ fetchImpl: unauthorised as never, sleep: async () => {} })).toBe(0);
    expect(calls).toBe(1);
  });
});
