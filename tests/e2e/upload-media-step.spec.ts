// The upload form's media step in the browser, on a phone (390×844) and a desktop
// (1440×900): a text file named .jpg is refused by name before anything is sent, an HEVC
// .mov shows a frame or a tile that says it cannot be previewed (never a black square),
// the order changes with the Move earlier / Move later buttons (by keyboard too) and Make
// the cover, a photo is cropped to 1:1, a missing description is pointed out; then the post
// opens in its layout with the browser's thumbnails under "Preparing…" overlays, and goes
// live with the order, crop and description chosen (a video not first).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Browser, type Page } from "./fixtures";
import { signUpViaApi } from "../support/browser";
import { postPath } from "~/lib/paths";

const TMP = path.resolve("tests/.tmp/e2e-media-step-files");

// A video is transcoded on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

async function photo(name: string, width: number, height: number, fill: string): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/><circle cx="50%" cy="50%" r="20%" fill="white"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** A second of HEVC in a QuickTime file, as an iPhone records it. */
function hevcClip(name: string): string {
  mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, name);
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=30",
    "-t",
    "1",
    "-c:v",
    "libx265",
    "-x265-params",
    "log-level=none",
    "-tag:v",
    "hvc1",
    "-pix_fmt",
    "yuv420p",
    file,
  ]);
  return file;
}

/** Large photos sent first, so the worker is still busy when our post opens. */
async function keepWorkerBusy(page: Page) {
  const form = new FormData();
  form.append("story", "busy queue");
  for (let index = 0; index < 3; index++) {
    const file = await photo(`busy-${index}.png`, 4000, 3000, `hsl(${index * 90},60%,50%)`);
    form.append("media", new Blob([readFileSync(file)], { type: "image/png" }), path.basename(file));
  }
  const origin = new URL(page.url()).origin;
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const answer = await fetch(`${origin}/api/posts`, { method: "POST", body: form, headers: { Cookie: cookies, Origin: origin } });
  expect(answer.status).toBe(201);
}

async function member(browser: Browser, prefix: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signUpViaApi(page.request, prefix);
  return page;
}

/** Whether an <img> shows more than black. */
function showsPicture(image: HTMLImageElement): boolean {
  const canvas = document.createElement("canvas");
  canvas.width = 32;
  canvas.height = 32;
  const context = canvas.getContext("2d")!;
  context.drawImage(image, 0, 0, 32, 32);
  const { data } = context.getImageData(0, 0, 32, 32);
  for (let index = 0; index < data.length; index += 4) if (data[index] + data[index + 1] + data[index + 2] > 60) return true;
  return false;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`the media step at ${viewport.width}×${viewport.height}: refuse, preview, reorder, cover, crop, describe, then the post while it is prepared`, async ({
    browser,
  }) => {
    const page = await member(browser, `step${viewport.width}`, viewport);
    await page.goto("/upload");
    await expect(page.locator('[data-testid="upload-form"][data-hydrated]')).toBeVisible({ timeout: 20_000 });

    const red = await photo("red.png", 800, 600, "rgb(200,30,30)");
    const blue = await photo("blue.png", 600, 400, "rgb(30,60,200)");
    const clip = hevcClip("IMG_0420.MOV");
    await page.locator('input[type="file"][name="media"]').setInputFiles([
      { name: "red.png", mimeType: "image/png", buffer: readFileSync(red) },
      { name: "IMG_0420.MOV", mimeType: "video/quicktime", buffer: readFileSync(clip) },
      { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Shopping list: oil filter, spark plugs\n") },
      { name: "blue.png", mimeType: "image/png", buffer: readFileSync(blue) },
    ]);

    // The text file is refused by name; the others are listed in the order chosen.
    await expect(page.getByTestId("upload-rejected")).toHaveText("notes.jpg: Not a photo or a video: its contents are something else");
    const items = page.getByTestId("media-item");
    await expect(items).toHaveCount(3);
    await expect(items.locator(".media-item__name")).toHaveText(["1. red.png", "2. IMG_0420.MOV", "3. blue.png"]);
    await expect(items.nth(0).getByTestId("cover-badge")).toBeVisible();

    // The HEVC clip: a frame that is not black, or a tile that says so.
    const video = items.nth(1);
    await expect(video.getByTestId("video-frame").or(video.getByTestId("preview-unavailable"))).toBeVisible({ timeout: 15_000 });
    if ((await video.getByTestId("preview-unavailable").count()) > 0) {
      await expect(video.getByTestId("preview-unavailable")).toHaveText("Video — preview not available in this browser");
    } else {
      expect(await video.getByTestId("video-frame").evaluate(showsPicture)).toBe(true);
    }
    await expect(video.locator("canvas, video")).toHaveCount(0);
    await expect(items.nth(0).getByTestId("photo-preview")).toBeVisible();

    // Reorder by keyboard: blue moves before the video, then becomes the cover.
    await page.getByRole("button", { name: "Move blue.png earlier" }).focus();
    await page.keyboard.press("Enter");
    await expect(items.locator(".media-item__name")).toHaveText(["1. red.png", "2. blue.png", "3. IMG_0420.MOV"]);
    await page.getByRole("button", { name: "Make blue.png the cover" }).click();
    await expect(items.locator(".media-item__name")).toHaveText(["1. blue.png", "2. red.png", "3. IMG_0420.MOV"]);
    await expect(items.nth(0).getByTestId("cover-badge")).toBeVisible();
    await expect(items.nth(1).getByTestId("cover-badge")).toHaveCount(0);
    await page.getByRole("button", { name: "Move red.png later" }).click();
    await page.getByRole("button", { name: "Move red.png earlier" }).click();
    await expect(items.locator(".media-item__name")).toHaveText(["1. blue.png", "2. red.png", "3. IMG_0420.MOV"]);
    await expect(page.getByRole("button", { name: "Move blue.png earlier" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move IMG_0420.MOV later" })).toBeDisabled();

    // Crop red to a square: its thumbnail turns square; the video has no crop.
    await items.nth(1).getByText("1:1", { exact: true }).click();
    const thumb = items.nth(1).locator(".media-item__thumb");
    await expect.poll(async () => thumb.evaluate((node) => Math.round((node.clientWidth / node.clientHeight) * 100))).toBe(100);
    await expect(items.nth(2).getByRole("radio")).toHaveCount(0);

    // Descriptions: a reminder where there is none, which never blocks.
    await expect(items.getByTestId("alt-reminder")).toHaveCount(3);
    await page.getByLabel("Description of blue.png").fill("Blue coupe, front view");
    await expect(items.getByTestId("alt-reminder")).toHaveCount(2);
    await expect(items.nth(0).getByTestId("alt-reminder")).toHaveCount(0);

    await keepWorkerBusy(page);
    await page.getByLabel("Story").fill(`Media step ${viewport.width}`);
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/posts") && response.request().method() === "POST");
    await page.getByRole("button", { name: "Share post" }).click();
    const created = await (await answer).json();
    expect(created.post.status).toBe("processing");
    // The toast says it is being prepared, not shared.
    await expect(page.getByText("Preparing your post…")).toBeVisible();
    await expect(page.getByText("Post shared!")).toHaveCount(0);

    // The post opens at once in its layout (a carousel of three), with the browser's
    // thumbnails under their overlays.
    await expect(page).toHaveURL(new RegExp(`${postPath(created.post.id)}$`));
    const media = page.getByTestId("processing-media");
    await expect(media).toHaveAttribute("data-layout", "carousel");
    const tiles = media.getByTestId("processing-tile");
    await expect(tiles).toHaveCount(3);
    await expect(tiles.nth(0).getByTestId("processing-thumb")).toHaveAttribute("alt", "Blue coupe, front view");
    expect(await tiles.nth(0).getByTestId("processing-thumb").evaluate(showsPicture)).toBe(true);
    expect(await tiles.nth(1).getByTestId("processing-thumb").evaluate(showsPicture)).toBe(true);
    await expect(tiles.nth(0).getByTestId("processing-overlay")).toHaveText(/Preparing…|Ready/);

    // Live by itself, with the order, crop and description chosen.
    await expect(page.getByText("Your post is live")).toBeVisible({ timeout: 150_000 });
    await expect(page.getByTestId("post-processing")).toHaveCount(0);
    const post = (await (await page.request.get(`/api/posts/${created.post.id}`)).json()).post;
    expect(post.photos.map((item: { kind: string; width: number; height: number }) => [item.kind, item.kind === "image" ? `${item.width}×${item.height}` : ""])).toEqual([
      ["image", "600×400"],
      ["image", "600×600"],
      ["video", ""],
    ]);
  });
}
