import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { fileMessage, MAX_IMAGE_BYTES, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";
import { mediaDir } from "~/lib/media/media-storage.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { getPost } from "~/models/feed.server";
import { runDueJobs } from "~/models/job-worker.server";
import { action as createPostAction } from "~/routes/api.posts";
import { action as postAction, loader as postLoader } from "~/routes/api.posts.$id";
import { action as shareAction } from "~/routes/api.posts.$id.share";
import { signUp, type SignedUp } from "../support/accounts";
import { callJson, formRequest, getRequest, jsonRequest, multipartRequest, type Part } from "../support/requests";

const ORIGIN = "http://127.0.0.1:3000";

async function png(width = 1200, height = 900, color = { r: 200, g: 40, b: 40 }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .withExif({ IFD0: { Copyright: "secret-owner" } })
    .png()
    .toBuffer();
}

/** The smallest thing file-type takes for an MP4: an ftyp box and some mdat. */
/** A real phone-style H.264 clip (the demo's). */
function mp4(): Buffer {
  return readFileSync(path.resolve(__dirname, "../../prisma/seed-assets/videos/track-pass.mp4"));
}

function create(request: Request) {
  return callJson(createPostAction, request);
}

function storedFiles(): string[] {
  const root = mediaDir();
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((entry) => /\.\w+$/.test(entry)).map((entry) => path.join(root, entry));
}

let owner: SignedUp;
let other: SignedUp;
let admin: SignedUp;
let ownCar: { id: number };
let secondCar: { id: number };
let otherCar: { id: number };

beforeAll(async () => {
  owner = await signUp("poster");
  other = await signUp("stranger");
  admin = await signUp("boss");
  await prisma.user.update({ where: { id: admin.id }, data: { role: "admin" } });
  ownCar = await prisma.car.create({ data: { ownerId: owner.id, make: "Porsche", model: "911", year: 1973, nickname: "Bluebird" } });
  secondCar = await prisma.car.create({ data: { ownerId: owner.id, make: "BMW", model: "M3", year: 1988, trim: "E30" } });
  otherCar = await prisma.car.create({ data: { ownerId: other.id, make: "Ford", model: "Mustang", year: 1967 } });
});

beforeEach(() => resetRateLimits());

describe("POST /api/posts", () => {
  it("creates a post with two photos and a video: in the order sent, cars in order, files re-encoded", async () => {
    const before = storedFiles().length;
    const { status, body } = await create(
      multipartRequest(
        "/api/posts",
        [
          ["story", "  Sunday drive  "],
          ["carIds", String(ownCar.id)],
          ["carIds", String(secondCar.id)],
          ["layout", ""],
          ["soundcloud_url", "https://www.soundcloud.com/artist/track?si=abc"],
          ["media", await png(), "first.png", "image/png"],
          ["media", await png(800, 600, { r: 10, g: 200, b: 10 }), "second.png", "image/png"],
          ["media", mp4(), "clip.mp4", "video/mp4"],
        ],
        { cookie: owner.cookie },
      ),
    );
    expect(status).toBe(201);
    // The answer comes before the files are processed: the post waits, with no media yet.
    expect(body.post).toMatchObject({ status: "processing", photos: [] });
    expect(await runDueJobs()).toBe(3);
    const post = (await getPost(body.post.id, owner.id))!;
    expect(post).toMatchObject({
      status: "ready",
      story: "Sunday drive",
      created_by: owner.id,
      creator: { username: "poster" },
      car_ids: [ownCar.id, secondCar.id],
      car_id: ownCar.id,
      layout: null,
      effective_layout: "carousel",
      soundcloud_url: "https://soundcloud.com/artist/track",
      counts: { likes: 0, dislikes: 0, comments: 0, mods: 0, saves: 0, shares: 0, flags: 0 },
    });
    expect(post.photos.map((photo: { kind: string }) => photo.kind)).toEqual(["image", "image", "video"]);
    expect(post.photos[2].image_url).toMatch(/^\/media\/.+\.mp4$/);
    expect(post.photos[0]).toMatchObject({ kind: "image", mime_type: "image/webp", width: 1200, height: 900 });
    expect(post.photos[0].image_url).toMatch(/^\/media\/.+\.webp$/);
    expect(post.photos[0].srcset).toContain("640w");
    expect(post.photos[1]).toMatchObject({ width: 800, height: 600 });
    expect(post.post_cars.map((car: { car: { nickname: string | null } }) => car.car.nickname)).toEqual(["Bluebird", null]);

    // Files exist under generated names, EXIF gone.
    expect(storedFiles().length).toBeGreaterThan(before + 3);
    const row = await prisma.media.findFirstOrThrow({ where: { postId: post.id, kind: "image" }, orderBy: { position: "asc" } });
    const meta = await sharp(path.join(mediaDir(), row.path)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
  });

  it("lets a plain form post go to the new post's page with a toast", async () => {
    const { status, response } = await create(
      multipartRequest(
        "/api/posts",
        [
          ["story", "No JavaScript here"],
          ["redirectTo", "/upload"],
          ["media", new Uint8Array(), "", "application/octet-stream"],
        ],
        { cookie: owner.cookie },
      ),
    );
    expect(status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/post\/\d+$/);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__flash="))).toBe(true);
    const post = await getPost(Number(location.split("/").pop()));
    expect(post).toMatchObject({ story: "No JavaScript here", photos: [], effective_layout: "single" });
  });

  it("takes text and audio-only posts as JSON or urlencoded", async () => {
    const json = await create(jsonRequest("/api/posts", { story: "Just words", carIds: [ownCar.id], layout: "single" }, { cookie: owner.cookie }));
    expect(json.status).toBe(201);
    expect(json.body.post).toMatchObject({ story: "Just words", layout: "single", car_ids: [ownCar.id] });

    const form = await create(
      new Request(`${ORIGIN}/api/posts`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: owner.cookie },
        body: new URLSearchParams({ soundcloud_url: "https://soundcloud.com/dj/set-opener" }),
      }),
    );
    expect(form.status).toBe(201);
    expect(form.body.post).toMatchObject({ story: "", soundcloud_url: "https://soundcloud.com/dj/set-opener", photos: [] });
  });

  it("needs a signed-in member", async () => {
    const { status, body } = await create(multipartRequest("/api/posts", [["story", "hi"]]));
    expect(status).toBe(401);
    expect(body.error).toBeTruthy();
    const navigation = await create(
      new Request(`${ORIGIN}/api/posts`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, body: "story=hi" }),
    );
    expect(navigation.status).toBe(303);
    expect(navigation.response.headers.get("Location")).toContain("login");
  });

  it("refuses an empty post, a bad layout and a bad audio link with 400", async () => {
    const empty = await create(multipartRequest("/api/posts", [["story", "   "]], { cookie: owner.cookie }));
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Add a photo, a video, a story or a track");

    const layout = await create(
      multipartRequest(
        "/api/posts",
        [
          ["story", "x"],
          ["layout", "mosaic"],
        ],
        { cookie: owner.cookie },
      ),
    );
    expect(layout.status).toBe(400);
    expect(layout.body.error).toBe("Layout must be album, grid, carousel or single");

    const audio = await create(multipartRequest("/api/posts", [["soundcloud_url", "https://soundcloud.com/artist/sets/playlist"]], { cookie: owner.cookie }));
    expect(audio.status).toBe(400);
    expect(audio.body).toEqual({ error: "Invalid SoundCloud URL", status: 400 });
  });

  it("refuses cars that are not the poster's with 403 and stores nothing", async () => {
    const before = storedFiles().length;
    const postsBefore = await prisma.post.count();
    for (const carId of [otherCar.id, 987654]) {
      const { status, body } = await create(
        multipartRequest(
          "/api/posts",
          [
            ["story", "mine?"],
            ["carIds", String(ownCar.id)],
            ["carIds", String(carId)],
            ["media", await png(), "a.png"],
          ],
          { cookie: owner.cookie },
        ),
      );
      expect(status).toBe(403);
      expect(body.error).toBe("You can only post with your own cars");
    }
    expect(storedFiles().length).toBe(before);
    expect(await prisma.post.count()).toBe(postsBefore);
  });

  it("refuses a renamed text file with 415 and deletes the files already stored", async () => {
    const before = storedFiles().length;
    const postsBefore = await prisma.post.count();
    const { status, body } = await create(
      multipartRequest(
        "/api/posts",
        [
          ["story", "sneaky"],
          ["media", await png(), "good.png", "image/png"],
          ["media", new TextEncoder().encode("this is not a picture\n".repeat(50)), "photo.jpg", "image/jpeg"],
        ],
        { cookie: owner.cookie },
      ),
    );
    expect(status).toBe(415);
    expect(body).toEqual({ error: fileMessage("photo.jpg", 415, MEDIA_MESSAGES.unsupported), status: 415 });
    expect(storedFiles().length).toBe(before);
    expect(await prisma.post.count()).toBe(postsBefore);
  });

  it("refuses files over the limits with 413", async () => {
    // A real PNG's start, padded past the image limit.
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    huge.set(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    const tooBig = await create(
      multipartRequest(
        "/api/posts",
        [
          ["story", "big"],
          ["media", huge, "big.png"],
        ],
        { cookie: owner.cookie },
      ),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatch(/15 MB/);

    const declared = await create(
      new Request(`${ORIGIN}/api/posts`, {
        method: "POST",
        headers: { Cookie: owner.cookie, "Content-Type": "multipart/form-data; boundary=xyz", "Content-Length": String(3 * 1024 * 1024 * 1024) },
        body: "--xyz--",
      }),
    );
    expect(declared.status).toBe(413);

    const many = await create(
      multipartRequest("/api/posts", [["story", "many"], ...Array.from({ length: 21 }, (_, i): Part => ["media", mp4(), `clip${i}.mp4`])], { cookie: owner.cookie }),
    );
    expect(many.status).toBe(413);
  });

  it("limits each member to 20 posts an hour (429)", async () => {
    const spammer = await signUp("spammer");
    for (let i = 0; i < 20; i++) {
      expect((await create(jsonRequest("/api/posts", { story: `spam ${i}` }, { cookie: spammer.cookie }))).status).toBe(201);
    }
    const refused = await create(jsonRequest("/api/posts", { story: "one more" }, { cookie: spammer.cookie }));
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).toBeTruthy();
  });

  it("refuses another origin with 403", async () => {
    const { status } = await create(multipartRequest("/api/posts", [["story", "x"]], { cookie: owner.cookie, headers: { Origin: "https://evil.example" } }));
    expect(status).toBe(403);
  });
});

async function newPostWithPhoto(cookie: string) {
  const { status, body } = await create(
    multipartRequest(
      "/api/posts",
      [
        ["story", "to delete"],
        ["media", await png(700, 500), "x.png"],
      ],
      { cookie },
    ),
  );
  expect(status).toBe(201);
  await runDueJobs();
  return (await getPost(body.post.id))! as { id: number; photos: { image_url: string }[] };
}

const del = (id: number, cookie?: string) => new Request(`${ORIGIN}/api/posts/${id}`, { method: "DELETE", headers: cookie ? { Cookie: cookie } : {} });

describe("GET and DELETE /api/posts/{id}", () => {
  it("answers { post } with the caller's flags, or 404", async () => {
    const post = await newPostWithPhoto(owner.cookie);
    await prisma.postLike.create({ data: { userId: other.id, postId: post.id, type: "like" } });
    const asOther = await callJson(postLoader, getRequest(`/api/posts/${post.id}`, { cookie: other.cookie }), { id: String(post.id) });
    expect(asOther.status).toBe(200);
    expect(asOther.body.post).toMatchObject({ id: post.id, likedByUser: true, counts: { likes: 1 } });
    const asVisitor = await callJson(postLoader, getRequest(`/api/posts/${post.id}`), { id: String(post.id) });
    expect(asVisitor.body.post.likedByUser).toBe(false);
    expect((await callJson(postLoader, getRequest("/api/posts/999999"), { id: "999999" })).status).toBe(404);
    expect((await callJson(postLoader, getRequest("/api/posts/abc"), { id: "abc" })).status).toBe(404);
  });

  it("lets only the creator or an administrator delete, and removes the files", async () => {
    const post = await newPostWithPhoto(owner.cookie);
    const files = await prisma.media.findMany({ where: { postId: post.id } });
    const onDisk = files.map((media) => path.join(mediaDir(), media.path));
    expect(onDisk.every((file) => existsSync(file))).toBe(true);

    expect((await callJson(postAction, del(post.id), { id: String(post.id) })).status).toBe(401);
    const refused = await callJson(postAction, del(post.id, other.cookie), { id: String(post.id) });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("You can only delete your own posts");

    const done = await callJson(postAction, del(post.id, owner.cookie), { id: String(post.id) });
    expect(done.status).toBe(204);
    expect(await prisma.post.findUnique({ where: { id: post.id } })).toBeNull();
    expect(onDisk.some((file) => existsSync(file))).toBe(false);
    expect((await callJson(postAction, del(post.id, owner.cookie), { id: String(post.id) })).status).toBe(404);

    const byAdmin = await newPostWithPhoto(owner.cookie);
    expect((await callJson(postAction, del(byAdmin.id, admin.cookie), { id: String(byAdmin.id) })).status).toBe(204);
  });

  it("deletes from a plain form with intent=delete and goes back with a toast", async () => {
    const post = await newPostWithPhoto(owner.cookie);
    const request = formRequest(`/api/posts/${post.id}`, { intent: "delete", redirectTo: "/user/poster" }, { cookie: owner.cookie });
    const { status, response } = await callJson(postAction, request, { id: String(post.id) });
    expect(status).toBe(303);
    expect(response.headers.get("Location")).toBe("/user/poster");
    expect(await prisma.post.findUnique({ where: { id: post.id } })).toBeNull();
  });
});

describe("POST /api/posts/{id}/share", () => {
  it("counts shares by channel, for visitors too, and shows them in the post's counts", async () => {
    const post = await newPostWithPhoto(owner.cookie);
    const params = { id: String(post.id) };
    const path = `/api/posts/${post.id}/share`;
    expect((await callJson(shareAction, jsonRequest(path, {}), params)).body).toEqual({ shares: 1 });
    expect((await callJson(shareAction, jsonRequest(path, { channel: "embed" }, { cookie: other.cookie }), params)).body).toEqual({ shares: 2 });
    expect((await callJson(shareAction, jsonRequest(path, { channel: "native" }), params)).body).toEqual({ shares: 3 });
    const rows = await prisma.share.findMany({ where: { postId: post.id }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.channel, row.userId])).toEqual([
      ["link", null],
      ["embed", other.id],
      ["native", null],
    ]);
    expect((await getPost(post.id))!.counts.shares).toBe(3);

    const bad = await callJson(shareAction, jsonRequest(path, { channel: "carrier-pigeon" }), params);
    expect(bad.status).toBe(400);
    expect((await callJson(shareAction, jsonRequest("/api/posts/999999/share", {}), { id: "999999" })).status).toBe(404);
  });
});
