// While a video is prepared, its author sees how far it has got: ffmpeg's own progress is
// read as it encodes, kept on the upload, and shown on the post's tile as a percentage and a
// progress bar. A photo, or a video whose progress is not known yet, says only "Preparing…".
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { inspectUploadFile, processUploadFile } from "~/lib/media/upload-pipeline.server";
import { discardMedia } from "~/lib/media/processed-media.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { runMediaJob } from "~/models/post-upload.server";
import { action as createPostAction } from "~/routes/api.posts";
import { action as processingAction, loader as processingLoader } from "~/routes/api.posts.$id.processing";
import { signUp, type SignedUp } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { makeClip } from "../support/media";
import { callJson, getRequest, jsonRequest, multipartRequest } from "../support/requests";

// A phone's HEVC clip is not kept as it is: the pipeline transcodes it to H.264.
const HEVC = ["-c:v", "libx265", "-x265-params", "log-level=none", "-tag:v", "hvc1", "-pix_fmt", "yuv420p", "-c:a", "aac"];

let author: SignedUp;
let app: RunningApp;

beforeAll(async () => {
  // No worker here: the test plays the worker's part, so the upload stays queued.
  process.env.JOB_WORKER = "off";
  resetRateLimits();
  author = await signUp("progress_author");
  app = await serveApp(await sourceBuild(["routes/post.$id"]));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("a video's preparation", { timeout: 60_000 }, () => {
  it("reports the share of the clip encoded, rising to the whole clip, from ffmpeg's own progress", async () => {
    const clip = await makeClip("progress-4s.mov", { seconds: 4, codec: HEVC });
    const file = { path: clip, name: "progress-4s.mov" };
    const inspected = await inspectUploadFile(file);
    const shares: number[] = [];
    const stored = await processUploadFile(file, inspected, { onProgress: (share) => shares.push(share) });
    await discardMedia(stored);
    expect(stored.kind).toBe("video");
    expect(shares.length).toBeGreaterThan(0);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(Math.max(...shares)).toBeGreaterThan(0.9);
    expect(Math.max(...shares)).toBeLessThanOrEqual(1);
  });

  it("is kept on the upload by the job as it encodes", async () => {
    const clip = await readFile(await makeClip("progress-job.mov", { seconds: 3, codec: HEVC }));
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#234" } })
      .png()
      .toBuffer();
    // A photo waits beside it, so the post stays in preparation and its rows stay to be read.
    const created = await callJson(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["media", clip, "pull.mov", "video/quicktime"],
          ["media", photo, "still.png", "image/png"],
        ],
        { cookie: author.cookie },
      ),
    );
    expect(created.status).toBe(201);
    const upload = await prisma.postUpload.findFirstOrThrow({ where: { postId: created.body.post.id as number, kind: "video" } });
    expect(upload.progress).toBeNull();
    await runMediaJob({ uploadId: upload.id });
    const after = await prisma.postUpload.findUniqueOrThrow({ where: { id: upload.id } });
    expect(after.status).toBe("done");
    // Its first report was written while it was still queued.
    expect(after.progress).toEqual(expect.any(Number));
    expect(after.progress).toBeGreaterThanOrEqual(0);
    expect(after.progress).toBeLessThanOrEqual(100);
  });

  it("shows on the author's tile as a percentage and a progress bar, and starts again when the file is tried again", async () => {
    const clip = await readFile(await makeClip("progress-tile.mov", { seconds: 2, codec: HEVC }));
    const created = await callJson(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["story", "rolling shots"],
          ["media", clip, "rolling.mov", "video/quicktime"],
        ],
        { cookie: author.cookie },
      ),
    );
    expect(created.status).toBe(201);
    const id = created.body.post.id as number;
    const upload = await prisma.postUpload.findFirstOrThrow({ where: { postId: id } });

    // Before the worker has said anything: no number.
    let page = await (await fetch(`${app.origin}/post/${id}`, { headers: { cookie: author.cookie } })).text();
    expect(page).toContain("Preparing…");
    expect(page).not.toMatch(/Preparing… \d+%/);

    // The worker has encoded 40 % of it.
    await prisma.postUpload.update({ where: { id: upload.id }, data: { progress: 40 } });
    const answer = await callJson(processingLoader as never, getRequest(`/api/posts/${id}/processing`, { cookie: author.cookie }), { id: String(id) });
    expect(answer.body.processing.files).toMatchObject([{ name: "rolling.mov", status: "queued", progress: 40 }]);
    page = await (await fetch(`${app.origin}/post/${id}`, { headers: { cookie: author.cookie } })).text();
    expect(page).toContain("Preparing… 40%");
    expect(page).toMatch(/role="progressbar" aria-label="Preparing rolling\.mov" aria-valuemin="0" aria-valuemax="100" aria-valuenow="40"/);

    // It failed at 40 %; tried again, it starts from nothing.
    await prisma.postUpload.update({ where: { id: upload.id }, data: { status: "failed", error: "rolling.mov: stopped" } });
    const retried = await callJson(
      processingAction as never,
      jsonRequest(`/api/posts/${id}/processing`, { intent: "retry", upload: upload.id }, { cookie: author.cookie }),
      { id: String(id) },
    );
    expect(retried.status).toBe(200);
    expect(retried.body.processing.files).toMatchObject([{ status: "queued", progress: null }]);
  });
});
