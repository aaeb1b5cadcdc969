// A post with files answers as soon as they are on disk and stays `processing` until the
// background jobs have stored them: until then only its author (and administrators) see
// it; feeds, search, profiles, showcases, embeds, likes and comments know nothing of it.
// A file that fails is named with its reason; the author removes it or tries again.
// Nothing of a refused upload is left in the incoming folder, the media store or the
// database.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { fileMessage, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";
import { incomingPath, listIncoming } from "~/lib/server/incoming.server";
import { mediaDir } from "~/lib/media/media-storage.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { getFeedPage, getPost } from "~/models/feed.server";
import { claimJob } from "~/models/job.server";
import { executeJob, registerJobHandler, runDueJobs, startJobWorker } from "~/models/job-worker.server";
import { pruneTranscodeUsage, recordTranscodeUsage, TRANSCODE_WINDOW_MS, transcodeSecondsUsed } from "~/models/media-budget.server";
import { getUserPostTiles } from "~/models/post-tiles.server";
import { getShowcase } from "~/models/showcase.server";
import { searchPosts } from "~/models/search.server";
import { failMediaJob, isPermanentMediaFailure, MEDIA_JOB, runMediaJob, type MediaJobPayload } from "~/models/post-upload.server";
import { action as createPostAction } from "~/routes/api.posts";
import { loader as apiPostLoader } from "~/routes/api.posts.$id";
import { action as likeAction } from "~/routes/api.posts.$id.like";
import { action as processingAction, loader as processingLoader } from "~/routes/api.posts.$id.processing";
import { loader as embedLoader } from "~/routes/embed.post.$postId";
import { loader as postPageLoader } from "~/routes/post.$id";
import { action as profileAction } from "~/routes/api.profile";
import { signUp, type SignedUp } from "../support/accounts";
import { callJson, getRequest, jsonRequest, multipartRequest } from "../support/requests";
import { makeClip, makeCostlyClip } from "../support/media";
import { postPath } from "~/lib/paths";

const X264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"];

const ORIGIN = "http://127.0.0.1:3000";

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 30, b: 30 } } })
    .png()
    .toBuffer();

/** A JPEG cut short: its header says JPEG, its body cannot be decoded. */
async function brokenJpeg() {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#345" } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, 300);
}

/**
 * A file that passed the upload's checks but breaks while its job runs (the disk damaged it,
 * a decoder gave up): its waiting bytes are cut short.
 */
async function breakWaitingFile(postId: number, name: string) {
  const upload = await prisma.postUpload.findFirstOrThrow({ where: { postId, name } });
  writeFileSync(incomingPath(upload.tempPath)!, await brokenJpeg());
}

function storedFiles(): string[] {
  const root = mediaDir();
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((entry) => /\.\w+$/.test(entry)).map((entry) => path.join(root, entry));
}

let author: SignedUp;
let stranger: SignedUp;
let car: { id: number };

beforeAll(async () => {
  author = await signUp("shooter");
  stranger = await signUp("lurker");
  car = await prisma.car.create({ data: { ownerId: author.id, make: "Nissan", model: "Skyline", year: 1999 } });
});

beforeEach(async () => {
  resetRateLimits();
  // Every test starts with an empty queue.
  await runDueJobs();
});

describe("a post while its files are processed", () => {
  it("answers 201 before processing, and shows the post to nobody but its author until it is ready", async () => {
    const storedBefore = storedFiles().length;
    const created = await callJson(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["story", "zebracorn night run"],
          ["carIds", String(car.id)],
          ["media", await png(), "IMG_0001.PNG"],
        ],
        { cookie: author.cookie },
      ),
    );
    expect(created.status).toBe(201);
    const id = created.body.post.id as number;
    expect(created.body.post).toMatchObject({ status: "processing", photos: [], story: "zebracorn night run" });
    // Nothing was processed during the request: the file waits in the incoming folder.
    expect(storedFiles().length).toBe(storedBefore);
    expect(await listIncoming()).toHaveLength(1);
    expect(await prisma.job.count({ where: { kind: MEDIA_JOB, state: "queued" } })).toBe(1);

    // Others: not in the feed, search, the author's profile, the car's showcase; 404 for the post, its embed, its JSON, a like.
    expect((await getFeedPage({ viewerId: stranger.id })).posts.map((post) => post.id)).not.toContain(id);
    expect((await getFeedPage({ viewerId: author.id })).posts.map((post) => post.id)).not.toContain(id);
    expect((await searchPosts("zebracorn")).map((post) => post.id)).not.toContain(id);
    expect((await getUserPostTiles(author.id)).posts.map((post) => post.id)).not.toContain(id);
    expect((await getShowcase(car.id))!.posts.map((post) => post.id)).not.toContain(id);
    expect(await getPost(id, stranger.id)).toBeNull();
    expect((await callJson(postPageLoader as never, getRequest(postPath(id), { cookie: stranger.cookie }), { id: String(id) })).status).toBe(404);
    expect((await callJson(postPageLoader as never, getRequest(postPath(id)), { id: String(id) })).status).toBe(404);
    expect((await callJson(embedLoader as never, getRequest(`/embed/post/${id}`), { postId: String(id) })).status).toBe(404);
    expect((await callJson(apiPostLoader as never, getRequest(`/api/posts/${id}`, { cookie: stranger.cookie }), { id: String(id) })).status).toBe(404);
    expect((await callJson(processingLoader as never, getRequest(`/api/posts/${id}/processing`, { cookie: stranger.cookie }), { id: String(id) })).status).toBe(404);
    expect((await callJson(likeAction as never, jsonRequest(`/api/posts/${id}/like`, { type: "like" }, { cookie: stranger.cookie }), { id: String(id) })).status).toBe(
      404,
    );

    // The author sees it, processing, with its file.
    const page = await callJson(postPageLoader as never, getRequest(postPath(id), { cookie: author.cookie }), { id: String(id) });
    expect(page.body).toMatchObject({
      post: { id, status: "processing" },
      processing: { id, status: "processing", files: [{ name: "IMG_0001.PNG", kind: "image", status: "queued", error: null }] },
    });
    const status = await callJson(processingLoader as never, getRequest(`/api/posts/${id}/processing`, { cookie: author.cookie }), { id: String(id) });
    expect(status.body.processing).toMatchObject({ status: "processing", files: [{ name: "IMG_0001.PNG", status: "queued" }] });

    // The worker stores the file: the post is ready and everyone sees it; the incoming file is gone.
    expect(await runDueJobs()).toBe(1);
    const ready = (await getPost(id, stranger.id))!;
    expect(ready).toMatchObject({ status: "ready", photos: [{ kind: "image", mime_type: "image/webp", width: 640, height: 480 }] });
    expect(await listIncoming()).toEqual([]);
    expect(await prisma.postUpload.count({ where: { postId: id } })).toBe(0);
    expect((await getFeedPage({ viewerId: stranger.id })).posts.map((post) => post.id)).toContain(id);
    expect((await searchPosts("zebracorn")).map((post) => post.id)).toContain(id);
    expect((await getShowcase(car.id))!.posts.map((post) => post.id)).toContain(id);
    expect((await callJson(embedLoader as never, getRequest(`/embed/post/${id}`), { postId: String(id) })).body).toMatchObject({ post: { id } });
    const readyPage = await callJson(postPageLoader as never, getRequest(postPath(id), { cookie: author.cookie }), { id: String(id) });
    expect(readyPage.body).toMatchObject({ post: { status: "ready" }, processing: null });
  });

  it("sends a plain form to the new post's page at once (303)", async () => {
    const response = await callJson(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["redirectTo", "/upload"],
          ["story", "no js"],
          ["media", await png(), "a.png"],
        ],
        { cookie: author.cookie, headers: { Accept: "text/html" } },
      ),
    );
    expect(response.status).toBe(303);
    const location = response.response!.headers.get("Location")!;
    expect(location).toMatch(/^\/post\/\d+$/);
    expect((await prisma.post.findUniqueOrThrow({ where: { id: Number(location.split("/").pop()) } })).status).toBe("processing");
  });
});

describe("refused uploads leave nothing behind", () => {
  it("names the file of an unsupported type (415) and an empty file (400), and keeps no post, no file, no job", async () => {
    const posts = await prisma.post.count();
    const jobs = await prisma.job.count();
    const stored = storedFiles().length;
    const text = await callJson(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["story", "x"],
          ["media", await png(), "good.png"],
          ["media", new TextEncoder().encode("hello, not a photo\n".repeat(20)), "notes.jpg"],
        ],
        { cookie: author.cookie },
      ),
    );
    expect(text.status).toBe(415);
    expect(text.body.error).toBe(fileMessage("notes.jpg", 415, MEDIA_MESSAGES.unsupported));
    const empty = await callJson(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["story", "x"],
          ["media", new Uint8Array(0), "IMG_0412.HEIC"],
        ],
        { cookie: author.cookie },
      ),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^IMG_0412\.HEIC: /);
    expect(await prisma.post.count()).toBe(posts);
    expect(await prisma.job.count()).toBe(jobs);
    expect(await prisma.postUpload.count()).toBe(0);
    expect(storedFiles().length).toBe(stored);
    expect(await listIncoming()).toEqual([]);
  });

  it("stops a file over the limit while it streams (413 naming the file), without a Content-Length", async () => {
    const limit = Math.max(MAX_IMAGE_BYTES, MAX_VIDEO_BYTES);
    const boundary = "----streamtest";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="story"\r\n\r\nbig\r\n--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="huge.mov"\r\nContent-Type: video/quicktime\r\n\r\n`,
    );
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        // A body far larger than the limit, made as it is read: the server must stop reading.
        if (sent > limit * 3) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request(`${ORIGIN}/api/posts`, {
      method: "POST",
      body,
      headers: { Cookie: author.cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const posts = await prisma.post.count();
    const answer = await callJson(createPostAction as never, request);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatch(/^huge\.mov: .*MB/);
    // Read a little past the limit (buffers along the way), never the whole body.
    expect(sent).toBeLessThan(limit + 16 * chunk.byteLength);
    expect(cancelled).toBe(true);
    expect(await listIncoming()).toEqual([]);
    expect(await prisma.post.count()).toBe(posts);
  });
});

describe("the profile photo goes through the same streaming parser", () => {
  it("stores the photo and keeps nothing in the incoming folder; an oversized one is stopped with 413", async () => {
    const form = new FormData();
    form.append("profile_image", new Blob([await png(300, 300)], { type: "image/png" }), "me.png");
    const stored = await callJson(profileAction as never, new Request(`${ORIGIN}/api/profile`, { method: "PATCH", body: form, headers: { Cookie: author.cookie } }));
    expect(stored.status).toBe(200);
    expect(stored.body.profile.profile_image).toMatch(/^\/media\/avatars\/.+\.webp$/);
    expect(await listIncoming()).toEqual([]);

    const big = new FormData();
    big.append("profile_image", new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)], { type: "image/png" }), "huge.png");
    const refused = await callJson(profileAction as never, new Request(`${ORIGIN}/api/profile`, { method: "PATCH", body: big, headers: { Cookie: author.cookie } }));
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatch(/^huge\.png: /);
    expect(await listIncoming()).toEqual([]);
  });
});

describe("a file that fails", () => {
  it("names the bad file with its reason to the author; removing it publishes the rest", async () => {
    const created = await callJson(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["story", "one good one bad"],
          ["media", await png(), "good.png"],
          ["media", await png(), "IMG_0412.JPG"],
        ],
        { cookie: author.cookie },
      ),
    );
    expect(created.status).toBe(201);
    const id = created.body.post.id as number;
    await breakWaitingFile(id, "IMG_0412.JPG");
    await runDueJobs();
    const processing = (await callJson(processingLoader as never, getRequest(`/api/posts/${id}/processing`, { cookie: author.cookie }), { id: String(id) })).body
      .processing;
    expect(processing.status).toBe("failed");
    const bad = processing.files.find((file: { name: string }) => file.name === "IMG_0412.JPG");
    expect(bad).toMatchObject({ status: "failed", retryable: false });
    expect(bad.error).toMatch(/^IMG_0412\.JPG: /);
    expect(processing.files.find((file: { name: string }) => file.name === "good.png")).toMatchObject({ status: "done" });
    // A bad file's bytes are gone at once; still hidden from others.
    expect(await listIncoming()).toEqual([]);
    expect(await getPost(id, stranger.id)).toBeNull();
    const job = await prisma.job.findFirstOrThrow({ where: { kind: MEDIA_JOB, state: "failed" }, orderBy: { id: "desc" } });
    expect(job.lastError).toMatch(/^IMG_0412\.JPG: /);

    // Someone else cannot remove it; the author's plain form can.
    const foreign = await callJson(processingAction as never, formPost(id, { intent: "remove", upload: String(bad.id) }, stranger.cookie), { id: String(id) });
    expect(foreign.status).toBe(404);
    const removed = await callJson(processingAction as never, formPost(id, { intent: "remove", upload: String(bad.id), redirectTo: postPath(id) }, author.cookie), {
      id: String(id),
    });
    expect(removed.status).toBe(303);
    expect(removed.response!.headers.get("Location")).toBe(postPath(id));
    expect(await getPost(id, stranger.id)).toMatchObject({ status: "ready", photos: [{ kind: "image" }] });
  });

  it("lets the author try again after a failure that was not the file's fault", async () => {
    const created = await callJson(createPostAction as never, multipartRequest("/api/posts", [["media", await png(), "retry-me.png"]], { cookie: author.cookie }));
    const id = created.body.post.id as number;
    // The worker fails this job for good (say ffmpeg crashed on its last attempt).
    const job = (await claimJob("test", { kinds: [MEDIA_JOB] }))!;
    await failMediaJob(job.payload as { uploadId: number }, new Error("ffmpeg exited with code 137"));
    const failed = (await callJson(processingLoader as never, getRequest(`/api/posts/${id}/processing`, { cookie: author.cookie }), { id: String(id) })).body.processing;
    expect(failed).toMatchObject({ status: "failed", files: [{ name: "retry-me.png", status: "failed", retryable: true }] });
    expect(failed.files[0].error).toBe("retry-me.png: Processing failed. Try again, or remove this file.");
    // The file is kept for the retry.
    expect(await listIncoming()).toHaveLength(1);
    await executeJob(job); // the old run ends; it finds its upload failed and does nothing more

    const retried = await callJson(
      processingAction as never,
      jsonRequest(`/api/posts/${id}/processing`, { intent: "retry", upload: failed.files[0].id }, { cookie: author.cookie }),
      { id: String(id) },
    );
    expect(retried.status).toBe(200);
    expect(retried.body.processing).toMatchObject({ status: "processing", files: [{ status: "queued" }] });
    await runDueJobs();
    expect(await getPost(id, stranger.id)).toMatchObject({ status: "ready", photos: [{ kind: "image" }] });
    expect(await listIncoming()).toEqual([]);
  });

  it("deletes the post when removing its only file leaves nothing of it", async () => {
    const created = await callJson(createPostAction as never, multipartRequest("/api/posts", [["media", await png(), "only.jpg"]], { cookie: author.cookie }));
    const id = created.body.post.id as number;
    await breakWaitingFile(id, "only.jpg");
    await runDueJobs();
    const upload = await prisma.postUpload.findFirstOrThrow({ where: { postId: id } });
    const removed = await callJson(
      processingAction as never,
      jsonRequest(`/api/posts/${id}/processing`, { intent: "remove", upload: upload.id }, { cookie: author.cookie }),
      { id: String(id) },
    );
    expect(removed.body).toEqual({ deleted: true });
    expect(await prisma.post.findUnique({ where: { id } })).toBeNull();
  });

  it("deleting a post while it waits removes its waiting files too", async () => {
    const created = await callJson(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["story", "gone soon"],
          ["media", await png(), "w.png"],
        ],
        { cookie: author.cookie },
      ),
    );
    const id = created.body.post.id as number;
    expect(await listIncoming()).toHaveLength(1);
    const { deletePost } = await import("~/models/post.server");
    await deletePost(id, { id: author.id, role: "member" });
    expect(await listIncoming()).toEqual([]);
    // Its job finds nothing to do.
    const stored = storedFiles().length;
    await runDueJobs();
    expect(storedFiles().length).toBe(stored);
  });
});

function formPost(id: number, fields: Record<string, string>, cookie: string) {
  return new Request(`${ORIGIN}/api/posts/${id}/processing`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

// Transcodes run at the lowest CPU priority: on a busy machine they wait for the cores.
describe("videos cannot hold up everyone else", { timeout: 120_000 }, () => {
  it("refuses a small clip that would cost the decoder too much in the upload's answer, keeping nothing", async () => {
    const costly = readFileSync(await makeCostlyClip("black-4k60.mp4", 16));
    const postsBefore = await prisma.post.count();
    const created = await callJson(createPostAction as never, multipartRequest("/api/posts", [["media", costly, "black-4k60.mp4"]], { cookie: author.cookie }));
    expect(created.status).toBe(413);
    expect(created.body.error).toBe(
      "black-4k60.mp4: videos can hold at most the frames of 60 seconds of 1080p at 60 fps (7.5 billion pixels); 4K fits 30 seconds at 30 fps or 15 seconds at 60 fps",
    );
    expect(await prisma.post.count()).toBe(postsBefore);
    expect(await listIncoming()).toEqual([]);
    expect(await prisma.job.count({ where: { state: "queued" } })).toBe(0);
  });

  it("makes another member's photo post ready while a long video job is still running", async () => {
    const clip = readFileSync(await makeClip("long-drive.mp4", { codec: X264 }));
    const video = await callJson(createPostAction as never, multipartRequest("/api/posts", [["media", clip, "long-drive.mp4"]], { cookie: author.cookie }));
    const videoPost = video.body.post.id as number;
    const videoUpload = await prisma.postUpload.findFirstOrThrow({ where: { postId: videoPost } });
    const photo = await callJson(createPostAction as never, multipartRequest("/api/posts", [["media", await png(), "garage.png"]], { cookie: stranger.cookie }));
    const photoPost = photo.body.post.id as number;
    expect(await prisma.job.findMany({ where: { kind: MEDIA_JOB, state: "queued" }, select: { lane: true }, orderBy: { id: "asc" } })).toEqual([
      { lane: "video" },
      { lane: "media" },
    ]);

    // The video's transcode runs on (held here) while the worker, one job at a time per lane, goes on.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let videoStarted = false;
    registerJobHandler(MEDIA_JOB, {
      run: async (payload) => {
        if ((payload as MediaJobPayload).uploadId === videoUpload.id) {
          videoStarted = true;
          await held;
        }
        await runMediaJob(payload as MediaJobPayload);
      },
      failed: (payload, error) => failMediaJob(payload as MediaJobPayload, error),
      permanent: isPermanentMediaFailure,
    });
    const worker = startJobWorker({ concurrency: 1, pollMs: 20, log: () => undefined });
    const statusOf = async (id: number) => (await prisma.post.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
    try {
      for (let i = 0; i < 4000 && !(videoStarted && (await statusOf(photoPost)) === "ready"); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(videoStarted).toBe(true);
      expect(await getPost(photoPost, author.id)).toMatchObject({ status: "ready", photos: [{ kind: "image" }] });
      expect(await statusOf(videoPost)).toBe("processing");
      expect(await prisma.job.count({ where: { kind: MEDIA_JOB, lane: "video", state: "running" } })).toBe(1);
      release();
      for (let i = 0; i < 4000 && (await statusOf(videoPost)) !== "ready"; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await getPost(videoPost, stranger.id)).toMatchObject({ status: "ready", photos: [{ kind: "video" }] });
    } finally {
      release();
      await worker.stop(2000);
      registerJobHandler(MEDIA_JOB, {
        run: (payload) => runMediaJob(payload as MediaJobPayload),
        failed: (payload, error) => failMediaJob(payload as MediaJobPayload, error),
        permanent: isPermanentMediaFailure,
      });
    }
  });

  it("makes a member's videos wait while their hour of video processing is spent, and tells them why", async () => {
    const clip = readFileSync(await makeClip("budget.mp4", { codec: X264 }));
    // This member's videos took 10 minutes of processing half an hour ago.
    const spentAt = Date.now() - TRANSCODE_WINDOW_MS / 2;
    await recordTranscodeUsage(author.id, 600, spentAt);
    const mine = (await callJson(createPostAction as never, multipartRequest("/api/posts", [["media", clip, "budget.mp4"]], { cookie: author.cookie }))).body.post
      .id as number;
    const theirs = (await callJson(createPostAction as never, multipartRequest("/api/posts", [["media", clip, "theirs.mp4"]], { cookie: stranger.cookie }))).body.post
      .id as number;
    await runDueJobs();

    // Another member's video is not held up.
    expect(await getPost(theirs, stranger.id)).toMatchObject({ status: "ready", photos: [{ kind: "video" }] });
    expect(await transcodeSecondsUsed(stranger.id)).toBeGreaterThan(0);
    // Mine waits, queued (not failed), with the reason and when it goes on.
    const waiting = (await callJson(processingLoader as never, getRequest(`/api/posts/${mine}/processing`, { cookie: author.cookie }), { id: String(mine) })).body
      .processing;
    expect(waiting).toMatchObject({
      status: "processing",
      files: [
        {
          name: "budget.mp4",
          status: "queued",
          error: "budget.mp4: waiting: you have used this hour's 10 minutes of video processing; this video is processed in about 30 minutes",
        },
      ],
    });
    const job = await prisma.job.findFirstOrThrow({ where: { kind: MEDIA_JOB, lane: "video", state: "queued" } });
    expect([job.attempts, Number(job.runAfter)]).toEqual([0, spentAt + TRANSCODE_WINDOW_MS]);

    // An hour after those runs the budget is back and the video is processed.
    expect(await pruneTranscodeUsage(spentAt + TRANSCODE_WINDOW_MS)).toBeGreaterThanOrEqual(1);
    await prisma.job.update({ where: { id: job.id }, data: { runAfter: BigInt(Date.now()) } });
    await runDueJobs();
    expect(await getPost(mine, stranger.id)).toMatchObject({ status: "ready", photos: [{ kind: "video" }] });
  });
});
