// The Admin Area (issue 6): a member's report reaches the moderation queue, where an
// administrator dismisses it, removes the content or suspends its author; the log shows
// who did what; the members tab toggles the administrator role; accounts named in
// ADMIN_EMAILS are shown as such.
import { expect, test, type Browser, type Page } from "./fixtures";
import { signInAsAdmin, signUpViaApi, type TestUser } from "../support/browser";

const DESKTOP = { width: 1280, height: 800 };

test.use({ viewport: DESKTOP });

/** Signs the page in as the demo administrator (verified, and listed in the test server's ADMIN_EMAILS). */
/** A fresh member with a post of their own, and another member who reports it. */
async function reportedPost(browser: Browser, story: string, reason = "spam", details?: string) {
  const authorContext = await browser.newContext();
  const author = await signUpViaApi(authorContext.request, "author");
  const created = await authorContext.request.post("/api/posts", { data: { story } });
  expect(created.status(), await created.text()).toBe(201);
  const postId: number = (await created.json()).post.id;

  const reporterContext = await browser.newContext();
  await signUpViaApi(reporterContext.request, "reporter");
  const flag = await reporterContext.request.post("/api/flags/create", {
    data: { contentType: "post", contentId: postId, reason, details },
  });
  expect(flag.status(), await flag.text()).toBe(201);
  await reporterContext.close();
  return { author, authorRequest: authorContext.request, postId, close: () => authorContext.close() };
}

const queueItem = (page: Page, postId: number) => page.locator(`[data-testid="queue-item"][data-content="post-${postId}"]`);

async function logEntry(page: Page, text: string | RegExp) {
  await page.getByRole("navigation", { name: "Admin Area sections" }).getByRole("link", { name: /Log/ }).click();
  await expect(page).toHaveURL(/tab=log/);
  return page.getByTestId("moderation-log").getByRole("listitem").filter({ hasText: text });
}

test("a report is dismissed in the queue, and the log says who did it", async ({ browser, page }) => {
  const story = `Selling my spare wheels, DM me ${Date.now()}`;
  const reported = await reportedPost(browser, story, "spam", "Looks like an advert");
  await signInAsAdmin(page);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Area" })).toBeVisible();
  const item = queueItem(page, reported.postId);
  await expect(item).toContainText(story);
  await expect(item).toContainText("1 report");
  await expect(item).toContainText("Spam");
  await expect(item).toContainText("“Looks like an advert”");
  await expect(item).toContainText(`@${reported.author.username}`);

  await item.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Reports dismissed").first()).toBeVisible();
  await expect(item).toHaveCount(0);

  // The content stays.
  expect((await page.request.get(`/api/posts/${reported.postId}`)).status()).toBe(200);
  const entry = await logEntry(page, `dismissed the reports on post #${reported.postId}`);
  await expect(entry).toContainText("@admin");
  await reported.close();
});

test("removing reported content asks first, deletes it and is logged with the note", async ({ browser, page }) => {
  const story = `Totally not a scam ${Date.now()}`;
  const reported = await reportedPost(browser, story, "misinformation");
  await signInAsAdmin(page);
  await page.goto("/admin?tab=queue");
  const item = queueItem(page, reported.postId);
  await expect(item).toBeVisible();

  await item.locator("summary", { hasText: "Remove post" }).click();
  await expect(item.getByText("Remove this post for everyone? This can't be undone.")).toBeVisible();
  await item.getByRole("textbox", { name: "Note for the log (optional)" }).fill("Scam link");
  await item.getByRole("button", { name: "Remove post" }).click();
  await expect(item).toHaveCount(0);
  expect((await page.request.get(`/api/posts/${reported.postId}`)).status()).toBe(404);

  const entry = await logEntry(page, `removed post #${reported.postId} by @${reported.author.username}`);
  await expect(entry).toContainText("“Scam link”");
  await reported.close();
});

test("suspending the author signs them out and keeps them out", async ({ browser, page }) => {
  const reported = await reportedPost(browser, `Rude words here ${Date.now()}`, "inappropriate");
  await signInAsAdmin(page);
  await page.goto("/admin");
  const item = queueItem(page, reported.postId);
  await item.locator("summary", { hasText: "Suspend author" }).click();
  await item.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(page.getByText("Author suspended").first()).toBeVisible();
  await expect(item.getByText("Suspended", { exact: true })).toBeVisible();

  // Their session is gone and they cannot sign in again.
  expect((await reported.authorRequest.get("/api/messages")).status()).toBe(401);
  const login = await reported.authorRequest.post("/api/auth/login", { data: { email: reported.author.email, password: reported.author.password } });
  expect(login.status()).toBe(403);

  // The members tab can lift it.
  await page.goto(`/admin?tab=users&q=${reported.author.username}`);
  const row = page.locator(`[data-testid="admin-user"][data-username="${reported.author.username}"]`);
  await expect(row).toContainText("Suspended");
  await row.getByRole("button", { name: "Lift suspension" }).click();
  await expect(row.getByText("Suspended", { exact: true })).toHaveCount(0);
  const again = await reported.authorRequest.post("/api/auth/login", { data: { email: reported.author.email, password: reported.author.password } });
  expect(again.status()).toBe(200);
  await reported.close();
});

test("members: search, administrator role toggle, ADMIN_EMAILS accounts marked", async ({ page, browser }) => {
  const context = await browser.newContext();
  const member: TestUser = await signUpViaApi(context.request, "promote");
  await signInAsAdmin(page);

  await page.goto("/admin?tab=users");
  await page.getByRole("searchbox", { name: "Search members" }).fill(member.username);
  await page.getByRole("searchbox", { name: "Search members" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`tab=users&q=${member.username}`));
  const row = page.locator(`[data-testid="admin-user"][data-username="${member.username}"]`);
  await expect(row).toContainText("Member");
  await row.getByRole("button", { name: "Make administrator" }).click();
  await expect(row).toContainText("Administrator");
  expect((await context.request.get("/admin")).status()).toBe(200);
  await row.getByRole("button", { name: "Remove administrator" }).click();
  await expect(row.getByText("Member", { exact: true })).toBeVisible();
  expect((await context.request.get("/admin")).status()).toBe(403);

  await page.goto("/admin?tab=users&q=admin@example.com");
  const me = page.locator('[data-testid="admin-user"][data-username="admin"]');
  await expect(me).toContainText("Administrator (set by ADMIN_EMAILS)");
  // Only because it is the administrator's own account.
  await expect(me.getByRole("button", { name: "Remove administrator" })).toBeDisabled();
  await context.close();
});

test("tabs: feedback with the average rating, events management, and the log", async ({ page, request }) => {
  const sent = await request.post("/api/feedback/submit", { data: { build_number: 3081, feedback_text: `Love the events page ${Date.now()}`, rating: 5 } });
  expect(sent.ok()).toBe(true);
  await signInAsAdmin(page);
  await page.goto("/admin?tab=feedback");
  await expect(page.getByTestId("feedback-summary")).toContainText("out of 5");
  await expect(page.getByText(/Love the events page/).first()).toBeVisible();

  await page
    .getByRole("navigation", { name: "Admin Area sections" })
    .getByRole("link", { name: /Events/ })
    .click();
  await expect(page.getByRole("heading", { name: "New event" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Track Day at Thunder Valley Raceway" })).toBeVisible();
});

test("without JavaScript a decision is a plain form that comes back with a toast", async ({ browser }) => {
  const reported = await reportedPost(browser, `No-JS report ${Date.now()}`);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto("/admin");
  const item = queueItem(page, reported.postId);
  await item.getByRole("button", { name: "Dismiss" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=queue$/);
  await expect(page.getByText("Reports dismissed")).toBeVisible();
  await expect(queueItem(page, reported.postId)).toHaveCount(0);
  await context.close();
  await reported.close();
});
