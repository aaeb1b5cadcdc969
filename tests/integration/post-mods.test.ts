// Mods tagged on posts: POST /api/posts keeps the mods of the post's cars (a repeated id
// once) and refuses any other mod with a 400 that stores nothing; a plain form comes back
// with what was ticked; the post page lists its mods; the showcase's build timeline groups
// posts by mod; the migration turned each old Mod.postId link into a tag.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { POST_MESSAGES } from "~/lib/rules/post-messages";
import { modHref } from "~/lib/rules/post-mods";
import { getBuildTimeline, listModChoices } from "~/models/post-mods.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { runDueJobs } from "~/models/job-worker.server";
import { action as createPostAction } from "~/routes/api.posts";
import { loader as postLoader } from "~/routes/post.$id";
import { loader as showcaseLoader } from "~/routes/showcase.$carId";
import { loader as uploadLoader } from "~/routes/upload";
import { signUp, type SignedUp } from "../support/accounts";
import { call, callJson, getRequest, jsonRequest, multipartRequest } from "../support/requests";
import { postPath, showcasePath } from "~/lib/paths";

const ORIGIN = "http://127.0.0.1:3000";

let owner: SignedUp;
let other: SignedUp;
let carA: number;
let carB: number;
let strangerCar: number;
let intake: number;
let coilovers: number;
let wheels: number;
let strangerMod: number;

async function mod(carId: number, modelName: string, category: string, maker?: string, createdAt?: Date) {
  const manufacturer = maker ? await prisma.manufacturer.upsert({ where: { name: maker }, create: { name: maker }, update: {}, select: { id: true } }) : null;
  const row = await prisma.mod.create({ data: { carId, modelName, category, manufacturerId: manufacturer?.id ?? null, ...(createdAt ? { createdAt } : {}) } });
  return row.id;
}

function incomingFiles(): string[] {
  const dir = process.env.UPLOAD_TMP_DIR!;
  return existsSync(dir) ? readdirSync(dir) : [];
}

function png() {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  owner = await signUp("tagger");
  other = await signUp("neighbour");
  carA = (await prisma.car.create({ data: { ownerId: owner.id, make: "Honda", model: "Civic", year: 1999, trim: "Type R" } })).id;
  carB = (await prisma.car.create({ data: { ownerId: owner.id, make: "Subaru", model: "Impreza", year: 2004 } })).id;
  strangerCar = (await prisma.car.create({ data: { ownerId: other.id, make: "Ford", model: "Focus", year: 2018 } })).id;
  intake = await mod(carA, "Cold Air Intake", "Intake", "K&N", new Date("2026-01-01T00:00:00Z"));
  coilovers = await mod(carA, "Road & Track", "Suspension", "Öhlins", new Date("2026-02-01T00:00:00Z"));
  wheels = await mod(carB, "TE37", "Wheels", "Volk");
  strangerMod = await mod(strangerCar, "Big Turbo", "Forced induction");
});

beforeEach(() => resetRateLimits());

function create(request: Request) {
  return callJson(createPostAction, request);
}

describe("tagging mods on a new post", () => {
  it("keeps the tagged cars' mods, each once", async () => {
    const { status, body } = await create(
      multipartRequest(
        "/api/posts",
        [
          ["story", "Fresh intake and coilovers"],
          ["carIds", String(carA)],
          ["modIds", String(intake)],
          ["modIds", String(coilovers)],
          ["modIds", String(intake)],
          ["media", await png(), "shot.png", "image/png"],
        ],
        { cookie: owner.cookie },
      ),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    const tags = await prisma.postMod.findMany({ where: { postId: body.post.id }, orderBy: { modId: "asc" } });
    expect(tags.map((tag) => tag.modId)).toEqual([intake, coilovers].sort((a, b) => a - b));

    // JSON takes a list of numbers, and mods of two tagged cars.
    const json = await create(jsonRequest("/api/posts", { story: "Both cars", carIds: [carA, carB], modIds: [wheels, coilovers] }, { cookie: owner.cookie }));
    expect(json.status).toBe(201);
    expect(await prisma.postMod.count({ where: { postId: json.body.post.id } })).toBe(2);
  });

  it("refuses a mod of a car the post does not tag, or of someone else's car, with 400 and stores nothing", async () => {
    const posts = await prisma.post.count();
    const tags = await prisma.postMod.count();
    const waiting = incomingFiles();
    for (const modId of [wheels, strangerMod, 999_999]) {
      const { status, body } = await create(
        multipartRequest(
          "/api/posts",
          [
            ["story", "Wrong mod"],
            ["carIds", String(carA)],
            ["modIds", String(intake)],
            ["modIds", String(modId)],
            ["media", await png(), "shot.png", "image/png"],
          ],
          { cookie: owner.cookie },
        ),
      );
      expect(status).toBe(400);
      expect(body).toEqual({ error: POST_MESSAGES.modNotOnCars, status: 400 });
    }
    // A mod with no car ticked at all.
    const bare = await create(jsonRequest("/api/posts", { story: "No car", modIds: [intake] }, { cookie: owner.cookie }));
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe(POST_MESSAGES.modNotOnCars);

    expect(await prisma.post.count()).toBe(posts);
    expect(await prisma.postMod.count()).toBe(tags);
    expect(incomingFiles()).toEqual(waiting);
  });

  it("refuses ids that are not ids, and too many mods, with 400", async () => {
    const bad = await create(jsonRequest("/api/posts", { story: "x", carIds: [carA], modIds: ["1x"] }, { cookie: owner.cookie }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(POST_MESSAGES.modIds);
    const many = await create(jsonRequest("/api/posts", { story: "x", carIds: [carA], modIds: Array.from({ length: 31 }, (_, i) => i + 1) }, { cookie: owner.cookie }));
    expect(many.status).toBe(400);
    expect(many.body.error).toBe(POST_MESSAGES.tooManyMods);
  });

  it("sends a refused plain form back with the story, cars and mods it had", async () => {
    const form = new FormData();
    form.append("redirectTo", "/upload");
    form.append("story", "Keep this story");
    form.append("carIds", String(carA));
    form.append("modIds", String(intake));
    form.append("modIds", String(wheels));
    const response = (await call<unknown>(
      createPostAction as never,
      new Request(`${ORIGIN}/api/posts`, { method: "POST", body: form, headers: { Cookie: owner.cookie, Accept: "text/html", "Sec-Fetch-Mode": "navigate" } }),
    )) as Response;
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/upload\?draft=/);
    const page = (await call<unknown>(uploadLoader as never, getRequest(location, { cookie: owner.cookie }))) as {
      draft: { error: string; story: string; carIds: number[]; modIds: number[] };
      mods: Array<{ id: number; carId: number; modelName: string; maker: string | null }>;
    };
    expect(page.draft).toMatchObject({ error: POST_MESSAGES.modNotOnCars, story: "Keep this story", carIds: [carA], modIds: [intake, wheels] });
    // The form offers the mods of all the member's cars, and no one else's.
    expect(page.mods.map((choice) => choice.id).sort((a, b) => a - b)).toEqual([intake, coilovers, wheels].sort((a, b) => a - b));
    expect(page.mods.find((choice) => choice.id === coilovers)).toMatchObject({ carId: carA, modelName: "Road & Track", maker: "Öhlins" });
  });

  it("lists the post's mods on its page, linking to the mod on the showcase", async () => {
    const { body } = await create(jsonRequest("/api/posts", { story: "Page", carIds: [carA], modIds: [coilovers, intake] }, { cookie: owner.cookie }));
    const page = (await call<unknown>(postLoader as never, getRequest(postPath(body.post.id)), { id: String(body.post.id) })) as {
      taggedMods: Array<{ id: number; carId: number; modelName: string; maker: string | null; category: string }>;
    };
    expect(page.taggedMods).toEqual([
      { id: intake, carId: carA, modelName: "Cold Air Intake", maker: "K&N", category: "Intake" },
      { id: coilovers, carId: carA, modelName: "Road & Track", maker: "Öhlins", category: "Suspension" },
    ]);
    expect(modHref(page.taggedMods[0])).toBe(`${showcasePath(carA)}#mod-${intake}`);
  });
});

describe("the build timeline", () => {
  let car: number;
  let early: number;
  let late: number;
  let untagged: number;

  async function post(story: string, createdAt: string, modIds: number[], options: { status?: string; video?: boolean } = {}) {
    const row = await prisma.post.create({
      data: {
        createdById: owner.id,
        story,
        createdAt: new Date(createdAt),
        status: options.status ?? "ready",
        postCars: { create: [{ carId: car }] },
        postMods: { create: modIds.map((modId) => ({ modId })) },
        media: {
          create: options.video
            ? [{ uploaderId: owner.id, position: 0, kind: "video", path: `v-${story}.mp4`, mimeType: "video/mp4", bytes: 10, posterPath: `p-${story}.webp` }]
            : [
                { uploaderId: owner.id, position: 1, kind: "image", path: `b-${story}.webp`, mimeType: "image/webp", bytes: 10 },
                { uploaderId: owner.id, position: 0, kind: "image", path: `a-${story}.webp`, mimeType: "image/webp", bytes: 10 },
              ],
        },
      },
    });
    return row.id;
  }

  beforeAll(async () => {
    car = (await prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "RX-7", year: 1993 } })).id;
    early = await mod(car, "Turbo Kit", "Forced induction", "Garrett", new Date("2025-03-01T00:00:00Z"));
    late = await mod(car, "Big Brake Kit", "Brakes", undefined, new Date("2025-06-01T00:00:00Z"));
    untagged = await mod(car, "Seats", "Interior", "Recaro", new Date("2025-09-01T00:00:00Z"));
  });

  it("groups ready posts by mod: newest mod first, newest post first, with thumbnails and counts", async () => {
    const first = await post("dyno", "2025-03-10T10:00:00Z", [early]);
    const second = await post("track", "2025-06-10T10:00:00Z", [early, late], { video: true });
    await post("hidden", "2025-07-01T10:00:00Z", [early], { status: "processing" });

    const timeline = await getBuildTimeline(car);
    expect(timeline.map((entry) => entry.mod.id)).toEqual([late, early]);
    expect(timeline.some((entry) => entry.mod.id === untagged)).toBe(false);
    const [brakes, turbo] = timeline;
    expect(brakes).toMatchObject({ mod: { modelName: "Big Brake Kit", maker: null, category: "Brakes", carId: car }, postCount: 1 });
    expect(turbo).toMatchObject({ mod: { modelName: "Turbo Kit", maker: "Garrett" }, postCount: 2 });
    expect(turbo.posts.map((entry) => entry.id)).toEqual([second, first]);
    expect(turbo.posts.map((entry) => entry.createdAt)).toEqual(["2025-06-10T10:00:00.000Z", "2025-03-10T10:00:00.000Z"]);
    // The first photo by position; a video's poster frame.
    expect(turbo.posts[1].thumbnail).toMatchObject({ kind: "image", path: "a-dyno.webp", postId: first });
    expect(turbo.posts[0].thumbnail).toMatchObject({ kind: "video", posterPath: "p-track.webp" });
  });

  it("is bounded: at most `mods` mods and `postsPerMod` posts each, the count still whole", async () => {
    const timeline = await getBuildTimeline(car, { mods: 1, postsPerMod: 1 });
    expect(timeline).toHaveLength(1);
    expect(timeline[0].mod.id).toBe(late);
    const turbo = (await getBuildTimeline(car, { postsPerMod: 1 })).find((entry) => entry.mod.id === early)!;
    expect(turbo.posts).toHaveLength(1);
    expect(turbo.postCount).toBe(2);
  });

  it("reaches the showcase page", async () => {
    const page = (await call<unknown>(showcaseLoader as never, getRequest(showcasePath(car)), { carId: String(car) })) as {
      timeline: Array<{ mod: { id: number } }>;
    };
    expect(page.timeline.map((entry) => entry.mod.id)).toEqual([late, early]);
  });

  it("offers the member's mods only, in the upload form's choices", async () => {
    const choices = await listModChoices(other.id);
    expect(choices.map((choice) => choice.id)).toEqual([strangerMod]);
  });
});

describe("the post_mods migration", () => {
  it("turns each mod's old post link into a tag", async () => {
    const car = (await prisma.car.create({ data: { ownerId: owner.id, make: "Nissan", model: "Silvia", year: 1996 } })).id;
    const postId = (await prisma.post.create({ data: { createdById: owner.id, story: "old link", postCars: { create: [{ carId: car }] } } })).id;
    const linked = (await prisma.mod.create({ data: { carId: car, modelName: "Coilovers", category: "Suspension", postId } })).id;
    await prisma.mod.create({ data: { carId: car, modelName: "Wheels", category: "Wheels" } });

    const sql = readFileSync(path.resolve(__dirname, "../../prisma/migrations/20261125190547_post_mods/migration.sql"), "utf8");
    const backfill = sql.slice(sql.indexOf("INSERT INTO"));
    await prisma.$executeRawUnsafe(backfill.replace(/;\s*$/, ""));
    const tags = await prisma.postMod.findMany({ where: { mod: { carId: car } } });
    expect(tags).toEqual([{ postId, modId: linked }]);
  });
});

// Jobs queued by the uploads above are not needed: run them so no file waits.
afterAll(async () => {
  await runDueJobs();
});
