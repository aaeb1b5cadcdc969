// The media store on a bucket (MEDIA_STORE=s3), against a real S3-compatible server on
// 127.0.0.1: uploads, transcodes, /media with ranges, deletion and the store's faults.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { checkStartupSettings } from "~/lib/server/env.server";
import { discardMedia } from "~/lib/media/processed-media.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { listIncoming, STORE_DOWN_MESSAGE } from "~/lib/server/incoming.server";
import { draftFrom, draftRedirect, readDraft, saveDraft } from "~/lib/server/upload-drafts.server";
import { deleteMedia, newKey, putMedia, readMedia, resolveKey, statMedia } from "~/lib/media/media-storage.server";
import { variantPath } from "~/lib/media/media-types";
import { checkObjectStore, mediaStoreFailures, ObjectStoreUnavailableError } from "~/lib/media/object-store.server";
import { shareJpeg } from "~/lib/media/share-image.server";
import { getPost } from "~/models/feed.server";
import { runDueJobs } from "~/models/job-worker.server";
import { deletePost } from "~/models/post.server";
import { failMediaJob, isPermanentMediaFailure, runMediaJob } from "~/models/post-upload.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as createPostAction } from "~/routes/api.posts";
import { loader } from "~/routes/media.$";
import { signUp } from "../support/accounts";
import { migrateMedia } from "../../scripts/media-migrate";
import { args, callJson, multipartRequest } from "../support/requests";
import { useS3Store, type TestS3 } from "../support/s3";

const SAMPLE_VIDEO = path.resolve(__dirname, "../../prisma/seed-assets/videos/track-pass.mp4");

let s3: TestS3;
beforeAll(async () => {
  s3 = await useS3Store();
});
afterAll(async () => {
  await s3?.stop();
});

function get(key: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(`http://127.0.0.1:3000/media/${key}`, { headers, method });
  return loader(args(request, { "*": key })) as Promise<Response>;
}

async function photo(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();
}

/** Runs `body` with the settings pointing at a store that refuses connections. */
async function withStoreDown<T>(body: () => Promise<T>): Promise<T> {
  const saved = process.env.S3_ENDPOINT;
  process.env.S3_ENDPOINT = "http://127.0.0.1:9"; // the discard port: nothing listens
  try {
    return await body();
  } finally {
    process.env.S3_ENDPOINT = saved;
  }
}

/** Failed calls to the bucket so far, as the metrics report them. */
const s3Failures = () =>
  mediaStoreFailures()
    .filter((row) => row.store === "s3")
    .reduce((sum, row) => sum + row.count, 0);

describe("MEDIA_STORE=s3", () => {
  it("stores an uploaded photo and its resized copies in the bucket, not on the disk", async () => {
    const media = await processUpload(await photo(1200, 900));
    expect(media.variants).toBe("320,640,1080");
    const names = await s3.list();
    expect(names).toContain(media.path);
    for (const width of [320, 640, 1080]) expect(names).toContain(variantPath(media.path, width));
    expect(existsSync(resolveKey(media.path)!)).toBe(false);
    const stored = await readMedia(media.path);
    expect(stored?.byteLength).toBe(media.bytes);
    expect((await sharp(stored!).metadata()).format).toBe("webp");
  });

  it("serves a photo from the bucket with immutable caching, an ETag and 304", async () => {
    const media = await processUpload(await photo());
    const response = await get(media.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Length")).toBe(String(media.bytes));
    const body = Buffer.from(await response.arrayBuffer());
    expect(Buffer.compare(body, (await readMedia(media.path))!)).toBe(0);
    const etag = response.headers.get("ETag")!;
    const again = await get(media.path, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect((await get("ab/cd/00000000000000000000000000000000.webp")).status).toBe(404);
  });

  it("transcodes a video on local scratch files, stores it with its poster, and serves byte ranges", async () => {
    const media = await processUpload(await readFile(SAMPLE_VIDEO));
    expect(media.kind).toBe("video");
    const names = await s3.list();
    expect(names).toContain(media.path);
    expect(names).toContain(media.poster!.path);
    const bytes = (await readMedia(media.path))!;
    expect(bytes.byteLength).toBe(media.bytes);

    const first = await get(media.path, { Range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Type")).toBe("video/mp4");
    expect(first.headers.get("Content-Range")).toBe(`bytes 0-99/${bytes.byteLength}`);
    expect(Buffer.compare(Buffer.from(await first.arrayBuffer()), bytes.subarray(0, 100))).toBe(0);

    const tail = await get(media.path, { Range: "bytes=-500" });
    expect(tail.status).toBe(206);
    expect(Buffer.compare(Buffer.from(await tail.arrayBuffer()), bytes.subarray(bytes.byteLength - 500))).toBe(0);

    const beyond = await get(media.path, { Range: `bytes=${bytes.byteLength}-` });
    expect(beyond.status).toBe(416);
  });

  it("deletes a media item's objects: the file, its copies, its poster and its share image", async () => {
    const media = await processUpload(await photo(1200, 900));
    expect(await shareJpeg(media.path.replace(/\.webp$/, ".jpg"))).not.toBeNull();
    const mine = (await s3.list()).filter((name) => name.includes(media.path.slice(6, 38)));
    expect(mine.some((name) => name.startsWith(".renditions/"))).toBe(true);
    expect(mine.length).toBe(5);
    await discardMedia(media);
    const left = (await s3.list()).filter((name) => name.includes(media.path.slice(6, 38)));
    expect(left).toEqual([]);
    expect(await statMedia(media.path)).toBeNull();
    await expect(deleteMedia("../nothing.webp", null, newKey("webp"))).resolves.toBeUndefined();
  });

  it("answers 503 on /media and refuses a write with a clear error while the store is down", async () => {
    const media = await processUpload(await photo());
    await withStoreDown(async () => {
      const response = await get(media.path);
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.json()).toEqual({ error: "Media are unavailable for a moment. Try again shortly.", status: 503 });
      const error = await putMedia(newKey("webp"), Buffer.from("x")).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ObjectStoreUnavailableError);
      expect((error as Error).message).toMatch(/^The media store could not store a file/);
    });
    expect((await get(media.path)).status).toBe(200);
  });

  it("names the setting to fix when the bucket or the credentials are wrong", async () => {
    await expect(checkObjectStore()).resolves.toBeUndefined();
    const bucket = process.env.S3_BUCKET;
    process.env.S3_BUCKET = "no-such-bucket";
    await expect(checkObjectStore()).rejects.toThrow('S3_BUCKET="no-such-bucket" does not exist in the media store');
    process.env.S3_BUCKET = bucket;
    const keyId = process.env.S3_ACCESS_KEY_ID;
    process.env.S3_ACCESS_KEY_ID = "NOT-A-KEY";
    await expect(checkObjectStore()).rejects.toThrow("The media store refused S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY");
    process.env.S3_ACCESS_KEY_ID = keyId;
    await withStoreDown(() => expect(checkObjectStore()).rejects.toThrow(/cannot be reached \(check S3_ENDPOINT and S3_REGION\)/));
    expect(() => checkStartupSettings({ MEDIA_STORE: "s3" })).toThrow("MEDIA_STORE=s3 needs S3_BUCKET: the name of the bucket media are kept in.");
    expect(() => checkStartupSettings({ MEDIA_STORE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "AKIA" })).toThrow(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    );
    // The server itself stops at start-up, before it listens.
    process.env.S3_BUCKET = "no-such-bucket";
    const { startServer } = await import("../../server/index");
    await expect(startServer({ port: 0, host: "127.0.0.1" })).rejects.toThrow('S3_BUCKET="no-such-bucket" does not exist in the media store');
    process.env.S3_BUCKET = bucket;
    expect(() => checkStartupSettings({ MEDIA_STORE: "disk" })).toThrow('MEDIA_STORE="disk" is not understood: use local or s3.');
  });
});

describe("uploads with MEDIA_STORE=s3: no disk shared between instances", () => {
  async function upload(cookie: string, files: Array<[Buffer, string]>) {
    resetRateLimits();
    return callJson(
      createPostAction as never,
      multipartRequest("/api/posts", [["story", "bucket run"], ...files.map(([bytes, name]) => ["media", bytes, name] as [string, Buffer, string])], { cookie }),
    );
  }

  /** Points UPLOAD_TMP_DIR at a fresh folder: the disk of another machine. */
  async function anotherMachine() {
    process.env.UPLOAD_TMP_DIR = await mkdtemp(path.join(tmpdir(), "incoming-"));
  }

  it("keeps the incoming files in the bucket, so a worker on another machine stores them; deleting the post deletes its objects", async () => {
    const author = await signUp("bucketeer");
    const before = await s3.list();
    await anotherMachine();
    const created = await upload(author.cookie, [
      [await photo(), "IMG_0001.JPG"],
      [await readFile(SAMPLE_VIDEO), "track.mp4"],
    ]);
    expect(created.status).toBe(201);
    const id = created.body.post.id as number;
    expect(await listIncoming()).toEqual([]);
    expect(await s3.list("incoming/")).toHaveLength(2);

    await anotherMachine();
    await runDueJobs();
    const post = (await getPost(id, author.id))!;
    expect(post).toMatchObject({ status: "ready" });
    expect(post.photos.map((media) => media.kind).sort()).toEqual(["image", "video"]);
    expect(await s3.list("incoming/")).toEqual([]);
    const video = post.photos.find((media) => media.kind === "video")!;
    const key = video.image_url.replace(/^\/media\//, "");
    expect((await get(key, { Range: "bytes=0-9" })).status).toBe(206);
    expect((await s3.list()).length).toBeGreaterThan(before.length);

    await deletePost(id, { id: author.id, role: "member" });
    expect(await s3.list()).toEqual(before);
  });

  it("a file missing from the bucket is tried again and reported missing, not damaged", async () => {
    const author = await signUp("misser");
    const created = await upload(author.cookie, [[await photo(), "IMG_0002.JPG"]]);
    expect(created.status).toBe(201);
    const id = created.body.post.id as number;
    const queued = await prisma.postUpload.findFirstOrThrow({ where: { postId: id } });
    const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `incoming/${queued.tempPath}` }));

    const error = await runMediaJob({ uploadId: queued.id }).catch((caught: unknown) => caught);
    expect(isPermanentMediaFailure(error)).toBe(false);
    await failMediaJob({ uploadId: queued.id }, error);
    const failed = await prisma.postUpload.findUniqueOrThrow({ where: { id: queued.id } });
    expect(failed.error).toBe("IMG_0002.JPG: The uploaded file is missing (it never reached the media store). Remove it and upload it again.");
    await prisma.job.deleteMany({});
  });

  it("a job whose bucket is down fails for now and is tried again, its upload still waiting", async () => {
    const author = await signUp("patient");
    const created = await upload(author.cookie, [[await photo(), "IMG_0004.JPG"]]);
    const queued = await prisma.postUpload.findFirstOrThrow({ where: { postId: created.body.post.id as number } });
    const error = await withStoreDown(() => runMediaJob({ uploadId: queued.id }).catch((caught: unknown) => caught));
    expect(error).toBeInstanceOf(ObjectStoreUnavailableError);
    expect(isPermanentMediaFailure(error)).toBe(false);
    expect(await prisma.postUpload.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ status: "queued" });
    await runMediaJob({ uploadId: queued.id });
    expect(await getPost(queued.postId, author.id)).toMatchObject({ status: "ready", photos: [{ kind: "image" }] });
    await prisma.job.deleteMany({});
  });

  it("answers 503 with a clear message while the bucket is down, and keeps nothing", async () => {
    const author = await signUp("unlucky");
    const posts = await prisma.post.count();
    const bytes = await photo();
    const failedBefore = s3Failures();
    const answer = await withStoreDown(() => upload(author.cookie, [[bytes, "IMG_0003.JPG"]]));
    expect(answer.status).toBe(503);
    // The metrics' media_store_errors_total counts it.
    expect(s3Failures()).toBeGreaterThan(failedBefore);
    expect(answer.body).toMatchObject({ error: STORE_DOWN_MESSAGE });
    expect(await prisma.post.count()).toBe(posts);
    expect(await listIncoming()).toEqual([]);
    expect(await s3.list("incoming/")).toEqual([]);
  });
});

describe("upload drafts with MEDIA_STORE=s3", () => {
  it("keeps a refused plain form's draft in the bucket, where another machine finds it", async () => {
    const owner = await signUp("drafter");
    const id = await saveDraft(owner.id, draftFrom({ story: "Typed on machine A" }, "Refused"));
    expect(await s3.list("incoming/drafts/")).toEqual([`incoming/drafts/${id}.json`]);
    process.env.UPLOAD_TMP_DIR = await mkdtemp(path.join(tmpdir(), "incoming-"));
    expect(await readDraft(owner.id, id)).toMatchObject({ story: "Typed on machine A", error: "Refused" });
    expect(await readDraft(owner.id + 1, id)).toBeNull();
    expect(await readDraft(owner.id, id, Date.now() + 11 * 60_000)).toBeNull();
    expect(await s3.list("incoming/drafts/")).toEqual([]);
    // The bucket down: no draft, and the caller answers the refusal itself.
    expect(await withStoreDown(() => draftRedirect(owner.id, { story: "x" }, "Refused"))).toBeNull();
  });
});

describe("npm run media:migrate", () => {
  it("copies a local library into the bucket, checks each object, and skips what is already there on a second run", async () => {
    const library = await mkdtemp(path.join(tmpdir(), "library-"));
    const files: Record<string, Buffer> = {
      "ab/cd/abcd0000000000000000000000000000.webp": await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123" } })
        .webp()
        .toBuffer(),
      "avatars/ef/01/ef010000000000000000000000000000.webp": Buffer.from("avatar bytes"),
      ".renditions/ab/cd/abcd0000000000000000000000000000.jpg": Buffer.from("rendition bytes"),
      // Large enough to go up in parts: checked by reading it back.
      "12/34/12340000000000000000000000000000.mp4": Buffer.alloc(17 * 1024 * 1024, 7),
    };
    for (const [name, bytes] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(library, name)), { recursive: true });
      await writeFile(path.join(library, name), bytes);
    }
    await mkdir(path.join(library, ".scratch"), { recursive: true });
    await writeFile(path.join(library, ".scratch", "work.mp4"), "scratch");
    await writeFile(path.join(library, "ab", "cd", "half.webp.1a2b.tmp"), "half");

    const first = await migrateMedia(library);
    expect(first).toEqual({ copied: 4, skipped: 0, failed: [], bytes: Object.values(files).reduce((sum, bytes) => sum + bytes.byteLength, 0) });
    const names = await s3.list();
    for (const name of Object.keys(files)) expect(names).toContain(name);
    expect(names.some((name) => name.includes(".scratch") || name.endsWith(".tmp"))).toBe(false);
    expect(Buffer.compare((await readMedia("ab/cd/abcd0000000000000000000000000000.webp"))!, files["ab/cd/abcd0000000000000000000000000000.webp"])).toBe(0);

    // An object of the right size but other bytes (a copy gone wrong) is copied again.
    await putMedia("avatars/ef/01/ef010000000000000000000000000000.webp", Buffer.from("AVATAR BYTES"));
    const second = await migrateMedia(library);
    expect(second).toMatchObject({ copied: 1, skipped: 3, failed: [] });
    expect((await readMedia("avatars/ef/01/ef010000000000000000000000000000.webp"))!.toString()).toBe("avatar bytes");

    const down = await withStoreDown(() => migrateMedia(library));
    expect(down.failed).toHaveLength(4);
  }, 60_000);
});
