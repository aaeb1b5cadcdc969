// Uploading in the browser, end to end with the background jobs: the bar counts the bytes
// sent, the post opens as "Processing…" for its author only, and becomes ready by itself
// (with JavaScript) or on the reload link (without). A file that fails is named with its
// reason and can be removed. The queue is kept busy by a post of large photos sent first,
// so the processing state lasts long enough to be seen.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Browser, type Page } from "./fixtures";
import { signUpViaApi } from "../support/browser";
import { postPath } from "~/lib/paths";

const TMP = path.resolve("tests/.tmp/e2e-processing-files");

test.describe.configure({ timeout: 240_000 });

async function photo(name: string, width: number, height: number, hue: number): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},70%,40%)"/><stop offset="1" stop-color="hsl(${hue + 90},70%,60%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="25%" fill="white" opacity="0.5"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** A noisy PNG of a few MB: slow enough to send under a throttled connection. */
/** The first two thirds of a HEIC made by libheif's heif-enc. */
async function cutHeic(name: string): Promise<Buffer> {
  mkdirSync(TMP, { recursive: true });
  const source = path.join(TMP, `${name}.png`);
  const file = path.join(TMP, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: "#357" } })
    .png()
    .toFile(source);
  execFileSync("heif-enc", ["-q", "60", "-o", file, source]);
  const bytes = readFileSync(file);
  return bytes.subarray(0, Math.floor((bytes.byteLength * 2) / 3));
}

async function noisyPhoto(name: string): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, name);
  const width = 1400;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(file);
  return file;
}

async function member(browser: Browser, prefix: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signUpViaApi(page.request, prefix);
  return page;
}

/** A post of large photos, queued before ours, so the worker is busy for a while. */
async function busyPost(page: Page, count = 6) {
  const fs = await import("node:fs");
  const files = await Promise.all(Array.from({ length: count }, (_, i) => photo(`big-${i}.png`, 5000, 3750, i * 40)));
  const form = new FormData();
  form.append("story", "busy queue");
  for (const file of files) form.append("media", new Blob([fs.readFileSync(file)], { type: "image/png" }), path.basename(file));
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const baseURL = new URL(page.url() === "about:blank" ? "http://127.0.0.1" : page.url()).origin;
  return { form, cookies, baseURL };
}

test("with JavaScript: a progress bar while sending, then Processing…, then the post by itself", async ({ browser, baseURL }) => {
  const page = await member(browser, "progress");
  await page.goto("/upload");
  await expect(page.locator('[data-testid="upload-form"][data-hydrated]')).toBeVisible({ timeout: 20_000 });

  // The worker is busy with an earlier post of large photos (for longer than the slow upload below).
  const { form, cookies } = await busyPost(page, 8);
  const busy = await fetch(`${baseURL}/api/posts`, { method: "POST", body: form, headers: { Cookie: cookies, Origin: baseURL! } });
  expect(busy.status).toBe(201);

  // A slow connection, so the bar is seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });

  const file = await noisyPhoto("IMG_2001.png");
  await page.locator('input[type="file"][name="media"]').setInputFiles(file);
  await page.getByLabel("Story").fill("Progress then processing");
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/posts") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Share post" }).click();
  const progress = page.getByTestId("upload-progress");
  await expect(progress).toContainText(/Uploading… \d+%/);
  // The bar tells assistive technology how far it is, and the number rises as the bytes go.
  const bar = progress.getByRole("progressbar", { name: "Upload" });
  const sent = async () => Number(await bar.getAttribute("aria-valuenow"));
  // The file's own tile says how much of it is sent too.
  const fileBar = page.getByRole("progressbar", { name: "Sending IMG_2001.png" });
  const fileSent = async () => Number(await fileBar.getAttribute("aria-valuenow"));
  const [first, fileFirst] = await Promise.all([sent(), fileSent()]);
  expect(first).toBeGreaterThanOrEqual(0);
  expect(first).toBeLessThan(100);
  expect(fileFirst).toBeLessThan(100);
  await expect(fileBar).toContainText(/\d+%|Sent/);
  // Both numbers rise as the bytes go (read together: the bars go once the bytes are all sent).
  await expect
    .poll(async () => {
      const [now, fileNow] = await Promise.all([sent(), fileSent()]);
      return now > first && fileNow > fileFirst;
    })
    .toBe(true);
  // The answer comes when the bytes are on disk, before processing.
  const created = await (await answer).json();
  expect(created.post.status).toBe("processing");
  // Others get a 404 meanwhile (asked at once, while the worker is surely still busy).
  const stranger = await fetch(`${baseURL}/post/${created.post.id}`);
  expect(stranger.status).toBe(404);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await expect(page).toHaveURL(new RegExp(`${postPath(created.post.id)}$`), { timeout: 20_000 });
  const panel = page.getByTestId("post-processing");
  await expect(panel).toContainText("Processing…");
  await expect(panel).toContainText("IMG_2001.png");
  await expect(panel).toContainText("Only you can see this post");

  // Ready by itself: the panel goes, the photo shows.
  await expect(panel).toHaveCount(0, { timeout: 180_000 });
  await expect(page.getByTestId("post-card").locator("img").first()).toHaveAttribute("src", /\/media\/.+\.webp/);
  expect((await fetch(`${baseURL}/post/${created.post.id}`)).status).toBe(200);
});

test("with JavaScript: a file that fails is named with its reason, and removing it publishes the rest", async ({ browser }) => {
  const page = await member(browser, "badfile");
  await page.goto("/upload");
  await expect(page.locator('[data-testid="upload-form"][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  const good = await photo("good.png", 800, 600, 200);
  // A phone photo cut short: its header passes the upload's checks (HEIC is decoded in the
  // background job), its picture does not.
  const heic = await cutHeic("IMG_0412.HEIC");
  const fs = await import("node:fs");
  await page.locator('input[type="file"][name="media"]').setInputFiles([
    { name: "good.png", mimeType: "image/png", buffer: fs.readFileSync(good) },
    { name: "IMG_0412.HEIC", mimeType: "image/heic", buffer: heic },
  ]);
  await page.getByLabel("Story").fill("One good, one broken");
  await page.getByRole("button", { name: "Share post" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 20_000 });

  const error = page.getByTestId("processing-error");
  await expect(error).toContainText("IMG_0412.HEIC: could not be read (damaged or incomplete)", { timeout: 90_000 });
  await page.getByRole("button", { name: "Remove: IMG_0412.HEIC" }).click();
  await expect(page.getByTestId("post-processing")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId("post-card")).toContainText("One good, one broken");
  await expect(page.getByTestId("post-card").locator("img").first()).toHaveAttribute("src", /\/media\/.+\.webp/);
});

test("without JavaScript: the plain form posts, the page says it is processing with a reload link, and the post is there after reloads", async ({ browser, baseURL }) => {
  const page = await member(browser, "nojs", false);
  await page.goto("/upload");
  const { form, cookies } = await busyPost(page);
  const busy = await fetch(`${baseURL}/api/posts`, { method: "POST", body: form, headers: { Cookie: cookies, Origin: baseURL! } });
  expect(busy.status).toBe(201);

  await page.getByLabel("File 1", { exact: true }).setInputFiles(await photo("plain.png", 900, 600, 120));
  await page.getByLabel("Story").fill("Posted without scripts");
  await page.getByRole("button", { name: "Share post" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 20_000 });
  await expect(page.getByTestId("post-processing")).toContainText("Processing…");
  const reload = page.getByTestId("processing-reload").getByRole("link", { name: "Reload" });
  await expect(reload).toBeVisible();

  for (let attempt = 0; attempt < 60 && (await page.getByTestId("post-processing").count()) > 0; attempt++) {
    await page.waitForTimeout(1500);
    await page.getByTestId("processing-reload").getByRole("link", { name: "Reload" }).click();
    // The count above must read the reloaded page, not one still on its way.
    await page.waitForLoadState("load");
  }
  await expect(page.getByTestId("post-processing")).toHaveCount(0);
  await expect(page.getByTestId("post-card")).toContainText("Posted without scripts");
  await expect(page.getByTestId("post-card").locator("img").first()).toHaveAttribute("src", /\/media\/.+\.webp/);
});
