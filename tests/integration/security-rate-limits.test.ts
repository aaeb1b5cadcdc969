// Rate limits on every write (issue 9): every route module that exports an action reaches
// the limiter before it does anything else, and answers 429 + Retry-After (scripts) or goes
// back to its page with the message as a toast (plain forms). Then the limits themselves,
// the keys (member, client address) and the answers, on a few routes.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { RULES, clientKey, hit, resetRateLimits, type RuleName } from "~/models/rate-limit.server";
import { takeFlash } from "~/lib/server/cookies.server";
import { action as submitFeedback } from "~/routes/api.feedback.submit";
import { action as followUser } from "~/routes/api.users.$username.follow";
import { action as readAll } from "~/routes/api.notifications.read-all";
import { action as newCarPage } from "~/routes/my-cars.new";
import { loader as googleCallback } from "~/routes/api.auth.callback.google";
import { answer, args } from "../support/requests";
import { makeUser, type TestUser } from "../support/accounts";
import { routeMethodsOf } from "~/lib/route-handle";
import { userPath } from "~/lib/paths";

const ORIGIN = "http://127.0.0.1:3000";
const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");

afterEach(async () => {
  await resetRateLimits();
  delete process.env.RATE_LIMIT_SCALE;
  delete process.env.TRUST_PROXY;
});

// ------------------------------------------------------------------ every action

/** Every route module, loaded on demand. */
const modules: Record<string, () => Promise<Record<string, unknown>>> = Object.fromEntries(
  readdirSync(ROUTES_DIR)
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => [file, () => import(/* @vite-ignore */ path.join(ROUTES_DIR, file)) as Promise<Record<string, unknown>>]),
);

/** The URL path of a flat route file, with made-up values for its parameters. */
function pathOf(file: string): string {
  const name = file.replace(/\.(ts|tsx)$/, "");
  const parts = name
    .split(".")
    .filter((part) => part !== "_index" && !(part.startsWith("_") && part.length > 1))
    .map((part) => (part.endsWith("_") ? part.slice(0, -1) : part))
    .map((part) => (part === "$" ? "some/file.webp" : part.startsWith("$") ? (/id$/i.test(part) ? "424242" : "someone") : part));
  return `/${parts.join("/")}`;
}

/** Route files whose source exports an action, found by reading them (the loaded modules must agree). */
const ACTION_FILES = readdirSync(ROUTES_DIR)
  .filter((file) => /\.(ts|tsx)$/.test(file))
  .filter((file) => /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(readFileSync(path.join(ROUTES_DIR, file), "utf8")))
  .sort();

async function rowCounts() {
  const [posts, cars, mods, comments, likes, saves, shares, follows, carFollows, blocks, messages, events, attendees, flags, feedback, sessions, unread] =
    await Promise.all([
      prisma.post.count(),
      prisma.car.count(),
      prisma.mod.count(),
      prisma.comment.count(),
      prisma.postLike.count(),
      prisma.save.count(),
      prisma.share.count(),
      prisma.userFollow.count(),
      prisma.carFollow.count(),
      prisma.block.count(),
      prisma.message.count(),
      prisma.event.count(),
      prisma.eventAttendee.count(),
      prisma.flag.count(),
      prisma.feedback.count(),
      prisma.session.count(),
      prisma.notification.count({ where: { readAt: null } }),
    ]);
  return { posts, cars, mods, comments, likes, saves, shares, follows, carFollows, blocks, messages, events, attendees, flags, feedback, sessions, unread };
}

describe("every route module with an action reaches the limiter first", () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await makeUser("walker", "admin");
  });

  it("finds the actions (the modules and their sources agree)", async () => {
    const found: string[] = [];
    for (const [file, load] of Object.entries(modules)) {
      const mod = await load();
      if (typeof mod.action === "function") found.push(path.basename(file));
    }
    expect(found.sort()).toEqual(ACTION_FILES);
    expect(ACTION_FILES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(ACTION_FILES)("%s answers 429 with Retry-After (or a toast back to its page) over its limit, writing nothing", async (file) => {
    const load = modules[file];
    const { action, handle } = (await load()) as { action: (a: unknown) => Promise<Response>; handle?: unknown };
    // The server answers a method a route does not declare with 405 before the route runs.
    const declared = routeMethodsOf(handle);
    const urlPath = pathOf(file);
    const isApi = urlPath.startsWith("/api/");
    const params: Record<string, string> = {};
    for (const part of file.replace(/\.(ts|tsx)$/, "").split(".")) {
      if (part === "$") params["*"] = "some/file.webp";
      // `$id_` names the parameter `id` (the underscore only leaves the parent layout).
      else if (part.startsWith("$")) params[part.slice(1).replace(/_$/, "")] = /id_?$/i.test(part) ? "424242" : "someone";
    }

    // Every limit below one request: the first counted write is refused.
    process.env.RATE_LIMIT_SCALE = "1e-9";
    const before = await rowCounts();
    let checked = 0;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      if (declared && !declared.includes(method)) continue;
      const request = new Request(ORIGIN + urlPath, {
        method,
        headers: { "Content-Type": "application/json", Cookie: admin.cookie, "X-Client-Address": "203.0.113.9" },
        body: "{}",
      });
      const response = await answer(action(args(request, params)));
      if (response.status === 405) continue;
      checked += 1;
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(retryAfter, `${method} ${urlPath}: Retry-After`).toBeGreaterThan(0);
      if (isApi) {
        expect(response.status, `${method} ${urlPath}`).toBe(429);
        const body = await response.json();
        expect(body.error).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
      } else {
        // A page's own form (or /logout): back to the page with the message as a toast.
        expect(response.status, `${method} ${urlPath}`).toBe(303);
        expect(response.headers.get("Location")).toBe(urlPath);
        expect(response.headers.get("Set-Cookie")).toContain("__flash=");
      }
    }
    expect(checked, `${urlPath} accepts at least one write method`).toBeGreaterThan(0);
    expect(await rowCounts()).toEqual(before);
  });
});

describe("loaders that write", () => {
  it("the Google callback (which may create an account) is limited like other sign-ins", async () => {
    process.env.RATE_LIMIT_SCALE = "1e-9";
    const request = new Request(`${ORIGIN}/api/auth/callback/google?code=abc&state=xyz`, { headers: { "X-Client-Address": "203.0.113.50" } });
    const response = await answer(googleCallback(args(request)));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await prisma.user.count({ where: { googleId: { not: null } } })).toBe(0);
  });
});

// ------------------------------------------------------------------ the limits themselves

function post(urlPath: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(ORIGIN + urlPath, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

function form(urlPath: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(ORIGIN + urlPath, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Uses up a member's allowance of `rule` without calling any route. */
async function exhaust(rule: RuleName, key: string) {
  for (let i = 0; i < RULES[rule].limit; i++) expect((await hit(rule, key)).ok).toBe(true);
}

async function toastOf(response: Response): Promise<string | undefined> {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const flash = await takeFlash(new Request(ORIGIN, { headers: { Cookie: cookie } }));
  return flash.toast?.message;
}

describe("limits per member", () => {
  it("lets a member write up to the rule's limit, then answers 429 until the window ends", async () => {
    const member = await makeUser();
    for (let i = 0; i < RULES.read.limit; i++) {
      const ok = await answer(readAll(args(post("/api/notifications/read-all", {}, { Cookie: member.cookie }))));
      expect(ok.status).toBe(204);
    }
    const refused = await answer(readAll(args(post("/api/notifications/read-all", {}, { Cookie: member.cookie }))));
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RULES.read.windowMs / 1000);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many attempts/), status: 429 });

    // Another member on the same address is not affected.
    const other = await makeUser();
    const fine = await answer(readAll(args(post("/api/notifications/read-all", {}, { Cookie: other.cookie, "X-Client-Address": "198.51.100.1" }))));
    expect(fine.status).toBe(204);
  });

  it("sends a plain form post back to its redirectTo with the message as a toast", async () => {
    const member = await makeUser();
    const target = await makeUser();
    await exhaust("follow", `user:${member.id}`);
    const response = await answer(
      followUser(args(form(`/api/users/${target.username}/follow`, { redirectTo: userPath(target.username) }, { Cookie: member.cookie }), { username: target.username })),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(userPath(target.username));
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await toastOf(response)).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minute)\.$/);
    expect(await prisma.userFollow.count({ where: { followerId: member.id } })).toBe(0);
  });

  it("sends a page's own form back to the page with a toast, not an error page", async () => {
    const member = await makeUser();
    await exhaust("garage", `user:${member.id}`);
    const response = await answer(newCarPage(args(form("/my-cars/new", { make: "Mazda", model: "MX-5", year: "1991" }, { Cookie: member.cookie }))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/my-cars/new");
    expect(await toastOf(response)).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await prisma.car.count({ where: { ownerId: member.id } })).toBe(0);
  });
});

describe("limits per client address for visitors", () => {
  const feedback = { build_number: "3081", feedback_text: "Love the dark theme", rating: 5 };
  const send = (headers: Record<string, string> = {}) => answer(submitFeedback(args(post("/api/feedback/submit", feedback, headers))));

  it("counts visitors by X-Client-Address (set by our server on every request)", async () => {
    for (let i = 0; i < RULES.feedback.limit; i++) expect((await send({ "X-Client-Address": "192.0.2.10" })).status).toBe(201);
    const refused = await send({ "X-Client-Address": "192.0.2.10" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await send({ "X-Client-Address": "192.0.2.11" })).status).toBe(201);
  });

  it("prefers X-Client-Address to X-Forwarded-For, which counts only with TRUST_PROXY, from the right", async () => {
    const both = new Request(ORIGIN, { headers: { "X-Client-Address": "192.0.2.20", "X-Forwarded-For": "10.0.0.1, 10.0.0.2" } });
    expect(clientKey(both)).toBe("192.0.2.20");
    const forwarded = new Request(ORIGIN, { headers: { "X-Forwarded-For": "10.0.0.1, 10.0.0.2" } });
    expect(clientKey(forwarded)).toBe("direct");
    process.env.TRUST_PROXY = "true";
    // One proxy in front: the entry it appended, never what the client wrote before it.
    expect(clientKey(forwarded)).toBe("10.0.0.2");
    process.env.TRUST_PROXY = "2";
    expect(clientKey(forwarded)).toBe("10.0.0.1");
    process.env.TRUST_PROXY = "true";
    expect(clientKey(new Request(ORIGIN))).toBe("direct");

    for (let i = 0; i < RULES.feedback.limit; i++) expect((await send({ "X-Forwarded-For": "10.0.0.3" })).status).toBe(201);
    expect((await send({ "X-Forwarded-For": "10.0.0.3" })).status).toBe(429);
  });

  it("does not put every visitor in one bucket when the address is unknown", async () => {
    for (let i = 0; i < RULES.feedback.limit + 2; i++) expect((await send()).status).toBe(201);
  });
});
