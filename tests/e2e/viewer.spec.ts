// The media viewer, opened from Grams: the counter,
// wrap-around both ways, buttons, thumbnails, keys, swipes, neighbours preloaded, muted
// looping videos, and the loading, failure and unsupported messages.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

type ApiPhoto = { kind: string; image_url: string; poster_url: string | null };
type ApiPost = { id: number; effective_layout: string; photos: ApiPhoto[] };

async function gramsPosts(request: APIRequestContext): Promise<ApiPost[]> {
  const response = await request.get("/api/feed?grams=1&limit=50");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { posts: ApiPost[] }).posts;
}

/** A Grams post whose photos are a carousel of 3 or more images (the demo seed has some). */
async function carouselPost(request: APIRequestContext): Promise<ApiPost> {
  const post = (await gramsPosts(request)).find(
    (candidate) => candidate.effective_layout === "carousel" && candidate.photos.length >= 3 && candidate.photos.every((photo) => photo.kind === "image"),
  );
  expect(post, "a Grams carousel of images in the seed").toBeTruthy();
  return post!;
}

/** "/media/ab/cd/name.webp" → "name" (matches the file and its resized copies). */
const baseName = (url: string) => url.slice(url.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");

const grams = (page: Page) => page.getByRole("dialog", { name: "Grams" });
const viewer = (page: Page) => page.locator(".viewer");
const counter = (page: Page) => page.getByTestId("viewer-counter");
const slide = (page: Page, id: number) => page.locator(`[data-testid="grams-post"][data-post-id="${id}"]`);

async function openGrams(page: Page, postId: number) {
  await page.addInitScript(() => window.localStorage.setItem("gramsview-tutorial-seen", "true"));
  // Not waiting for every picture of the page (some tests hold one back on purpose).
  await page.goto(`/?grams=${postId}`, { waitUntil: "domcontentloaded" });
  await expect(grams(page)).toHaveAttribute("data-ready", "true", { timeout: 45_000 });
}

test.describe("media viewer", () => {
  test.describe.configure({ timeout: 120_000 });

  test("opens on tapping media at '1 / N'; ArrowLeft on the first wraps to the last; Escape closes", async ({ page, request }) => {
    const post = await carouselPost(request);
    const count = post.photos.length;
    await openGrams(page, post.id);

    await slide(page, post.id)
      .getByRole("button", { name: new RegExp(`^Open .*, 1 of ${count}$`) })
      .click();
    await expect(viewer(page)).toBeVisible();
    await expect(counter(page)).toHaveText(`1 / ${count}`);
    await expect(viewer(page).locator("img.viewer__media")).toHaveAttribute("data-state", "loaded");

    // The neighbours (the next, and the last one by wrap-around) are warmed up before they are shown.
    const last = baseName(post.photos[count - 1].image_url);
    await expect.poll(() => page.evaluate((name) => performance.getEntriesByType("resource").some((entry) => entry.name.includes(name)), last)).toBe(true);

    await page.keyboard.press("ArrowLeft");
    await expect(counter(page)).toHaveText(`${count} / ${count}`);
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText(`1 / ${count}`);
    await viewer(page).getByRole("button", { name: "Next" }).click();
    await expect(counter(page)).toHaveText(`2 / ${count}`);
    await viewer(page).getByRole("button", { name: "Previous" }).click();
    await viewer(page).getByRole("button", { name: "Previous" }).click();
    await expect(counter(page)).toHaveText(`${count} / ${count}`);
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText(`1 / ${count}`);

    // The thumbnail strip picks an item and marks the current one.
    const thumbs = viewer(page).getByRole("group", { name: "Thumbnails" }).getByRole("button");
    await expect(thumbs).toHaveCount(count);
    await thumbs.nth(2).click();
    await expect(counter(page)).toHaveText(`3 / ${count}`);
    await expect(thumbs.nth(2)).toHaveAttribute("aria-current", "true");

    await page.keyboard.press("Escape");
    await expect(viewer(page)).toHaveCount(0);
    // Grams stays open under it.
    await expect(grams(page)).toBeVisible();
  });

  test("a swipe on a touch screen moves to the next or previous item", async ({ page, request }) => {
    const post = await carouselPost(request);
    const count = post.photos.length;
    await openGrams(page, post.id);
    await slide(page, post.id)
      .getByRole("button", { name: new RegExp(`^Open .*, 1 of ${count}$`) })
      .click();
    await expect(counter(page)).toHaveText(`1 / ${count}`);

    const swipe = (from: number, to: number) =>
      page.locator(".viewer__stage").evaluate(
        (stage, [x0, x1]) => {
          const options = { bubbles: true, pointerType: "touch", pointerId: 7, isPrimary: true, clientY: 300 };
          stage.dispatchEvent(new PointerEvent("pointerdown", { ...options, clientX: x0 }));
          stage.dispatchEvent(new PointerEvent("pointerup", { ...options, clientX: x1 }));
        },
        [from, to],
      );
    await swipe(300, 120);
    await expect(counter(page)).toHaveText(`2 / ${count}`);
    await swipe(120, 300);
    await swipe(120, 300);
    await expect(counter(page)).toHaveText(`${count} / ${count}`);
    // A small move is a tap, not a swipe.
    await swipe(200, 190);
    await expect(counter(page)).toHaveText(`${count} / ${count}`);
  });

  test("videos play muted and looping; the mute button and a click on the video toggle", async ({ page, request }) => {
    const post = (await gramsPosts(request)).find((candidate) => candidate.photos[0]?.kind === "video" && candidate.photos.length === 1);
    expect(post, "a single-video post in the seed").toBeTruthy();
    await openGrams(page, post!.id);
    await slide(page, post!.id)
      .getByRole("button", { name: /full screen$/ })
      .click();

    const video = viewer(page).locator("video.viewer__media");
    await expect(video).toBeVisible();
    await expect(counter(page)).toHaveText("1 / 1");
    expect(await video.evaluate((element: HTMLVideoElement) => ({ muted: element.muted, loop: element.loop, inline: element.playsInline }))).toEqual({
      muted: true,
      loop: true,
      inline: true,
    });
    // One item: no previous/next or thumbnails.
    await expect(viewer(page).getByRole("button", { name: "Next" })).toHaveCount(0);

    await viewer(page).getByRole("button", { name: "Unmute" }).click();
    await expect(viewer(page).getByRole("button", { name: "Mute" })).toBeVisible();
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);

    // A click on the video (away from the centre, where a paused video shows its Play button)
    // pauses a playing video and plays a paused one.
    const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
    const before = await paused();
    await video.click({ position: { x: 24, y: 24 } });
    await expect.poll(paused).toBe(!before);
    await video.click({ position: { x: 24, y: 24 } });
    await expect.poll(paused).toBe(before);
  });

  test("shows 'Loading image...' while an image is on its way", async ({ page, request }) => {
    const post = await carouselPost(request);
    const slow = baseName(post.photos[1].image_url);
    // Every request for the second picture waits until the test lets it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/media/**/${slow}*`, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    await openGrams(page, post.id);
    await slide(page, post.id)
      .getByRole("button", { name: /, 1 of \d+$/ })
      .click();
    await viewer(page).getByRole("button", { name: "Next" }).click();
    await expect(counter(page)).toHaveText(`2 / ${post.photos.length}`);
    await expect(viewer(page).getByRole("status")).toHaveText("Loading image...");
    release();
    await expect(viewer(page).locator("img.viewer__media")).toHaveAttribute("data-state", "loaded", { timeout: 15_000 });
    await expect(viewer(page).getByText("Loading image...")).toHaveCount(0);
  });

  test("a broken image shows 'Image unavailable' in the feed and 'Image failed to load' in the viewer", async ({ page, request }) => {
    const post = await carouselPost(request);
    const broken = baseName(post.photos[0].image_url);
    await page.route(`**/media/**/${broken}*`, (route) => route.abort("failed"));
    await openGrams(page, post.id);
    await expect(slide(page, post.id).getByText("Image unavailable").first()).toBeVisible();

    // A screen reader hears that the picture behind the button is missing.
    await slide(page, post.id)
      .getByRole("button", { name: /, 1 of \d+ Image unavailable$/ })
      .click();
    await expect(viewer(page).getByRole("alert")).toContainText("Image failed to load");
    await expect(viewer(page).getByRole("alert")).toContainText("Unable to display image");
    // The others still show.
    await viewer(page).getByRole("button", { name: "Next" }).click();
    await expect(viewer(page).locator("img.viewer__media")).toHaveAttribute("data-state", "loaded");
  });

  test("a file that is neither image nor video shows 'Unsupported media type'", async ({ page, request }) => {
    const post = await carouselPost(request);
    const original = post.photos[1].image_url;
    const renamed = original.replace(/\.[^./]+$/, ".pdf");
    // The page as the server would send it if the second file were a PDF.
    await page.route(
      (url) => url.pathname === "/" && url.searchParams.has("grams"),
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).split(original).join(renamed);
        // The text is sent as is: drop the compression headers of the original.
        const headers = Object.fromEntries(
          Object.entries(response.headers()).filter(([name]) => !["content-encoding", "content-length", "transfer-encoding"].includes(name.toLowerCase())),
        );
        await route.fulfill({ status: response.status(), headers, body });
      },
    );
    await openGrams(page, post.id);
    await slide(page, post.id)
      .getByRole("button", { name: /, 1 of \d+$/ })
      .click();
    await viewer(page).getByRole("button", { name: "Next" }).click();
    await expect(counter(page)).toHaveText(`2 / ${post.photos.length}`);
    await expect(viewer(page).getByRole("alert")).toContainText("Unsupported media type");
    await expect(viewer(page).getByRole("alert")).toContainText("Cannot display this file");
  });
});
