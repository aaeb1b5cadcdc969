// Things that must fit the screen: on a 360 px phone, the build sheet's spend tile shows the
// largest sum in full (light and dark), a comment's time and actions share one line, and the
// Admin Area's tabs stay on one line; on a 1440x900 desktop, a post's like/comment bar stays
// on screen beside a tall video.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator } from "./fixtures";
import { member, signInAsAdmin } from "../support/browser";
import { postPath, showcasePath } from "~/lib/paths";

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1440, height: 900 };

/** Whether the element's content is wider than its box (clipped or spilling out). */
function overflows(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth);
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: PHONE });

  test("the spend tile shows $9,999,999.99 in full, in light and in dark", async ({ browser }) => {
    const owner = await member(browser, "spend");
    const { page } = owner;
    await page.setViewportSize(PHONE);
    const car = (await (await page.request.post("/api/cars", { data: { make: "Porsche", model: "911", year: 1973, nickname: "RS" } })).json()).car as { id: number };
    const mod = { mod_category: "Engine", model_name: "Full rebuild", cost: 9999999.99, show_cost: true };
    expect((await page.request.post(`/api/cars/${car.id}/mods`, { data: mod })).status()).toBe(201);

    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(showcasePath(car.id));
      const spend = page.getByTestId("build-sheet").getByTestId("sheet-spend");
      await expect(spend).toHaveText("$9,999,999.99");
      expect(await overflows(spend), `${colorScheme}: the sum is cut`).toBe(false);
      const tile = spend.locator("xpath=..");
      expect(await overflows(tile), `${colorScheme}: the tile is cut`).toBe(false);
      // The whole sum is inside the tile and on the screen.
      const [text, box] = await Promise.all([
        spend.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const rect = range.getBoundingClientRect();
          return { left: rect.left, right: rect.right };
        }),
        tile.boundingBox(),
      ]);
      expect(text.right, colorScheme).toBeLessThanOrEqual(box!.x + box!.width);
      expect(text.right, colorScheme).toBeLessThanOrEqual(PHONE.width);
      expect(text.left, colorScheme).toBeGreaterThanOrEqual(box!.x);
    }
    await page.context().close();
  });

  test("one's own comment and reply keep the time and every action on one line", async ({ browser }) => {
    const { page } = await member(browser, "replier");
    await page.setViewportSize(PHONE);
    const post = (await (await page.request.post("/api/posts", { data: { story: "Which wheels?" } })).json()).post as { id: number };
    const comment = await (await page.request.post("/api/comments", { data: { postId: post.id, content: "These ones" } })).json();
    await page.request.post("/api/comments", { data: { postId: post.id, content: "Or these", parentId: comment.id } });
    await page.goto(postPath(post.id));
    const rows = page.locator(".comment__actions");
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      await expect(row.getByRole("button", { name: "Delete" })).toBeVisible();
      const tops = await row.evaluate((element) =>
        [...element.querySelectorAll("time, button, a")].map((child) => {
          const box = child.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        }),
      );
      // Every action's middle is on the time's line.
      for (const top of tops) expect(Math.abs(top - tops[0])).toBeLessThanOrEqual(2);
      expect(await overflows(row.locator("time")), "the time is cut").toBe(false);
    }
    await page.context().close();
  });

  test("the Admin Area's tabs stay on one line", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin");
    const tabs = page.getByRole("navigation", { name: "Admin Area sections" }).getByRole("link");
    await expect(tabs).toHaveCount(6);
    const boxes = await tabs.evaluateAll((links) => links.map((link) => ({ top: link.getBoundingClientRect().top, height: link.getBoundingClientRect().height })));
    // One row: every tab starts at the same height, and none is two lines tall.
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    for (const box of boxes) expect(box.height).toBeLessThanOrEqual(boxes[0].height);
    // Each label is whole: none spills out of its tab.
    const spills = await tabs.evaluateAll((links) => links.filter((link) => link.scrollWidth > link.clientWidth).map((link) => link.textContent));
    expect(spills).toEqual([]);
    // What does not fit scrolls sideways, and the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

/** A 9:16 H.264 clip, as a phone films upright. */
function tallClip(): Buffer {
  const folder = mkdtempSync(path.join(tmpdir(), "tall-"));
  const file = path.join(folder, "upright.mp4");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=360x640:rate=30", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-an", file]);
  return readFileSync(file);
}

test.describe("on a 1440x900 desktop", () => {
  test.use({ viewport: DESKTOP });

  test("a post's like and comment bar is on screen beside a tall video", async ({ browser }) => {
    test.setTimeout(180_000);
    const owner = await member(browser, "tall");
    const { page } = owner;
    await page.setViewportSize(DESKTOP);
    const created = await page.request.post("/api/posts", {
      multipart: { story: "Upright clip of the cold start", media: { name: "upright.mp4", mimeType: "video/mp4", buffer: tallClip() } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { post } = (await created.json()) as { post: { id: number } };
    await expect.poll(async () => ((await (await page.request.get(`/api/posts/${post.id}`)).json()).post.photos as unknown[]).length, { timeout: 90_000 }).toBe(1);

    await page.goto(postPath(post.id));
    const video = page.locator(".post-page__post video").first();
    await expect(video).toBeVisible();
    const like = page.locator(".post-page__post").getByRole("button", { name: /^Like/ }).first();
    await expect(like).toBeVisible();
    await expect(like).toBeInViewport({ ratio: 1 });
    const [bar, media] = await Promise.all([like.boundingBox(), video.boundingBox()]);
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(DESKTOP.height);
    // The video is on screen too, and still taller than wide.
    expect(media!.y).toBeLessThan(DESKTOP.height / 2);
    await page.context().close();
  });
});
