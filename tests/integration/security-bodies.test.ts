// Body limits (issue 13): every body goes through one reader (readBody; page actions through
// readForm on top of it) that counts bytes while they stream, so a chunked body with no
// Content-Length stops at the limit with 413 instead of being read in full, whatever its
// type. A page action takes forms only: JSON there is a 415, not a 500 with a stack trace.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { MAX_BODY_BYTES, readBody } from "~/lib/server/http.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as addCar } from "~/routes/api.cars";
import { action as garagePage } from "~/routes/my-cars._index";
import { action as newCarPage } from "~/routes/my-cars.new";
import { action as createPost } from "~/routes/api.posts";
import { action as updateProfile } from "~/routes/api.profile";
import { answer, args, lazyBody, rawRequest } from "../support/requests";
import { makeUser } from "../support/accounts";

beforeEach(() => resetRateLimits());

const HUGE = 150 * 1024 * 1024;
const BOUNDARY = "----limit";

const TYPES: [string, string, string][] = [
  ["urlencoded", "application/x-www-form-urlencoded", "a=" + "x".repeat(64 * 1024 - 2)],
  ["multipart", `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${"x".repeat(64 * 1024)}`],
  ["JSON", "application/json", `{"a":"${"x".repeat(64 * 1024)}`],
  ["an unknown type", "application/octet-stream", "x".repeat(64 * 1024)],
];

describe("a chunked 150 MB body", () => {
  it.each(TYPES)("as %s is cut off at the limit with 413", async (_, type, piece) => {
    const body = lazyBody(HUGE, piece);
    const request = rawRequest("/api/anything", { method: "POST", headers: { "Content-Type": type }, body: body.stream });
    const response = await answer(answerUserErrors(() => readBody(request)));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Request body is too large", status: 413 });
    // Read up to the limit and a little more (stream buffers), never the whole body.
    expect(body.pulled()).toBeLessThan(MAX_BODY_BYTES * 2);
  });

  it("to a resource route (POST /api/cars) is a 413 and adds nothing", async () => {
    const user = await makeUser();
    const body = lazyBody(HUGE);
    const request = rawRequest("/api/cars", { method: "POST", cookie: user.cookie, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body.stream });
    expect((await answer(addCar(args(request)))).status).toBe(413);
    expect(body.pulled()).toBeLessThan(MAX_BODY_BYTES * 2);
    expect(await prisma.car.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("to a page action (POST /my-cars/new) is a 413", async () => {
    const user = await makeUser();
    const body = lazyBody(HUGE);
    const request = rawRequest("/my-cars/new", {
      method: "POST",
      cookie: user.cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.stream,
    });
    expect((await answer(newCarPage(args(request)))).status).toBe(413);
    expect(body.pulled()).toBeLessThan(MAX_BODY_BYTES * 2);
  });
});

describe("page actions", () => {
  it.each([
    ["/my-cars/new", newCarPage],
    ["/my-cars", garagePage],
  ] as const)("%s answers a JSON body with 415 and a message", async (path, action) => {
    const user = await makeUser();
    const request = rawRequest(path, {
      method: "POST",
      cookie: user.cookie,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ make: "Mazda", model: "MX-5", year: 1990, intent: "delete", carId: 1 }),
    });
    const response = await answer((action as (a: unknown) => Promise<Response>)(args(request)));
    expect(response.status).toBe(415);
    expect((await response.json()).error).toMatch(/form/i);
    expect(await prisma.car.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("still takes the form a browser posts", async () => {
    const user = await makeUser();
    const request = rawRequest("/my-cars/new", {
      method: "POST",
      cookie: user.cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ make: "Mazda", model: "MX-5", year: "1990" }),
    });
    const response = await answer(newCarPage(args(request)));
    expect(response.status).toBe(303);
    expect(await prisma.car.count({ where: { ownerId: user.id } })).toBe(1);
  });
});

/**
 * A chunked multipart body that opens one part with `head` and then sends filler for it,
 * lazily, up to `totalBytes`; `pulled()` says how much of it the server asked for.
 */
function endlessPart(head: string, totalBytes: number) {
  const first = new TextEncoder().encode(head);
  const filler = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const chunk = sent === 0 ? first : filler;
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const TEXT_BUDGET = 1024 * 1024;
const TEXT_TOO_LARGE = "Request body is too large: its text fields and parts other than the files can be at most 1 MB";

describe("a chunked multipart upload much larger than its text budget", () => {
  const SIZE = 64 * 1024 * 1024;
  const parts = [
    [
      "a file part under a name that is not kept",
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="ignored"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ],
    ["an over-long text field", `--${BOUNDARY}\r\nContent-Disposition: form-data; name="story"\r\n\r\n`],
  ] as const;

  it.each(parts)("POST /api/posts stops reading %s with 413", async (_, head) => {
    const user = await makeUser();
    const body = endlessPart(head, SIZE);
    const request = rawRequest("/api/posts", { method: "POST", cookie: user.cookie, headers: { "Content-Type": MULTIPART }, body: body.stream });
    const response = await answer(createPost(args(request)));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: TEXT_TOO_LARGE, status: 413 });
    // The budget, what is still in flight and a few stream buffers: never the whole body.
    expect(body.pulled()).toBeLessThan(TEXT_BUDGET * 4);
    expect(await prisma.post.count({ where: { createdById: user.id } })).toBe(0);
  });

  it.each(parts)("PATCH /api/profile stops reading %s with 413", async (_, head) => {
    const user = await makeUser();
    const body = endlessPart(head.replace('name="story"', 'name="bio"'), SIZE);
    const request = rawRequest("/api/profile", { method: "PATCH", cookie: user.cookie, headers: { "Content-Type": MULTIPART }, body: body.stream });
    const response = await answer(updateProfile(args(request)));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: TEXT_TOO_LARGE, status: 413 });
    expect(body.pulled()).toBeLessThan(TEXT_BUDGET * 4);
  });
});
