// An iPhone-style HEVC clip, uploaded through the API, plays in Chromium: the stored file is
// H.264 (Chromium here has no HEVC decoder, so the original would show a black picture).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { signInViaApi, signUpViaApi } from "../support/browser";
import { postPath } from "~/lib/paths";

function hevcClip(): Buffer {
  const ffmpeg = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const folder = mkdtempSync(path.join(tmpdir(), "hevc-"));
  const plain = path.join(folder, "plain.mov");
  const file = path.join(folder, "IMG_0412.MOV");
  execFileSync(ffmpeg, [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=30",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440",
    "-t",
    "2",
    "-c:v",
    "libx265",
    "-x265-params",
    "log-level=none",
    "-tag:v",
    "hvc1",
    "-c:a",
    "aac",
    plain,
  ]);
  // A phone held upright: the picture is stored sideways with a rotation flag.
  execFileSync(ffmpeg, ["-v", "error", "-y", "-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", file]);
  return readFileSync(file);
}

test("a stored HEVC .mov plays in Chromium, upright, with its poster", async ({ page, request }) => {
  const user = await signUpViaApi(request, "hevc");
  await signInViaApi(page, user);
  const created = await page.request.post("/api/posts", {
    multipart: { story: "Cold start, shot on a phone", media: { name: "IMG_0412.MOV", mimeType: "video/quicktime", buffer: hevcClip() } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { post: pending } = await created.json();
  // The upload answers at once; the clip is converted in the background.
  let post: { id: number; photos: { kind: string; mime_type: string; width: number; height: number; poster_url: string }[] } = pending;
  await expect
    .poll(
      async () => {
        post = (await (await page.request.get(`/api/posts/${pending.id}`)).json()).post;
        return post.photos.length;
      },
      { timeout: 90_000 },
    )
    .toBe(1);
  expect(post.photos[0]).toMatchObject({ kind: "video", mime_type: "video/mp4", width: 240, height: 320 });
  expect(post.photos[0].poster_url).toMatch(/^\/media\/.+\.webp$/);

  await page.goto(postPath(post.id));
  const video = page.locator(".post-page__post video").first();
  await expect(video).toHaveAttribute("poster", post.photos[0].poster_url);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => ({ width: element.videoWidth, height: element.videoHeight })), { timeout: 20_000 })
    .toEqual({ width: 240, height: 320 });
});
