// Editing a post in the browser: its author opens Edit post from the post's menu, moves the
// second photo to the front, describes it, rewrites the story and saves; the post shows the
// new story, "edited", and the description as the photo's alt text, there and on the
// author's profile grid.
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { member } from "../support/browser";
import { postEditPath, postPath, userPath } from "~/lib/paths";

test.describe.configure({ timeout: 120_000 });

async function png(hue: number): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 360, channels: 3, background: `hsl(${hue}, 70%, 45%)` } })
    .png()
    .toBuffer();
}

test("the author reorders, describes and rewrites a post from its edit form", async ({ browser }) => {
  const { page, user } = await member(browser, "editor");
  const created = await page.request.post("/api/posts", {
    multipart: {
      story: "First draft of the story",
      "media.1": { name: "red.png", mimeType: "image/png", buffer: await png(0) },
      "media.2": { name: "blue.png", mimeType: "image/png", buffer: await png(220) },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { post } = (await created.json()) as { post: { id: number } };
  // The photos are stored by the background jobs.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/posts/${post.id}`)).json()) as { post: { status: string } }).post.status, { timeout: 60_000 })
    .toBe("ready");
  const { post: before } = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as { post: { photos: Array<{ id: number }> } };
  const [first, second] = before.photos;

  await page.goto(postPath(post.id));
  await page.getByLabel("More options").first().click();
  await page.getByTestId("edit-post").click();
  await expect(page).toHaveURL(new RegExp(`${postEditPath(post.id)}$`));

  const form = page.getByTestId("post-edit-form");
  await form.getByLabel("Story").fill("Second draft, with the blue one first");
  const items = form.getByTestId("post-edit-medium");
  await expect(items).toHaveCount(2);
  // Move the second photo up: the numbers follow.
  await items.nth(1).getByRole("button", { name: "Move up" }).click();
  await expect(items.first()).toHaveAttribute("data-medium-id", String(second.id));
  await expect(form.locator(`input[name="position.${second.id}"]`)).toHaveValue("1");
  await expect(form.locator(`input[name="position.${first.id}"]`)).toHaveValue("2");
  await form.locator(`textarea[name="alt.${second.id}"]`).fill("A blue test card, square and bright");
  await form.getByRole("button", { name: "Save changes" }).click();

  await expect(page).toHaveURL(new RegExp(`${postPath(post.id)}$`));
  const card = page.getByTestId("post-card");
  await expect(card).toContainText("Second draft, with the blue one first");
  await expect(card.getByTestId("post-edited")).toContainText("edited");
  await expect(card.locator("img.media-tile__img").first()).toHaveAttribute("alt", "A blue test card, square and bright");

  // The profile grid's tile names the post by its story and the picture by its description.
  await page.goto(userPath(user.username));
  await expect(page.getByTestId("post-grid").getByRole("link", { name: "Second draft, with the blue one first: A blue test card, square and bright" })).toBeVisible();
});
