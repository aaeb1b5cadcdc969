// Responses (issue 13): reading a conversation never marks it read (a POST does); live
// connections per member are capped; expected 4xx leave no stack trace in the log; COOKIE_SECURE
// reaches every cookie, Google's included; answers that depend on the session are never
// cached; TRUST_PROXY and COOKIE_SECURE have one reading; the client address behind a proxy
// is the rightmost hop the client did not write.
import type { IncomingMessage } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieSecure, trustedProxyHops } from "~/lib/server/env.server";
import { MemoryTransport } from "~/lib/server/live-transport.server";
import { setLiveTransport } from "~/lib/server/live-hub.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { personalCacheControl } from "~/lib/server/security-headers.server";
import { action as send } from "~/routes/api.messages";
import { loader as threadLoader } from "~/routes/api.messages.$username";
import { action as markRead } from "~/routes/api.messages.$username.read";
import { loader as unreadCount } from "~/routes/api.messages.unread-count";
import { MAX_STREAMS_PER_MEMBER, loader as streamLoader } from "~/routes/api.stream";
import { clientAddress } from "../../server";
import { answer, args, getRequest, jsonRequest, rawRequest } from "../support/requests";
import { makeUser } from "../support/accounts";

beforeEach(() => {
  resetRateLimits();
  setLiveTransport(new MemoryTransport());
});
afterEach(() => {
  for (const name of ["COOKIE_SECURE", "SECURE_COOKIES", "TRUST_PROXY", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]) delete process.env[name];
  vi.restoreAllMocks();
});

async function unread(cookie: string) {
  return ((await (await answer(unreadCount(args(getRequest("/api/messages/unread-count", { cookie }))))).json()) as { count: number }).count;
}

describe("mark-read", () => {
  it("GET /api/messages/{username} leaves the messages unread; POST …/read marks them", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    expect((await answer(send(args(jsonRequest("/api/messages", { to: bob.username, content: "hi" }, { cookie: alice.cookie }))))).status).toBe(201);
    expect(await unread(bob.cookie)).toBe(1);

    const read = await answer(threadLoader(args(getRequest(`/api/messages/${alice.username}`, { cookie: bob.cookie }), { username: alice.username })));
    expect(read.status).toBe(200);
    expect(await unread(bob.cookie)).toBe(1);

    const marked = await answer(markRead(args(jsonRequest(`/api/messages/${alice.username}/read`, {}, { cookie: bob.cookie }), { username: alice.username })));
    expect(marked.status).toBe(200);
    expect(await unread(bob.cookie)).toBe(0);
  });

  it("a plain form goes back to the conversation; a visitor is sent to sign in", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const form = (cookie?: string) =>
      rawRequest(`/api/messages/${alice.username}/read`, {
        method: "POST",
        cookie,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ redirectTo: `/messages/${alice.username}` }),
      });
    const back = await answer(markRead(args(form(bob.cookie), { username: alice.username })));
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/messages/${alice.username}`);
    const visitor = await answer(markRead(args(form(), { username: alice.username })));
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toMatch(/login/);
  });
});

describe("live connections", () => {
  it(`allow ${MAX_STREAMS_PER_MEMBER} per member, answer 429 beyond, and free a place when one closes`, async () => {
    const member = await makeUser();
    const other = await makeUser();
    const open = async (cookie: string) => {
      const controller = new AbortController();
      const response = await answer(streamLoader(args(rawRequest("/api/stream", { cookie, signal: controller.signal }))));
      return { response, close: () => controller.abort() };
    };
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i += 1) {
      const stream = await open(member.cookie);
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    const refused = await open(member.cookie);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).toBeTruthy();
    // Another member is not affected.
    const theirs = await open(other.cookie);
    expect(theirs.response.status).toBe(200);

    streams[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const again = await open(member.cookie);
    expect(again.response.status).toBe(200);
    for (const stream of [...streams, theirs, again]) stream.close();
  });
});

describe("the log", () => {
  it("gets no stack trace for an expected 4xx, and keeps real errors with their request's id", async () => {
    const { handleError } = await import("~/entry.server");
    const { log } = await import("~/lib/server/logger.server");
    const { UNSAFE_ErrorResponseImpl: ErrorResponseImpl } = await import("@remix-run/router");
    const logged = vi.spyOn(log(), "error").mockImplementation(() => {});
    const request = new Request("http://127.0.0.1:3000/nowhere", { headers: { "X-Request-Id": "3f6c2a9e-request" } });
    const context = { request, params: {}, context: {} } as never;
    handleError(new ErrorResponseImpl(404, "Not Found", new Error('No route matches URL "/nowhere"'), true), context);
    handleError(new ErrorResponseImpl(405, "Method Not Allowed", new Error("You made a POST request to …"), true), context);
    handleError(Response.json({ error: "Bad" }, { status: 400 }), context);
    expect(logged).not.toHaveBeenCalled();
    const fault = new Error("database is locked");
    handleError(fault, context);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]![0]).toMatchObject({ err: fault, requestId: "3f6c2a9e-request", url: "http://127.0.0.1:3000/nowhere" });
  });
});

describe("COOKIE_SECURE", () => {
  it("reaches the Google sign-in cookies", async () => {
    process.env.COOKIE_SECURE = "true";
    process.env.GOOGLE_CLIENT_ID = "client";
    process.env.GOOGLE_CLIENT_SECRET = "secret";
    vi.resetModules();
    const { startGoogleSignIn } = await import("~/models/google.server");
    const response = await startGoogleSignIn(new Request("http://127.0.0.1:3000/api/auth/google"), "/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) expect(line.toLowerCase()).toContain("; secure");
  });

  it.each([
    ["true", true],
    ["True", true],
    ["1", true],
    ["false", false],
    ["", false],
  ])("reads COOKIE_SECURE=%j as %s, and SECURE_COOKIES the same way", (value, on) => {
    expect(cookieSecure({ COOKIE_SECURE: value } as unknown as NodeJS.ProcessEnv)).toBe(on);
    expect(cookieSecure({ SECURE_COOKIES: value } as unknown as NodeJS.ProcessEnv)).toBe(on);
  });

  it("stops on a value it cannot read", () => {
    expect(() => cookieSecure({ COOKIE_SECURE: "ture" } as unknown as NodeJS.ProcessEnv)).toThrow(/COOKIE_SECURE/);
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, 0],
    ["false", 0],
    ["true", 1],
    ["True", 1],
    ["TRUE", 1],
    ["1", 1],
    ["2", 2],
  ])("reads %j as %s trusted proxies", (value, hops) => {
    expect(trustedProxyHops({ TRUST_PROXY: value } as unknown as NodeJS.ProcessEnv)).toBe(hops);
  });

  const from = (remoteAddress: string, forwardedFor?: string) =>
    ({ socket: { remoteAddress }, headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor } }) as unknown as IncomingMessage;

  it("takes the client from the rightmost X-Forwarded-For entry no trusted proxy wrote", () => {
    // The client put 6.6.6.6 in front; the proxy appended the address it saw.
    expect(clientAddress(from("10.0.0.2", "6.6.6.6, 198.51.100.4"), 1)).toBe("198.51.100.4");
    expect(clientAddress(from("10.0.0.2", "6.6.6.6, 198.51.100.4, 10.0.0.1"), 2)).toBe("198.51.100.4");
    expect(clientAddress(from("10.0.0.2", "6.6.6.6, 198.51.100.4"), true)).toBe("198.51.100.4");
    expect(clientAddress(from("10.0.0.2", "6.6.6.6, 198.51.100.4"), 0)).toBe("10.0.0.2");
  });
});

describe("caching", () => {
  const policy = (pathname: string, cookieHeader: string | null, current?: string, setsCookie = false) =>
    personalCacheControl({ pathname, cookieHeader, setsCookie, current });

  it("makes anything answered to a session, or setting a cookie, private and unstored", () => {
    expect(policy("/", "__session=abc")).toBe("private, no-store");
    expect(policy("/api/feed", "themeMode=dark; __session=abc", "public, max-age=10")).toBe("private, no-store");
    expect(policy("/api/stream", "__session=abc", "no-cache, no-transform")).toBe("private, no-store, no-transform");
    expect(policy("/", null, undefined, true)).toBe("private, no-store");
  });

  it("leaves media, build cards and visitors' answers their own caching", () => {
    expect(policy("/media/posts/a.webp", "__session=abc", "public, max-age=31536000, immutable")).toBeNull();
    expect(policy("/cards/car/7.png", "__session=abc", "public, max-age=600")).toBeNull();
    expect(policy("/api/feed", null, "public, max-age=10")).toBeNull();
    expect(policy("/embed/post/1", "themeMode=dark")).toBeNull();
  });
});
