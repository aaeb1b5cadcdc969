// Messages (issue 6): two people see each other's messages live, without reloading; the
// composer works without JavaScript; the Message button's ?to= opens the conversation;
// blocking closes the composer; older messages load on demand; unknown people get a 404.
import { expect, test, type Browser, type BrowserContext, type Page } from "./fixtures";
import { signUpViaApi, type TestUser } from "../support/browser";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function member(browser: Browser, prefix: string, options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, javaScriptEnabled: options.javaScriptEnabled ?? true });
  const page = await context.newPage();
  const user = await signUpViaApi(page.request, prefix);
  return { context, page, user };
}

/** Marks the window so a test can tell that the page never reloaded. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}

async function stillSameWindow(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const messageList = (page: Page) => page.getByRole("log", { name: "Messages" });
const conversations = (page: Page) => page.getByRole("list", { name: "Conversations" });

/** Opens a page and waits until its live stream (/api/stream) is connected. */
async function gotoLive(page: Page, url: string) {
  const stream = page.waitForResponse((response) => response.url().includes("/api/stream"), { timeout: 15_000 });
  await page.goto(url);
  await stream;
}

test.describe("live messages between two people", () => {
  let a: { context: BrowserContext; page: Page; user: TestUser };
  let b: { context: BrowserContext; page: Page; user: TestUser };

  test.beforeEach(async ({ browser }) => {
    a = await member(browser, "msga");
    b = await member(browser, "msgb");
  });

  test.afterEach(async () => {
    await a.context.close();
    await b.context.close();
  });

  test("A writes, B sees it arrive without reloading; B answers and A sees that live too", async () => {
    // B waits on the conversation list; A opens the conversation from a Message link.
    await gotoLive(b.page, "/messages");
    await expect(b.page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
    await markWindow(b.page);

    await gotoLive(a.page, `/messages?to=${b.user.username}`);
    await expect(a.page).toHaveURL(new RegExp(`/messages/${b.user.username}$`));
    await expect(a.page.getByText(`Say hi to @${b.user.username}.`)).toBeVisible();
    await markWindow(a.page);

    // Enter sends; the bubble shows at once and becomes the server's message.
    await composer(a.page).fill("Hello from A! Track day on Saturday?");
    await composer(a.page).press("Enter");
    await expect(composer(a.page)).toHaveValue("");
    const sent = messageList(a.page).locator('.msg[data-from="me"]').filter({ hasText: "Hello from A!" });
    await expect(sent).toHaveCount(1);
    await expect(sent).toHaveAttribute("data-message-id", /\d+/);
    await expect(a.page.getByTestId("receipt")).toHaveText(/Sent/);

    // B: the conversation appears at the top of the list with an unread count, and the
    // header badge counts it, all without a reload.
    const row = conversations(b.page).locator(`[data-username="${a.user.username}"]`);
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText("Hello from A!");
    await expect(row.locator(".msg-row__unread")).toHaveText("1");
    await expect(b.page.getByRole("banner").getByTestId("unread-messages")).toContainText("1");
    await stillSameWindow(b.page);

    // B opens it: the message is there, and A sees "Seen".
    await row.getByRole("link").click();
    await expect(b.page).toHaveURL(new RegExp(`/messages/${a.user.username}$`));
    await expect(messageList(b.page).locator('.msg[data-from="them"]').filter({ hasText: "Hello from A!" })).toBeVisible();
    await expect(a.page.getByTestId("receipt")).toHaveText(/Seen/, { timeout: 10_000 });
    await expect(b.page.getByRole("banner").getByTestId("unread-messages")).toHaveCount(0);

    // B answers with two lines (Shift+Enter); A sees it live.
    await composer(b.page).fill("Count me in.");
    await composer(b.page).press("Shift+Enter");
    await composer(b.page).pressSequentially("Bringing the GTI.");
    await expect(composer(b.page)).toHaveValue("Count me in.\nBringing the GTI.");
    await b.page.getByRole("button", { name: "Send" }).click();
    const reply = messageList(a.page).locator('.msg[data-from="them"]').filter({ hasText: "Count me in." });
    await expect(reply).toBeVisible({ timeout: 10_000 });
    await expect(reply).toContainText("Bringing the GTI.");
    await stillSameWindow(a.page);
    await stillSameWindow(b.page);

    // A has the thread open, so the reply is read at once: B sees "Seen".
    await expect(b.page.getByTestId("receipt")).toHaveText(/Seen/, { timeout: 10_000 });

    // Each message exists once on both sides.
    await expect(messageList(a.page).locator(".msg")).toHaveCount(2);
    await expect(messageList(b.page).locator(".msg")).toHaveCount(2);
  });

  test("blocking closes the composer on both sides, unblocking opens it again", async () => {
    await a.page.request.post("/api/messages", { data: { to: b.user.username, content: "Hi there" } });
    await a.page.goto(`/messages/${b.user.username}`);
    await a.page.getByLabel("Conversation options").click();
    await a.page.getByRole("button", { name: `Block @${b.user.username}` }).click();
    await expect(a.page.getByText(`You blocked @${b.user.username}. Unblock them to send messages.`)).toBeVisible();
    await expect(composer(a.page)).toHaveCount(0);

    await b.page.goto(`/messages/${a.user.username}`);
    await expect(b.page.getByText("You can't message this user")).toBeVisible();
    await expect(composer(b.page)).toHaveCount(0);
    const refused = await b.page.request.post("/api/messages", { data: { to: a.user.username, content: "Still there?" } });
    expect(refused.status()).toBe(403);

    await a.page.getByRole("button", { name: `Unblock @${b.user.username}` }).click();
    await expect(composer(a.page)).toBeVisible();
  });
});

test("older messages load on demand, above the newest 50", async ({ browser }) => {
  const a = await member(browser, "msgold");
  const other = await browser.newContext();
  const b = await signUpViaApi(other.request, "msgoldb");
  for (let index = 1; index <= 55; index += 1) {
    const response = await other.request.post("/api/messages", { data: { to: a.user.username, content: `Message number ${index}` } });
    expect(response.status()).toBe(201);
  }
  await a.page.goto(`/messages/${b.username}`);
  const list = messageList(a.page);
  await expect(list.locator(".msg")).toHaveCount(50);
  const numbered = (n: number) => list.locator(".msg__bubble").filter({ hasText: new RegExp(`Message number ${n}$`) });
  await expect(numbered(55)).toBeVisible();
  await expect(numbered(1)).toHaveCount(0);
  await a.page.getByRole("link", { name: "Load older messages" }).click();
  await expect(list.locator(".msg")).toHaveCount(55);
  await expect(numbered(1)).toHaveCount(1);
  await expect(a.page.getByText(/This is the start of your conversation/)).toBeAttached();
  await other.close();
  await a.context.close();
});

test("without JavaScript: the New message box and the composer are plain forms", async ({ browser }) => {
  const a = await member(browser, "msgnojs", { javaScriptEnabled: false, viewport: PHONE });
  const other = await browser.newContext();
  const b = await signUpViaApi(other.request, "msgnojsb");

  await a.page.goto("/messages");
  await a.page.getByLabel("Send a message to (username)").fill("nobody_by_this_name");
  await a.page.getByRole("button", { name: "Start" }).click();
  await expect(a.page.getByRole("alert")).toContainText("User not found");

  await a.page.getByLabel("Send a message to (username)").fill(`@${b.username}`);
  await a.page.getByRole("button", { name: "Start" }).click();
  await expect(a.page).toHaveURL(new RegExp(`/messages/${b.username}$`));

  await composer(a.page).fill("Sent without any JavaScript");
  await a.page.getByRole("button", { name: "Send" }).click();
  await expect(a.page).toHaveURL(new RegExp(`/messages/${b.username}$`));
  await expect(messageList(a.page).getByText("Sent without any JavaScript")).toBeVisible();

  // The other side has it, unread.
  const inbox = await (await other.request.get("/api/messages")).json();
  expect(inbox.conversations[0].user.username).toBe(a.user.username);
  expect(inbox.conversations[0].unread_count).toBe(1);

  // The phone shows the conversation full screen, with a way back to the list.
  await a.page.getByRole("link", { name: "All conversations" }).click();
  await expect(conversations(a.page).getByText("Sent without any JavaScript")).toBeVisible();
  await other.close();
  await a.context.close();
});

test("unknown people get a 404 page inside Messages; your own name goes back to the list", async ({ browser }) => {
  const a = await member(browser, "msg404");
  const response = await a.page.goto("/messages/no_such_person_here");
  expect(response?.status()).toBe(404);
  await expect(a.page.getByRole("heading", { name: "No one by that name" })).toBeVisible();
  await expect(a.page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

  await a.page.goto(`/messages/${a.user.username}`);
  await expect(a.page).toHaveURL(/\/messages$/);
  await a.context.close();
});

test("a visitor is asked to sign in", async ({ page }) => {
  await page.goto("/messages/demo");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmessages%2Fdemo$/);
});
