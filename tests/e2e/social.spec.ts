// Likes, comments, comment likes and reports on the post page, in the browser: once with
// JavaScript (optimistic updates, the likes list, the Report Content modal) and once
// without it where the feature has a form.
import { expect, test, type Page } from "./fixtures";
import { member } from "../support/browser";
import { postLikesPath, postPath } from "~/lib/paths";

// Several browser contexts per test, and two 2-second closes in the report test.
test.describe.configure({ timeout: 90_000 });

/** A story-only post by the signed-in user of `page`. */
async function makePost(page: Page, story: string): Promise<number> {
  const response = await page.request.post("/api/posts", { data: { story } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).post.id;
}

function commentItem(page: Page, text: string) {
  return page.locator("li.comment", { has: page.getByText(text, { exact: true }) }).last();
}

test("like, then dislike, then the likes list, with JavaScript", async ({ browser, pageErrors }) => {
  // A failing like is faked on purpose below; the browser reports it.
  pageErrors.allow(/^Failed to load resource: the server responded with a status of 500/);
  // Remix reports the empty 500 it cannot decode before the route's clientAction answers it.
  pageErrors.allow(/^SyntaxError/);
  const owner = await member(browser, "likeowner");
  const fan = await member(browser, "likefan");
  const postId = await makePost(owner.page, "Fresh wrap on the Supra");

  const page = fan.page;
  // The reactions the server answered, by the type each asked for.
  const answered: string[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (request.method() === "POST" && response.url().includes(`/api/posts/${postId}/like`)) answered.push(request.postData() ?? "");
  });
  await page.goto(postPath(postId));
  const like = page.getByRole("button", { name: "Like", exact: true });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(page.getByRole("button", { name: "Remove like" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("likes-count")).toHaveText("1");

  await page.getByRole("button", { name: "Dislike", exact: true }).click();
  await expect(page.getByTestId("likes-count")).toHaveText("0");
  await expect(page.getByTestId("dislikes-count")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Remove dislike" })).toHaveAttribute("aria-pressed", "true");

  // The server agrees after a reload, once it has answered the dislike (a press made while the
  // like was on its way is sent after the like's answer).
  await expect.poll(() => answered.some((body) => body.includes("dislike"))).toBe(true);
  await page.reload();
  await expect(page.getByTestId("dislikes-count")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");

  // Who disliked it: the list popover names the fan. The counts are links to the likes page,
  // and stay links while the list is open.
  await expect(page.locator(`a[href="/post/${postId}/likes"]`).getByTestId("likes-count")).toHaveText("0");
  const dislikes = page.getByRole("button", { name: "1 dislike: see who" });
  await dislikes.click();
  await expect(page.getByRole("tab", { name: /Dislikes/ })).toHaveAttribute("aria-selected", "true");
  await expect(dislikes).toHaveAttribute("aria-expanded", "true");
  await expect(dislikes).toHaveAttribute("href", `${postLikesPath(postId)}#dislikes-title`);
  await expect(page.locator(`a[href="/post/${postId}/likes"]`).getByTestId("likes-count")).toHaveText("0");
  await expect(page.getByRole("link", { name: new RegExp(`@${fan.user.username}`) })).toBeVisible();
  // Its rules came with its code: the list is a laid-out card, not plain blocks.
  await expect(page.getByRole("dialog", { name: "Likes and dislikes" })).toHaveCSS("display", "flex");
  await page.keyboard.press("Escape");

  // A failed call reverts the optimistic change.
  await page.route(`**/api/posts/${postId}/like.data`, (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("button", { name: "Like", exact: true }).click();
  await expect(page.getByTestId("likes-count")).toHaveText("0");
  await expect(page.getByTestId("dislikes-count")).toHaveText("1");
});

test("visitors pressing like get the login modal", async ({ browser }) => {
  const owner = await member(browser, "visitowner");
  const postId = await makePost(owner.page, "Visitors welcome");
  const page = await (await browser.newContext()).newPage();
  await page.goto(postPath(postId));
  await page.getByRole("button", { name: "Like", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByTestId("likes-count")).toHaveText("0");
});

test("a comment, a reply and a comment like, with JavaScript", async ({ browser, pageErrors }) => {
  // A failing comment is faked on purpose below; the browser reports it.
  pageErrors.allow(/^Failed to load resource: the server responded with a status of 500/);
  const owner = await member(browser, "cmtowner");
  const fan = await member(browser, "cmtfan");
  const postId = await makePost(owner.page, "Track day at Spa");
  const page = fan.page;
  await page.goto(postPath(postId));

  const box = page.getByLabel("Write a comment");
  const post = page.getByRole("button", { name: "Post", exact: true });
  await expect(post).toBeDisabled();
  await box.fill("   ");
  await expect(post).toBeDisabled();
  await box.fill("What tyres were you running?");
  await post.click();
  const comment = commentItem(page, "What tyres were you running?");
  await expect(comment).toBeVisible();
  await expect(comment).toHaveAttribute("id", /^comment-\d+$/);
  await expect(box).toHaveValue("");

  await comment.getByRole("link", { name: "Reply" }).click();
  await page.getByLabel("Write a reply").fill("Cup 2s, all day");
  await page.getByRole("button", { name: "Reply", exact: true }).click();
  const reply = commentItem(page, "Cup 2s, all day");
  await expect(reply).toBeVisible();
  await expect(page.getByLabel("Write a reply")).toHaveCount(0);

  // The button turns at once; the reload waits for the server's answer.
  const liked = page.waitForResponse((response) => /\/api\/comments\/\d+\/like/.test(response.url()) && response.request().method() === "POST");
  await reply.getByRole("button", { name: /^Like comment/ }).click();
  await expect(reply.getByRole("button", { name: "Unlike comment (1 like)" })).toBeVisible();
  expect((await liked).ok()).toBe(true);

  await page.reload();
  const again = commentItem(page, "Cup 2s, all day");
  await expect(again.getByRole("button", { name: "Unlike comment (1 like)" })).toBeVisible();
  // The reply sits under its comment.
  await expect(commentItem(page, "What tyres were you running?").getByText("Cup 2s, all day")).toBeVisible();

  // A failed post removes the temporary comment.
  await page.route("**/api/comments.data", (route) => route.abort("failed"));
  await page.getByLabel("Write a comment").fill("This one fails");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Your comment could not be posted. Please try again.")).toBeVisible();
  await expect(page.locator("li.comment", { hasText: "This one fails" })).toHaveCount(0);
});

test("a report, then the same report again, counts as success and closes after 2 s", async ({ browser }) => {
  const owner = await member(browser, "flagowner");
  const reporter = await member(browser, "flagger");
  const postId = await makePost(owner.page, "Definitely a Ferrari");
  const page = reporter.page;
  await page.goto(postPath(postId));

  for (let round = 0; round < 2; round++) {
    // Reporting a post lives in the post's "More options" menu (still open after the first round).
    const reportItem = page.getByRole("button", { name: "Report post" }).first();
    if (!(await reportItem.isVisible())) await page.getByLabel("More options").first().click();
    await reportItem.click();
    const dialog = page.getByRole("dialog", { name: "Report Content" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Submit Report" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please select a reason for flagging this content");
    await dialog.getByLabel("Wrong car depicted").check();
    await dialog.getByLabel(/Details/).fill("It is a Toyota MR2");
    await dialog.getByRole("button", { name: "Submit Report" }).click();
    await expect(dialog.getByRole("status")).toContainText("Thank you");
    await expect(dialog).toBeHidden({ timeout: 4000 });
  }
  const count = await page.request.get(`/api/flags/count?contentType=post&contentId=${postId}`);
  expect(await count.json()).toEqual({ count: 1 });
});

test("a report without JavaScript: the post's menu leads to the report page, which comes back with thanks", async ({ browser }) => {
  const owner = await member(browser, "nojsflagowner");
  const reporter = await member(browser, "nojsflagger", false);
  const postId = await makePost(owner.page, "Surely a Lamborghini");
  const page = reporter.page;
  await page.goto(postPath(postId));

  await page.getByLabel("More options").first().click();
  await page.getByRole("link", { name: "Report post" }).click();
  await expect(page).toHaveURL(`/report/post/${postId}?redirectTo=${encodeURIComponent(postPath(postId))}`);
  await expect(page.getByRole("heading", { level: 1, name: "Report Content" })).toBeVisible();
  await page.getByLabel("Spam").check();
  await page.getByRole("button", { name: "Submit Report" }).click();
  await expect(page).toHaveURL(new RegExp(`${postPath(postId)}$`));
  await expect(page.getByRole("status").filter({ hasText: "Thank you. Your report has been sent to our moderators." })).toBeVisible();
  const count = await page.request.get(`/api/flags/count?contentType=post&contentId=${postId}`);
  expect(await count.json()).toEqual({ count: 1 });

  // The page needs a signed-in member, and a broken address is a 404.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(`/report/post/${postId}`);
  await expect(visitor).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/report/post/${postId}`)}$`));
  expect((await page.request.get("/report/recipe/1")).status()).toBe(404);
  // A way back that leaves the site (or hides a tab) is replaced by the post itself.
  for (const back of ["//evil.example/", "https://evil.example/", "/\tevil.example"]) {
    const html = await (await page.request.get(`/report/post/${postId}?redirectTo=${encodeURIComponent(back)}`)).text();
    expect(html).toContain(`name="redirectTo" value="${postPath(postId)}"`);
  }
  expect((await page.request.get("/report/post/abc")).status()).toBe(404);
});

test("like, dislike, comment, reply and comment like without JavaScript", async ({ browser }) => {
  const owner = await member(browser, "nojsowner");
  const fan = await member(browser, "nojsfan", false);
  const postId = await makePost(owner.page, "No scripts needed");
  const page = fan.page;
  await page.goto(postPath(postId));

  await page.getByRole("button", { name: "Like", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${postPath(postId)}$`));
  await expect(page.getByTestId("likes-count")).toHaveText("1");
  await page.getByRole("button", { name: "Dislike", exact: true }).click();
  await expect(page.getByTestId("likes-count")).toHaveText("0");
  await expect(page.getByTestId("dislikes-count")).toHaveText("1");

  await page.getByLabel("Write a comment").fill("Posted with a plain form");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(/#comment-\d+$/);
  const comment = commentItem(page, "Posted with a plain form");
  await expect(comment).toBeVisible();

  await comment.getByRole("link", { name: "Reply" }).click();
  await expect(page).toHaveURL(/replyTo=\d+/);
  await page.getByLabel("Write a reply").fill("And a plain reply");
  await page.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(page).not.toHaveURL(/replyTo=/);
  const reply = commentItem(page, "And a plain reply");
  await expect(reply).toBeVisible();

  await reply.getByRole("button", { name: /^Like comment/ }).click();
  await expect(commentItem(page, "And a plain reply").getByRole("button", { name: "Unlike comment (1 like)" })).toBeVisible();

  // Visitors without JavaScript are sent to the Sign In page.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(postPath(postId));
  await visitor.getByRole("button", { name: "Like", exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(postPath(postId))}$`));
});
