// Events (issue 6): search as you type (and the same GET form without JavaScript), the
// event page with "I'm going" and a car picker, and administrators creating, editing and
// deleting events.
import { expect, test, type Page } from "./fixtures";
import { signInAsAdmin, signUpViaApi } from "../support/browser";

const DESKTOP = { width: 1280, height: 800 };

/** Signs the page in as the demo administrator (verified, and listed in the test server's ADMIN_EMAILS). */
const names = (page: Page, testId: string) => page.getByTestId(testId).locator(".event-card__name");

test.use({ viewport: DESKTOP });

test("typing in the search box filters the events after a pause", async ({ page }) => {
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(names(page, "upcoming-events")).toContainText(["Track Day at Thunder Valley Raceway"]);
  await expect(names(page, "past-events")).toContainText(["Cars & Coffee at the Harbour"]);

  const box = page.getByRole("searchbox", { name: "Search events" });
  await box.pressSequentially("harbour", { delay: 30 });
  await expect(page).toHaveURL(/\/events\?q=harbour$/);
  await expect(page.getByRole("status")).toContainText("1 event for “harbour”");
  await expect(names(page, "past-events")).toHaveText(["Cars & Coffee at the Harbour"]);
  await expect(page.getByText("Track Day at Thunder Valley Raceway")).toHaveCount(0);
  await expect(box).toBeFocused();

  // A place matches too; several words must all match.
  await box.fill("thunder pit");
  await expect(page).toHaveURL(/\/events\?q=thunder\+pit$/);
  await expect(names(page, "upcoming-events")).toHaveText(["Track Day at Thunder Valley Raceway"]);

  await box.fill("no such meet anywhere");
  await expect(page.getByRole("heading", { name: "No events found" })).toBeVisible();
  await page.getByRole("link", { name: "Show all events" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(names(page, "upcoming-events").first()).toBeVisible();
});

test("without JavaScript the search is a plain GET form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto("/events");
  await page.getByRole("searchbox", { name: "Search events" }).fill("rally");
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/events\?q=rally$/);
  await expect(names(page, "upcoming-events")).toHaveText(["Winter Rally Sprint"]);
  await expect(page.getByTestId("past-events")).toHaveCount(0);

  // Odd input is only text.
  const odd = await page.goto(`/events?q=${encodeURIComponent("%_\\'\" 🏁")}`);
  expect(odd?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "No events found" })).toBeVisible();
  await context.close();
});

test("a member says they're going with one of their cars, and changes their mind", async ({ page }) => {
  await signUpViaApi(page.request, "goer");
  const car = await page.request.post("/api/cars", { data: { make: "Toyota", model: "GR86", year: 2023, nickname: "Blue Streak" } });
  expect(car.status()).toBe(201);

  await page.goto("/events");
  await page
    .getByTestId("upcoming-events")
    .getByRole("link", { name: /Euro Sunday/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Euro Sunday" })).toBeVisible();
  await expect(page).toHaveTitle(/Euro Sunday/);
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description).toContain("Old Mill Courtyard");

  const count = page.getByTestId("going-count");
  const before = Number((await count.textContent())!.match(/\d+/)![0]);
  await page.getByLabel("Bringing a car?").selectOption({ label: "Blue Streak (2023 Toyota GR86)" });
  await page.getByRole("button", { name: "I'm going" }).click();
  await expect(count).toHaveText(`${before + 1} going`);
  await expect(page.getByRole("status").filter({ hasText: "You're going" })).toContainText("with Blue Streak");
  const mine = page.getByTestId("attendee").filter({ hasText: "Blue Streak" });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole("link", { name: "Blue Streak showcase" })).toHaveAttribute("href", /\/showcase\/\d+$/);

  // After a reload the server agrees.
  await page.reload();
  await expect(count).toHaveText(`${before + 1} going`);

  await page.getByRole("button", { name: "Can't make it" }).click();
  await expect(count).toHaveText(`${before} going`);
  await expect(page.getByTestId("attendee").filter({ hasText: "Blue Streak" })).toHaveCount(0);
});

test("a visitor is asked to sign in to go", async ({ page }) => {
  await page.goto("/events");
  await page.getByTestId("upcoming-events").getByRole("link").first().click();
  await page.getByRole("link", { name: "Sign in to say you're going" }).click();
  await expect(page.getByRole("dialog").filter({ hasText: "Sign In" })).toBeVisible();
});

test("an administrator creates, edits and deletes an event", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/events");
  await page.getByRole("button", { name: "New event" }).click();
  const dialog = page.getByRole("dialog", { name: "New event" });
  const name = `E2E Meet ${Date.now()}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Date and time").fill("2031-06-14T18:30");
  await dialog.getByLabel("Place").fill("Test Track Car Park");
  await dialog.getByLabel("Description").fill("Evening meet for the browser tests.");
  await dialog.getByRole("button", { name: "Create event" }).click();

  await expect(page).toHaveURL(/\/events\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Test Track Car Park")).toBeVisible();
  await expect(page.getByText("6:30 PM")).toBeVisible();

  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit event" });
  await expect(edit.getByLabel("Date and time")).toHaveValue("2031-06-14T18:30");
  await edit.getByLabel("Name").fill(`${name} (moved)`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${name} (moved)` })).toBeVisible();
  await expect(edit).toHaveCount(0);

  await page.getByRole("group", { name: "Administrator tools" }).getByText("Delete", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText(`${name} (moved)`)).toHaveCount(0);
});

test("members don't get the administrators' tools", async ({ page }) => {
  await signUpViaApi(page.request, "plain");
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New event" })).toHaveCount(0);
  const denied = await page.request.post("/api/events", { data: { name: "Sneaky", date_time: "2031-01-01T10:00:00Z" } });
  expect(denied.status()).toBe(403);
});
