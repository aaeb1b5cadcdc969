// A visitor's kept page ends only when what it shows changes: the app names the keys of what a
// page shows in its X-Kept-Keys header (app/cache/data-keys.ts), the visitors' pages in front of
// it (server/visitor-pages.ts) keep them with the page and take the header off, and a commit
// that names none of them (a like on another post, even one of the same car) leaves the page in
// memory.
// Over HTTP, through the real handler, as in production.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { reactToPost } from "~/models/like.server";
import { setCarFollow } from "~/models/follow.server";
import { stopInsuranceReminders } from "~/models/insurance-reminders.server";
import { postPath } from "~/lib/paths";
import type { FeedPage } from "~/lib/wire";
import { makeUser, type TestUser } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { onPostgres } from "../support/database";

let app: RunningApp;
let owner: TestUser;
let fan: TestUser;
/** Post A names car X; post B names car Y: nothing in common; post C names car X too. */
let postA: number;
let postB: number;
let postC: number;
let carX: number;

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  app = await serveApp(await sourceBuild(["routes/post.$id", "routes/api.feed"]), [], { visitorPages: true });
  owner = await makeUser("keys_owner");
  fan = await makeUser("keys_fan");
  carX = (await prisma.car.create({ data: { ownerId: owner.id, make: "Nissan", model: "Skyline GT-R", year: 1999 } })).id;
  const carY = (await prisma.car.create({ data: { ownerId: owner.id, make: "Toyota", model: "Supra", year: 1997 } })).id;
  const post = (story: string, carId: number) => prisma.post.create({ data: { createdById: owner.id, story, carId, postCars: { create: { carId } } } });
  postA = (await post("R34 on the dyno", carX)).id;
  postB = (await post("Supra at the strip", carY)).id;
  postC = (await post("R34 at the meet", carX)).id;
}, 120_000);

afterAll(async () => {
  stopInsuranceReminders();
  await app?.close();
});

function get(pathname: string, user?: TestUser) {
  return fetch(app.origin + pathname, { headers: user ? { Cookie: user.cookie } : {}, redirect: "manual" });
}

/** An answer's body, whether it came from memory, and what it told the client of its keys. */
async function visit(pathname: string, user?: TestUser) {
  const answer = await get(pathname, user);
  expect(answer.status).toBe(200);
  return { fromMemory: answer.headers.get("age") !== null, keysHeader: answer.headers.get("x-kept-keys"), body: await answer.text() };
}

/** The like count the post page shows. */
function likesShown(html: string): number {
  const count = /data-testid="likes-count"[^>]*>(\d+)</.exec(html)?.[1];
  expect(count).toBeDefined();
  return Number(count);
}

/** The like count the feed's answer gives post A. */
function likesOfA(json: string): number {
  return (JSON.parse(json) as FeedPage).posts.find((post) => post.id === postA)!.counts.likes;
}

// What is kept is checked on SQLite, whose log is read by seq; PostgreSQL's is read between
// snapshots, which every test file on the server moves.
describe.skipIf(onPostgres)("a visitor's kept page", () => {
  it("of a post is answered from memory after a like on a post with no car in common, and rendered anew, with the new count, after a like on it", async () => {
    const first = await visit(postPath(postA));
    expect(first.fromMemory).toBe(false);
    expect(likesShown(first.body)).toBe(0);
    expect((await visit(postPath(postA))).fromMemory).toBe(true);

    await reactToPost(fan.id, postB, "like");
    const kept = await visit(postPath(postA));
    expect(kept.fromMemory).toBe(true);
    expect(likesShown(kept.body)).toBe(0);
    // Another post of the same car: the page shows the car, not that post's reactions.
    await reactToPost(fan.id, postC, "like");
    expect((await visit(postPath(postA))).fromMemory).toBe(true);

    await reactToPost(fan.id, postA, "like");
    const fresh = await visit(postPath(postA));
    expect(fresh.fromMemory).toBe(false);
    expect(likesShown(fresh.body)).toBe(1);
    // The new page is kept in its turn.
    const again = await visit(postPath(postA));
    expect(again.fromMemory).toBe(true);
    expect(likesShown(again.body)).toBe(1);
    await reactToPost(fan.id, postA, "like");
  });

  it("of the feed's posts of a car is answered from memory after a like on another car's post, and anew after a like on its own", async () => {
    const page = `/api/feed?carId=${carX}`;
    const first = await visit(page);
    expect(likesOfA(first.body)).toBe(0);
    expect((await visit(page)).fromMemory).toBe(true);

    await reactToPost(fan.id, postB, "dislike");
    expect((await visit(page)).fromMemory).toBe(true);

    await reactToPost(fan.id, postA, "like");
    const fresh = await visit(page);
    expect(fresh.fromMemory).toBe(false);
    expect(likesOfA(fresh.body)).toBe(1);
    await reactToPost(fan.id, postA, "like");
  });

  it("of a post, and of the feed's posts of its car, is answered from memory after a member follows the car: a visitor follows none", async () => {
    const feed = `/api/feed?carId=${carX}`;
    await visit(postPath(postA));
    await visit(feed);
    expect((await visit(postPath(postA))).fromMemory).toBe(true);
    await setCarFollow(fan, carX, true);
    expect((await visit(postPath(postA))).fromMemory).toBe(true);
    expect((await visit(feed)).fromMemory).toBe(true);
    await setCarFollow(fan, carX, false);
  });

  it("of a post is rendered anew after a change with no key of its own: a new post anywhere", async () => {
    await visit(postPath(postA));
    expect((await visit(postPath(postA))).fromMemory).toBe(true);
    await prisma.post.create({ data: { createdById: fan.id, story: "Unrelated hatchback" } });
    expect((await visit(postPath(postA))).fromMemory).toBe(false);
  });
});

describe("the keys an answer names for the cache", () => {
  it("never reach the client: a visitor's page rendered or from memory, a member's, the feed's answers", async () => {
    const answers = [
      await visit(postPath(postA)),
      await visit(postPath(postA)),
      await visit(postPath(postA), fan),
      await visit(`/api/feed?carId=${carX}`),
      await visit(`/api/feed?carId=${carX}`),
      await visit("/api/feed", fan),
    ];
    for (const answer of answers) expect(answer.keysHeader).toBeNull();
    if (!onPostgres) expect(answers[1].fromMemory).toBe(true);
  });
});
