// Body limits (issue 13): every body goes through one reader (readBody; page actions through
// readForm on top of it) that counts bytes while they stream, so a chunked body with no
// Content-Length stops at the limit with 413 instead of being read in full, whatever its
// type. A page action takes forms only: JSON there is a 415, not a 500 with a stack trace.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { MAX_BODY_BYTES, readBody } from "~/lib/http.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as addCar } from "~/routes/api.cars";
import { action as garagePage } from "~/routes/my-cars._index";
import { action as newCarPage } from "~/routes/my-cars.new";
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
    const response = await answer(readBody(request));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Request body is too large" });
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
    expect(response.status).toBe(302);
    expect(await prisma.car.count({ where: { ownerId: user.id } })).toBe(1);
  });
});
