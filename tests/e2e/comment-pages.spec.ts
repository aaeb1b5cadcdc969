// A busy post's comments a page at a time, at the real server: the post page shows the newest
// threads, and "Show older comments" adds the next page under them with JavaScript, or opens
// it as a page of its own without. A reply to an older comment stays on screen after the page
// reloads its data.
import { expect, test, type Page } from "./fixtures";
import { member } from "../support/browser";
import { addComments } from "../support/e2e-database";
import { postPath } from "~/lib/paths";

/** One page's threads (the server's COMMENTS_PAGE_SIZE) and a few more. */
const PAGE = 20;
const COUNT = PAGE + 4;

/** A post by the signed-in member of `page` with COUNT top-level comments a minute apart, "comment 0" the oldest. */
async function busyPost(page: Page, authorId: number): Promise<number> {
  const response = await page.request.post("/api/posts", { data: { story: "Track day at the Ring" } });
  expect(response.status(), await response.text()).toBe(201);
  const postId: number = (await response.json()).post.id;
  addComments(postId, authorId, COUNT);
  return postId;
}

function comments(page: Page) {
  return page.locator(".comments__list > li.comment");
}

function contents(page: Page) {
  return comments(page).locator(":scope > .comment__main > .comment__bubble > .comment__text").allTextContents();
}

const newest = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `comment ${to - 1 - i}`);

test("without JavaScript, older comments are a page of their own, and a link leads back to the newest", async ({ browser }) => {
  const { user, page } = await member(browser, "pager", false);
  const postId = await busyPost(page, user.id);

  await page.goto(postPath(postId));
  await expect(comments(page)).toHaveCount(PAGE);
  expect(await contents(page)).toEqual(newest(COUNT - PAGE, COUNT));
  await expect(page.getByRole("link", { name: "Newest comments" })).toHaveCount(0);

  await page.getByRole("link", { name: "Show older comments" }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}\\?before=[^#]+#comments$`));
  await expect(comments(page)).toHaveCount(COUNT - PAGE);
  expect(await contents(page)).toEqual(newest(0, COUNT - PAGE));
  await expect(page.getByRole("link", { name: "Show older comments" })).toHaveCount(0);

  // A comment written from an older page shows on the newest page, where it is.
  await page.getByLabel("Write a comment").fill("Brakes held up all day");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}#comment-\\d+$`));
  await expect(comments(page).first()).toContainText("Brakes held up all day");

  await page.goto(`${postPath(postId)}?before=not-a-cursor`);
  await expect(comments(page)).toHaveCount(PAGE);
  await page.context().close();
});

test("with JavaScript, older comments come in under the list, and a reply to one stays after the page reloads", async ({ browser }) => {
  const { user, page } = await member(browser, "scroller");
  const postId = await busyPost(page, user.id);

  await page.goto(postPath(postId));
  await expect(comments(page)).toHaveCount(PAGE);
  await page.getByRole("link", { name: "Show older comments" }).click();
  await expect(comments(page)).toHaveCount(COUNT);
  expect(await contents(page)).toEqual(newest(0, COUNT));
  // Reading goes on at the first older comment, which has the focus.
  await expect(comments(page).nth(PAGE)).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`${postPath(postId)}$`));
  await expect(page.getByRole("link", { name: "Show older comments" })).toHaveCount(0);

  // A reply to the oldest comment: posting it reloads the page's data (the newest page), and
  // the older comments stay, the reply under its comment.
  const oldest = comments(page).last();
  await oldest.getByRole("link", { name: "Reply" }).click();
  await page.getByLabel("Write a reply").fill("Which pads?");
  await page.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(oldest.locator(".comment__replies")).toContainText("Which pads?");
  await expect(page.getByLabel("Write a reply")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await expect(comments(page)).toHaveCount(COUNT);
  await expect(oldest.locator(".comment__replies")).toContainText("Which pads?");

  // A new comment goes on top.
  await page.getByLabel("Write a comment").fill("Lap times?");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(comments(page).first()).toContainText("Lap times?");
  await expect(comments(page)).toHaveCount(COUNT + 1);
  await page.context().close();
});
