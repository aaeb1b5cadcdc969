// Everything JavaScript opens has a server-rendered fallback: the menu (burger), the theme
// form, Version Changes, the share page with the embed code, the likes page, and Cancel in
// a delete confirmation. Each is used here with JavaScript off.
import { expect, test, type Page } from "./fixtures";
import { DEMO, signInViaApi, signUpViaApi } from "../support/browser";
import { postLikesPath, postPath } from "~/lib/paths";

test.use({ javaScriptEnabled: false });

async function firstPostId(page: Page): Promise<number> {
  const feed = (await (await page.request.get("/api/feed?limit=1")).json()) as { posts: { id: number }[] };
  expect(feed.posts[0]?.id).toBeGreaterThan(0);
  return feed.posts[0].id;
}

test("the burger leads to the menu page, whose links work", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/events");
  await page.getByRole("banner").getByRole("link", { name: "Menu", exact: true }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page).toHaveTitle(/^Menu · /);
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.goto("/menu");
  await main.getByRole("link", { name: "My Cars" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-cars$/);
});

test("the theme form sets dark and comes back to the page", async ({ page }) => {
  await page.goto("/menu");
  await expect(page.locator("html")).toHaveAttribute("data-theme-mode", "system");
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: "Dark" }).check();
  await main.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.locator("html")).toHaveAttribute("data-theme-mode", "dark");
  await expect(main.getByRole("radio", { name: "Dark" })).toBeChecked();
  await page.goto("/events");
  await expect(page.locator("html")).toHaveAttribute("data-theme-mode", "dark");
});

test("Version Changes is a page with the changelog and a feedback form that posts", async ({ page }) => {
  await page.goto("/menu");
  await page.getByRole("main").getByRole("link", { name: "Version Changes" }).click();
  await expect(page).toHaveURL(/\/version-changes$/);
  await expect(page).toHaveTitle(/^Version Changes · /);
  await expect(page.getByRole("heading", { name: "What's new" })).toBeVisible();
  await expect(page.getByTestId("current-build")).toHaveText(/^\d+$/);
  await page.getByLabel("Send feedback").fill("Works without scripts too");
  await page.getByRole("button", { name: "Send Feedback" }).click();
  await expect(page).toHaveURL(/\/version-changes$/);
  await expect(page.getByText("Thank you for your feedback!")).toBeVisible();
});

test("the share link leads to the share page with the post link and the embed code", async ({ page }) => {
  const postId = await firstPostId(page);
  await page.goto(postPath(postId));
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Share/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${postPath(postId)}/share$`));
  await expect(page).toHaveTitle(/^Share post · /);
  await expect(page.getByTestId("share-link")).toHaveValue(new RegExp(`^https?://[^/]+/post/${postId}$`));
  const code = await page.getByTestId("share-embed").inputValue();
  // The same frame, sized to the post, as the oEmbed answer and the share dialog give.
  const origin = new URL(page.url()).origin;
  const oembed = await (await page.request.get(`/oembed?url=${encodeURIComponent(`${origin}/post/${postId}`)}&format=json`)).json();
  expect(code).toContain(`<iframe src="${origin}/embed/post/${postId}" width="${oembed.width}" height="${oembed.height}"`);
  await page.getByRole("link", { name: "Back to the post" }).click();
  await expect(page).toHaveURL(new RegExp(`${postPath(postId)}$`));
  expect((await page.request.get("/post/999999999/share")).status()).toBe(404);
});

test("the likes page lists who liked; visitors are asked to sign in first", async ({ page, request }) => {
  const postId = await firstPostId(page);
  await page.goto(postLikesPath(postId));
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fpost%2F${postId}%2Flikes$`));

  const liker = await signUpViaApi(request, "liker");
  await signInViaApi(page, liker);
  const liked = await page.request.post(`/api/posts/${postId}/like`, { data: { type: "like" } });
  expect(liked.status()).toBe(200);
  await page.goto(postPath(postId));
  await page
    .getByRole("main")
    .getByRole("link", { name: /^\d+ likes?: see who$/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${postLikesPath(postId)}$`));
  await expect(page).toHaveTitle(/^Likes · /);
  const likes = page.getByRole("region", { name: /^Likes \(\d+\)$/ });
  await expect(likes.getByRole("link", { name: new RegExp(`@${liker.username}`) })).toBeVisible();
});

test("Cancel in a delete confirmation closes it and deletes nothing", async ({ page }) => {
  await signInViaApi(page, DEMO.member);
  await page.goto("/my-cars");
  const main = page.getByRole("main");
  const carsBefore = await main.locator("details.confirm-delete").count();
  expect(carsBefore).toBeGreaterThan(0);
  const confirm = main.locator("details.confirm-delete").first();
  await confirm.locator("summary").click();
  await expect(confirm.getByRole("button", { name: "Yes, delete" })).toBeVisible();
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/my-cars$/);
  await expect(main.locator("details.confirm-delete").first().getByRole("button", { name: "Yes, delete" })).toBeHidden();
  await expect(main.locator("details.confirm-delete")).toHaveCount(carsBefore);
});
