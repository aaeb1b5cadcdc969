// /post/{id}: the server-rendered page with its comments and the tags that make a shared
// link unfurl (checked with JavaScript off), the friendly 404, and deleting your own post.
import { expect, test } from "./fixtures";
import { signUpViaApi } from "../support/browser";
import { postPath } from "~/lib/paths";

test("with JavaScript off the post page shows the post, its comments and Open Graph tags", async ({ browser, request }) => {
  // The newest seeded post with photos and comments.
  const feed = await (await request.get("/api/feed?limit=50")).json();
  const post = feed.posts.find(
    (candidate: { photos: unknown[]; counts: { comments: number }; story: string }) => candidate.photos.length > 0 && candidate.counts.comments > 0 && candidate.story,
  );
  expect(post, "a seeded post with photos and comments").toBeTruthy();
  const comments = await (await request.get(`/api/posts/${post.id}/comments`)).json();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(postPath(post.id));
  expect(response?.status()).toBe(200);

  const card = page.getByTestId("post-card");
  await expect(card.getByRole("heading", { name: `@${post.creator.username}` })).toBeVisible();
  await expect(card).toContainText(post.story.split("\n")[0].slice(0, 40));
  const comments_ = page.locator(".post-page__panel--comments");
  await expect(comments_.getByRole("heading", { name: "Comments" })).toBeVisible();
  await expect(comments_).toContainText(comments.comments[0].content.slice(0, 30));
  // Images come through <noscript> without JavaScript.
  await expect(card.locator("img").first()).toBeVisible();

  const origin = new URL(page.url()).origin;
  const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute("content");
  const title = `@${post.creator.username} on Car Social: `;
  expect(await page.title()).toContain(title);
  expect(await meta('property="og:title"')).toContain(title);
  expect(await meta('property="og:url"')).toBe(`${origin}/post/${post.id}`);
  expect(await meta('property="og:image"')).toMatch(new RegExp(`^${origin}/og-image/.+-w1080\\.jpg$`));
  expect((await meta('property="og:description"'))!.length).toBeLessThanOrEqual(160);
  expect(await meta('name="description"')).toBe(await meta('property="og:description"'));
  expect(await meta('name="twitter:card"')).toBe("summary_large_image");
  expect(await meta('name="twitter:image"')).toBe(await meta('property="og:image"'));

  // The og:image is a real JPEG, which scrapers that do not read WebP can show.
  const image = await page.request.get((await meta('property="og:image"'))!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  await context.close();
});

test("a missing post is a friendly 404", async ({ page }) => {
  const response = await page.goto("/post/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
  await expect(page.getByText("This post doesn't exist or is no longer available.")).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL("/");
});

test("the creator deletes a post from its page after confirming", async ({ page }) => {
  await signUpViaApi(page.request, "deleter");
  const created = await page.request.post("/api/posts", { data: { story: "Short-lived post" } });
  const { post } = await created.json();

  await page.goto(postPath(post.id));
  await expect(page.getByTestId("post-card").getByText("Short-lived post")).toBeVisible();
  await expect(page.getByTestId("post-card").getByText("Text Post")).toBeVisible();
  await page.getByLabel("More options").click();
  await page.getByText("Delete post").click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Post deleted")).toBeVisible();
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
});

test("without JavaScript the delete form works too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page.request, "nojsdel");
  const { post } = await (await page.request.post("/api/posts", { data: { story: "Delete me without scripts" } })).json();
  await page.goto(postPath(post.id));
  await page.getByLabel("More options").click();
  await page.getByText("Delete post").click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL("/");
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
  await context.close();
});
