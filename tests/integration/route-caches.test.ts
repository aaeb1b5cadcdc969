// The rule every route that opts into a cache keeps (app/cache/README.md): its markup depends
// only on its address and its loaders' data, and that data counts time from a top-level `now`.
// Each opted-in page is rendered as a visitor and as a member twice: once as usual, and once with
// its loaders run at the same moment but the clock moved three hours on before React renders.
// A page that reads the clock while rendering ("5m ago" from Date.now()) reads differently the
// second time, and a reused render of it would show a stale time.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { routeCacheOf } from "~/cache/route-cache";
import { createMod } from "~/models/mod.server";
import { sourceBuild } from "../support/app-server";
import { makeUser, type TestUser } from "../support/accounts";
import { eventPath, postPath, showcasePath, userPath } from "~/lib/paths";

const appDirectory = path.resolve(__dirname, "../../app");
const SHIFT_MS = 3 * 3600_000;
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Every route module whose handle opts into a cache (read from the sources, then imported). */
async function optedInRoutes(): Promise<Array<{ id: string; document: boolean }>> {
  const manifest = flatRoutes(appDirectory, ["**/.*", "**/*.test.{ts,tsx}"]) as Record<string, { file: string }>;
  const found: Array<{ id: string; document: boolean }> = [];
  for (const [id, route] of Object.entries(manifest)) {
    const file = path.join(appDirectory, route.file);
    if (!/export const handle\b/.test(readFileSync(file, "utf8"))) continue;
    const module = (await import(file)) as { handle?: unknown; default?: unknown };
    if (routeCacheOf(module.handle) !== "none") found.push({ id, document: Boolean(module.default) });
  }
  return found;
}

let member: TestUser;
let urls: Record<string, string>;

beforeAll(async () => {
  member = await makeUser("clock_reader");
  const owner = await makeUser("clock_owner");
  const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Nissan", model: "Silvia", year: 1996, nickname: "Kouki" } });
  const post = await prisma.post.create({
    data: {
      createdById: owner.id,
      story: "SR20 back together #s14",
      carId: car.id,
      postCars: { create: [{ carId: car.id }] },
      createdAt: new Date(Date.now() - 4 * 60_000),
    },
  });
  await prisma.comment.create({ data: { postId: post.id, userId: member.id, content: "Clean bay!", createdAt: new Date(Date.now() - 2 * 60_000) } });
  const event = await prisma.event.create({ data: { name: "Sunday cruise", dateTime: new Date(Date.now() + 5 * 24 * 3600_000), location: "Harbour car park" } });
  const mod = await createMod(car.id, owner.id, { mod_category: "Turbo", model_name: "GT2871R", manufacturer: "Garrett", cost: 150_000, show_cost: true } as never);
  const part = await prisma.part.findUniqueOrThrow({ where: { id: mod.partId! }, include: { manufacturer: true } });
  urls = {
    "routes/_index": "/",
    "routes/post.$id": postPath(post.id),
    "routes/showcase.$carId": showcasePath(car.id),
    "routes/events._index": "/events",
    "routes/events.$id": eventPath(event.id),
    "routes/search": "/search?q=silvia",
    "routes/user.$username": userPath(owner.username),
    "routes/parts.$partRef": `/parts/${part.id}-garrett-gt2871r`,
    "routes/embed.post.$postId": `/embed/post/${post.id}`,
    "routes/embed.car.$carId": `/embed/car/${car.id}`,
    "routes/api.feed": "/api/feed",
  };
});

afterEach(() => {
  vi.useRealTimers();
});

/** The build with the clock moved `shiftMs` on just before React renders, and each loader's data recorded. */
async function clockBuild(routeId: string, loaded: Map<string, unknown>, shift: { ms: number; at: number }): Promise<ServerBuild> {
  const build = await sourceBuild([routeId]);
  for (const route of Object.values(build.routes)) {
    const { loader } = route.module;
    if (!loader) continue;
    route.module = {
      ...route.module,
      loader: async (args) => {
        const data = await loader(args);
        loaded.set(route.id, data);
        return data;
      },
    };
  }
  const entry = build.entry.module;
  build.entry = {
    module: {
      ...entry,
      default: (...args: Parameters<typeof entry.default>) => {
        if (shift.ms) vi.setSystemTime(shift.at + shift.ms);
        return entry.default(...args);
      },
    },
  };
  return build;
}

/** The page's markup without what differs per answer (nonces). */
function comparable(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, "'nonce-'");
}

/** The plain data a loader answered (single fetch's data() keeps it in `data`). */
function plainData(answer: unknown): unknown {
  if (answer && typeof answer === "object" && "type" in answer && (answer as { type: unknown }).type === "DataWithResponseInit")
    return (answer as unknown as { data: unknown }).data;
  return answer;
}

/** The page at `url` rendered at the moment `at`, with the clock moved `shiftMs` on before React renders. */
async function render(routeId: string, url: string, cookie: string | null, at: number, shiftMs: number) {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
  const loaded = new Map<string, unknown>();
  const handler = createRequestHandler(await clockBuild(routeId, loaded, { ms: shiftMs, at }), "production");
  const response = await handler(new Request(`http://127.0.0.1:3000${url}`, { headers: { "User-Agent": CRAWLER, ...(cookie ? { Cookie: cookie } : {}) } }));
  const html = await response.text();
  vi.useRealTimers();
  return { status: response.status, html: comparable(html), data: plainData(loaded.get(routeId)) };
}

describe("routes that opt into a cache", () => {
  it("are the pages and answers listed here, each with an address to check", async () => {
    const routes = await optedInRoutes();
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(urls[route.id], `${route.id} opts into a cache: give it an address in this test`).toBeDefined();
  });

  it("give a top-level now in their loader's data, and render the same markup whatever the clock says", { timeout: 120_000 }, async () => {
    const routes = (await optedInRoutes()).filter((route) => route.document);
    const problems: string[] = [];
    for (const route of routes) {
      for (const [who, cookie] of [
        ["visitor", null],
        ["member", member.cookie],
      ] as const) {
        const at = Date.now();
        const plain = await render(route.id, urls[route.id]!, cookie, at, 0);
        expect(plain.status, `${route.id} as a ${who}`).toBe(200);
        const data = plain.data as { now?: unknown } | null;
        if (!data || typeof data !== "object" || typeof data.now !== "number") problems.push(`${route.id} (${who}): its loader's data has no top-level now`);
        const moved = await render(route.id, urls[route.id]!, cookie, at, SHIFT_MS);
        if (moved.html !== plain.html) {
          const at = [...plain.html].findIndex((char, index) => moved.html[index] !== char);
          problems.push(
            `${route.id} (${who}): the markup reads the clock: …${plain.html.slice(Math.max(0, at - 80), at + 80)}… became …${moved.html.slice(Math.max(0, at - 80), at + 80)}…`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
