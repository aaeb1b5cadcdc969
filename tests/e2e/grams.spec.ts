// Grams: the deep link `/?grams=<postId>` (rendered on the server),
// the first-visit tutorial, moving by keys with the 500 ms lock, the Comments and Mods
// panels, and closing.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { showcasePath } from "~/lib/paths";

type ApiPost = {
  id: number;
  story: string;
  soundcloud_url: string | null;
  photos: Array<{ kind: string; image_url: string }>;
  post_cars: Array<{ car_id: number }>;
  counts: { comments: number; mods: number };
};

const PHONE = { width: 390, height: 844 };
const TUTORIAL_KEY = "gramsview-tutorial-seen";

/** The posts Grams shows a visitor, newest first (the server applies the Grams filter). */
async function gramsPosts(request: APIRequestContext): Promise<ApiPost[]> {
  const response = await request.get("/api/feed?grams=1&limit=50");
  expect(response.ok()).toBe(true);
  const { posts } = (await response.json()) as { posts: ApiPost[] };
  return posts;
}

const overlay = (page: Page) => page.getByRole("dialog", { name: "Grams", exact: true });
const activePost = (page: Page) => page.locator('[data-testid="grams-post"][aria-current="true"]');
const postById = (page: Page, id: number) => page.locator(`[data-testid="grams-post"][data-post-id="${id}"]`);

/** Opens Grams at a post and waits until it runs in the browser. */
async function openGrams(page: Page, postId: number | null) {
  await page.goto(postId === null ? "/?grams" : `/?grams=${postId}`, { waitUntil: "domcontentloaded" });
  await expect(overlay(page)).toHaveAttribute("data-ready", "true", { timeout: 45_000 });
}

function skipTutorial(page: Page) {
  return page.addInitScript((key) => window.localStorage.setItem(key, "true"), TUTORIAL_KEY);
}

test.describe("Grams", () => {
  test.use({ viewport: PHONE });
  // Hydration and smooth scrolling are slow on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test("only posts with a video or audio are shown to a visitor", async ({ request }) => {
    const posts = await gramsPosts(request);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts) {
      const video = post.photos.some((photo) => photo.kind === "video" || /\.(mp4|mov|webm|avi|m4v)$/i.test(photo.image_url));
      expect(video || Boolean(post.soundcloud_url), `post ${post.id}`).toBe(true);
    }
  });

  test("a deep link opens Grams at that post, rendered on the server", async ({ browser, request }) => {
    const posts = await gramsPosts(request);
    const target = posts[2];
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`/?grams=${target.id}`);
    await expect(overlay(page)).toBeVisible();
    // The linked post comes first, then the rest of the Grams feed without it.
    const ids = await page.locator('[data-testid="grams-post"]').evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-post-id"))));
    expect(ids[0]).toBe(target.id);
    expect(ids.filter((id) => id === target.id)).toHaveLength(1);
    expect(ids.slice(1)).toEqual(
      posts
        .map((post) => post.id)
        .filter((id) => id !== target.id)
        .slice(0, ids.length - 1),
    );
    await expect(postById(page, target.id)).toBeInViewport({ ratio: 0.9 });
    // Without JavaScript the close button is a plain link back to the page.
    await expect(page.getByRole("link", { name: "Close Grams" })).toHaveAttribute("href", "/");
    await page.getByRole("link", { name: "Close Grams" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(overlay(page)).toHaveCount(0);
    await context.close();
  });

  test("the tutorial shows after 1 s with its texts and stays dismissed after 'Got it!'", async ({ page, request }) => {
    const [post] = await gramsPosts(request);
    // Note in the page when Grams starts running and when the bubble appears.
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { gramsMarks: Record<string, number> }).gramsMarks = marks;
      new MutationObserver(() => {
        if (!marks.ready && document.querySelector(".grams[data-ready]")) marks.ready = performance.now();
        if (!marks.tutorial && document.querySelector(".grams-tutorial")) marks.tutorial = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await openGrams(page, post.id);
    const bubble = page.getByRole("dialog", { name: "Welcome to Grams!" });
    // (A busy machine runs timers late.)
    await expect(bubble).toBeVisible({ timeout: 20_000 });

    // Not at once: a second after Grams opened.
    const marks = await page.evaluate(() => (window as unknown as { gramsMarks: Record<string, number> }).gramsMarks);
    expect(marks.tutorial - marks.ready).toBeGreaterThanOrEqual(950);

    await expect(bubble.getByRole("heading", { name: "Welcome to Grams!" })).toBeVisible();
    await expect(bubble.getByText("Swipe up or down to browse through posts")).toBeVisible();
    await bubble.getByRole("button", { name: "Got it!" }).click();
    await expect(bubble).toHaveCount(0);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TUTORIAL_KEY)).not.toBeNull();

    await page.reload();
    await expect(overlay(page)).toHaveAttribute("data-ready", "true", { timeout: 45_000 });
    await page.waitForTimeout(1500);
    await expect(page.getByText("Welcome to Grams!")).toHaveCount(0);
  });

  test("ArrowDown moves to the next post; a second press within 500 ms does not move again", async ({ page, request }) => {
    const posts = await gramsPosts(request);
    const ids = posts.map((post) => post.id);
    await skipTutorial(page);
    await openGrams(page, ids[0]);
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[0]));

    // Two presses in a row (sent in one go, so a busy machine cannot space them out).
    await page.evaluate(() => {
      const target = document.activeElement ?? document.body;
      for (let i = 0; i < 2; i += 1) target.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true }));
    });
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[1]));
    await expect(postById(page, ids[1])).toBeInViewport({ ratio: 0.95 });
    await page.waitForTimeout(250);
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[1]));
    await expect(postById(page, ids[2])).not.toBeInViewport();

    // After the lock, keys move again: down, then back up.
    await page.waitForTimeout(400);
    await page.keyboard.press("ArrowDown");
    // (a real key press this time)
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[2]));
    await expect(postById(page, ids[2])).toBeInViewport({ ratio: 0.95 });
    await page.waitForTimeout(600);
    await page.keyboard.press("PageUp");
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[1]));

    // The arrow buttons do the same; the first post has nothing above it.
    await page.waitForTimeout(600);
    await overlay(page).getByRole("button", { name: "Previous post" }).click();
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[0]));
    await expect(overlay(page).getByRole("button", { name: "Previous post" })).toBeDisabled();
    await page.waitForTimeout(600);
    await overlay(page).getByRole("button", { name: "Next post" }).click();
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[1]));
  });

  test("on a desktop the mouse wheel moves one post per turn", async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const ids = (await gramsPosts(request)).map((post) => post.id);
    await skipTutorial(page);
    await openGrams(page, ids[0]);
    await page.mouse.move(640, 300);
    // A real turn of the wheel moves exactly one post (the page does not scroll on by itself).
    await page.mouse.wheel(0, 120);
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[1]));
    await page.waitForTimeout(800);
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[1]));
    await expect(postById(page, ids[1])).toBeInViewport({ ratio: 0.95 });
    // Two turns in one go count once.
    await page.locator(`[data-post-id="${ids[1]}"] .grams-post__stage`).evaluate((stage) => {
      for (let i = 0; i < 2; i += 1) stage.dispatchEvent(new WheelEvent("wheel", { deltaY: -120, bubbles: true, cancelable: true }));
    });
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[0]));
    await page.waitForTimeout(800);
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(ids[0]));
  });

  test("each post shows its car, creator, time and story; Comments and Mods open one at a time", async ({ page, request }) => {
    const posts = await gramsPosts(request);
    const post = posts.find((candidate) => candidate.post_cars.length > 0 && candidate.counts.mods > 0) ?? posts[0];
    await skipTutorial(page);
    await openGrams(page, post.id);
    const slide = postById(page, post.id);
    await expect(slide.getByTestId("grams-car-line")).not.toHaveText("");
    const showcase = slide.getByRole("link", { name: "Showcase", exact: true });
    await expect(showcase).toHaveAttribute("href", showcasePath(post.post_cars[0].car_id));
    // Its icon comes from the sprite, not an emoji.
    await expect(showcase.locator("svg use")).toHaveAttribute("href", /#Sparkles$/);
    await expect(slide.locator(".grams-post__byline time")).toHaveText(/ago|Just now/);
    await expect(slide.locator(".grams-post__user")).toHaveText(/^@\w+/);

    await slide.getByRole("button", { name: /comments?$/ }).click();
    const comments = page.getByRole("dialog", { name: "Comments" });
    await expect(comments).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Mods" })).toHaveCount(0);
    // Keys belong to the panel while it is open.
    await page.keyboard.press("ArrowDown");
    await expect(activePost(page)).toHaveAttribute("data-post-id", String(post.id));
    await comments.getByRole("button", { name: "Close comments" }).click();
    await expect(comments).toHaveCount(0);

    await slide.getByRole("button", { name: /^Mods:/ }).click();
    const mods = page.getByRole("dialog", { name: "Mods" });
    await expect(mods).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Comments" })).toHaveCount(0);
    await expect(mods.locator(".mods-panel")).toBeVisible();
    // Escape closes the panel first, then Grams.
    await page.keyboard.press("Escape");
    await expect(mods).toHaveCount(0);
    await expect(overlay(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(overlay(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test("a video post plays muted while on screen and pauses when the reader moves on", async ({ page, request }) => {
    const posts = await gramsPosts(request);
    const index = posts.findIndex((post) => post.photos[0]?.kind === "video");
    expect(index, "a video post in the seed").toBeGreaterThanOrEqual(0);
    const video = postById(page, posts[index].id).locator("video").first();
    await skipTutorial(page);
    await openGrams(page, posts[index].id);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.muted && element.loop)).toBe(true);

    // Unmuting applies to Grams' videos until it is muted again.
    await overlay(page).getByRole("button", { name: "Unmute videos" }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
    await overlay(page).getByRole("button", { name: "Mute videos" }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);

    await page.keyboard.press("ArrowDown");
    await expect(activePost(page)).not.toHaveAttribute("data-post-id", String(posts[index].id));
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  });

  test("the home page opens Grams and closing it removes the parameter", async ({ page }) => {
    await skipTutorial(page);
    await page.goto("/");
    await page.getByTestId("open-grams").first().click();
    await expect(page).toHaveURL(/[?&]grams(?:=|&|$)/);
    await expect(overlay(page)).toHaveAttribute("data-ready", "true", { timeout: 45_000 });
    await expect(activePost(page)).toHaveCount(1);
    await overlay(page).getByRole("link", { name: "Close Grams" }).click();
    await expect(overlay(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test("a visitor's like asks to sign in", async ({ page, request }) => {
    const [post] = await gramsPosts(request);
    await skipTutorial(page);
    await openGrams(page, post.id);
    await postById(page, post.id).getByRole("button", { name: "Like", exact: true }).click();
    await expect(page.getByRole("dialog").filter({ hasText: "Sign In" })).toBeVisible();
  });
});
