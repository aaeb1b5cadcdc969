// What the author says about each file of a new post: its place (the first is the cover;
// videos are not moved first), its description (alt text, at most 1,500 characters) and,
// for a photo, the part to keep (x,y,w,h in pixels of the upright photo), cut by the server
// when the photo is stored. Wrong fields are refused with a 400 naming the file, and nothing
// of a refused upload stays behind.
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { listIncoming } from "~/lib/server/incoming.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { getPost } from "~/models/feed.server";
import { runDueJobs } from "~/models/job-worker.server";
import { action as createPostAction } from "~/routes/api.posts";
import { loader as processingLoader } from "~/routes/api.posts.$id.processing";
import { signUp, type SignedUp } from "../support/accounts";
import { callJson, getRequest, multipartRequest, type Part } from "../support/requests";
import { makeClip } from "../support/media";

const X264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"];

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** A phone photo held sideways: 1200×800 pixels stored, EXIF orientation 6, so 800×1200 upright. */
const rotatedPhoneJpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

let author: SignedUp;

beforeAll(async () => {
  author = await signUp("framer");
});

beforeEach(async () => {
  resetRateLimits();
  await runDueJobs();
});

function post(parts: Part[]) {
  return callJson(createPostAction as never, multipartRequest("/api/posts", parts, { cookie: author.cookie }));
}

async function publish(parts: Part[]) {
  const created = await post(parts);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await runDueJobs();
  const id = created.body.post.id as number;
  const ready = (await getPost(id, author.id))!;
  expect(ready.status).toBe("ready");
  const rows = await prisma.media.findMany({ where: { postId: id }, orderBy: { position: "asc" }, select: { kind: true, width: true, height: true, alt: true } });
  return { id, ready, rows };
}

describe("the media step of a new post", () => {
  it("cuts a rotated phone photo to the 4:5 crop chosen on the upright photo", async () => {
    const jpeg = await rotatedPhoneJpeg();
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 1200, height: 800, orientation: 6 });
    // The largest centred 4:5 part of the upright 800×1200 photo.
    const { rows } = await publish([
      ["story", "framed"],
      ["media", jpeg, "IMG_2041.JPG", "image/jpeg"],
      ["crop.1", "0,100,800,1000"],
    ]);
    expect(rows).toEqual([{ kind: "image", width: 800, height: 1000, alt: null }]);
  });

  it("refuses crops that are not four whole numbers, go outside the photo or are on a video, naming the file, and keeps nothing", async () => {
    const jpeg = await rotatedPhoneJpeg();
    const clip = await readFile(await makeClip("crop-refused.mp4", { codec: X264, seconds: 0.5 }));
    const postsBefore = await prisma.post.count();
    const cases: Array<[Part[], string]> = [
      [
        [
          ["media", jpeg, "IMG_1.JPG"],
          ["crop.1", "0,100,800"],
        ],
        "IMG_1.JPG: the crop must be four whole numbers of pixels: x, y, width and height",
      ],
      [
        [
          ["media", jpeg, "IMG_2.JPG"],
          ["crop.1", "-1,0,10,10"],
        ],
        "IMG_2.JPG: the crop must be four whole numbers",
      ],
      [
        [
          ["media", jpeg, "IMG_3.JPG"],
          ["crop.1", "0,0,0,10"],
        ],
        "IMG_3.JPG: the crop must be four whole numbers",
      ],
      // Fits the stored 1200×800 pixels, not the upright 800×1200 photo.
      [
        [
          ["media", jpeg, "IMG_4.JPG"],
          ["crop.1", "0,0,1000,800"],
        ],
        "IMG_4.JPG: the crop goes outside the photo (800 × 1200 pixels)",
      ],
      [
        [
          ["media", await png(400, 300), "first.png"],
          ["media", jpeg, "IMG_5.JPG"],
          ["crop.2", "0,300,800,1000"],
        ],
        "IMG_5.JPG: the crop goes outside the photo",
      ],
      [
        [
          ["media", clip, "clip.mp4"],
          ["crop.1", "0,0,100,100"],
        ],
        "clip.mp4: only photos can be cropped",
      ],
      [
        [
          ["media", jpeg, "IMG_6.JPG"],
          ["position.1", "0"],
        ],
        "IMG_6.JPG: the position must be a whole number from 1 to 20",
      ],
      // A text file named like a photo: the server reads its bytes, whatever the form said.
      [
        [
          ["media", Buffer.from("just some notes, not a photo\n"), "notes.jpg", "image/jpeg"],
          ["alt.1", "Notes"],
        ],
        "notes.jpg: unsupported media type",
      ],
    ];
    for (const [parts, message] of cases) {
      const refused = await post([["story", "refused"], ...parts]);
      expect(refused.status, message).toBe(message.includes("unsupported") ? 415 : 400);
      expect(refused.body.error).toContain(message);
    }
    expect(await prisma.post.count()).toBe(postsBefore);
    expect(await listIncoming()).toEqual([]);
  });

  it("keeps the order the author chose, with a video that is not first, and positions from the form without JavaScript", async () => {
    const clip = await readFile(await makeClip("order.mp4", { codec: X264, seconds: 0.5 }));
    const sent = await publish([
      ["media", await png(640, 480), "a.png"],
      ["media", clip, "b.mp4"],
      ["media", await png(300, 200), "c.png"],
    ]);
    expect(sent.rows.map((row) => [row.kind, row.width])).toEqual([
      ["image", 640],
      ["video", 320],
      ["image", 300],
    ]);
    expect(sent.ready.photos.map((photo) => photo.kind)).toEqual(["image", "video", "image"]);

    // Numbered fields: file 1 is placed second, file 3 first (the cover); file 2's empty slot counts for nothing.
    const numbered = await publish([
      ["media.1", await png(640, 480), "one.png"],
      ["position.1", "2"],
      ["position.2", "1"],
      ["alt.2", ""],
      ["media.3", await png(300, 200), "three.png"],
      ["position.3", "1"],
      ["alt.3", "The cover"],
    ]);
    expect(numbered.rows.map((row) => [row.width, row.alt])).toEqual([
      [300, "The cover"],
      [640, null],
    ]);
  });

  it("stores each file's description, up to 1,500 characters, and shows it to the author while the post is prepared", async () => {
    const longest = "d".repeat(1500);
    const created = await post([
      ["media", await png(640, 480), "front.png"],
      ["alt.1", "  Red Skyline R34 at dusk, front three-quarter view\r\non a wet road  "],
      ["media", await png(300, 200), "rear.png"],
      ["alt.2", longest],
    ]);
    expect(created.status).toBe(201);
    const id = created.body.post.id as number;
    const waiting = await callJson(processingLoader as never, getRequest(`/api/posts/${id}/processing`, { cookie: author.cookie }), { id: String(id) });
    expect(waiting.body.processing.files).toMatchObject([
      { name: "front.png", position: 0, alt: "Red Skyline R34 at dusk, front three-quarter view\non a wet road", still: null },
      { name: "rear.png", position: 1, alt: longest, still: null },
    ]);
    await runDueJobs();
    const rows = await prisma.media.findMany({ where: { postId: id }, orderBy: { position: "asc" }, select: { alt: true } });
    expect(rows.map((row) => row.alt)).toEqual(["Red Skyline R34 at dusk, front three-quarter view\non a wet road", longest]);

    const tooLong = await post([
      ["media", await png(640, 480), "wordy.png"],
      ["alt.1", "d".repeat(1501)],
    ]);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe("wordy.png: a description can be at most 1,500 characters");
    expect(await listIncoming()).toEqual([]);
  });

  it("gives the author a still of each stored file while the others are still being prepared", async () => {
    const created = await post([
      ["media", await png(640, 480), "quick.png"],
      ["media", await png(300, 200), "later.png"],
    ]);
    const id = created.body.post.id as number;
    // One job runs: the first file is stored, the second waits.
    expect(await runDueJobs({ max: 1 })).toBe(1);
    const half = await callJson(processingLoader as never, getRequest(`/api/posts/${id}/processing`, { cookie: author.cookie }), { id: String(id) });
    const [done, queued] = half.body.processing.files;
    expect(done).toMatchObject({ name: "quick.png", status: "done" });
    expect(done.still).toMatch(/^\/media\/.+\.webp$/);
    expect(queued).toMatchObject({ name: "later.png", status: "queued", still: null });
    await runDueJobs();
  });
});
