// Search (issue 6): the header's quick results (after a 300 ms pause, at most 3 per kind,
// 'Show all' to /search), and the /search page with cars, people, events and posts, which
// works without JavaScript and answers odd input safely.
import { expect, test } from "./fixtures";

const DESKTOP = { width: 1280, height: 800 };

test.use({ viewport: DESKTOP });

test("header search: results after a pause, at most 3 per kind, 'Show all' opens /search", async ({ page }) => {
  await page.goto("/events");
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search cars, people and events" });
  const panel = page.getByTestId("header-search-results");

  // Years match cars: "20" finds far more than three.
  await box.pressSequentially("20", { delay: 20 });
  await expect(panel).toBeVisible();
  const cars = panel.getByRole("group", { name: "Cars" }).getByRole("option");
  await expect(cars).toHaveCount(3);
  for (const kind of ["People", "Events"]) {
    expect(await panel.getByRole("group", { name: kind }).getByRole("option").count()).toBeLessThanOrEqual(3);
  }

  // A name finds the person, the event and nothing else gets in the way.
  await box.fill("thunder");
  await expect(panel.getByRole("group", { name: "Events" }).getByRole("option")).toContainText(["Track Day at Thunder Valley Raceway"]);
  await box.fill("jdm_jess");
  const people = panel.getByRole("group", { name: "People" }).getByRole("option");
  await expect(people.first()).toContainText("@jdm_jess");

  await box.fill("20");
  await expect(cars).toHaveCount(3);
  await panel.getByRole("option", { name: /Show all/ }).click();
  await expect(page).toHaveURL(/\/search\?q=20$/);
  const carSection = page.getByRole("region", { name: /Cars/ });
  // 'Show all' lists more than the three the header showed.
  await expect(carSection.getByRole("listitem").nth(3)).toBeVisible();
});

test("the /search page lists cars, people, events and posts", async ({ page }) => {
  await page.goto("/search?q=track");
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("for “track”");
  const people = page.getByRole("region", { name: /People/ });
  await expect(people.getByRole("link", { name: /@track_tom/ })).toBeVisible();
  const events = page.getByRole("region", { name: /Events/ });
  await expect(events.getByRole("link", { name: /Track Day at Thunder Valley Raceway/ })).toBeVisible();
  const posts = page.getByRole("region", { name: /Posts/ });
  expect(await posts.getByRole("listitem").count()).toBeGreaterThan(0);
  await posts.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/post\/\d+$/);

  await page.goto("/search?q=supra");
  const cars = page.getByRole("region", { name: /Cars/ });
  await expect(cars.getByRole("link").first()).toHaveAttribute("href", /\/showcase\/\d+$/);
});

test("without JavaScript the search form works; empty and odd queries are answered kindly", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "Find cars, people and events" })).toBeVisible();

  await page.getByRole("main").getByRole("searchbox").fill("rally");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=rally$/);
  await expect(page.getByRole("region", { name: /Events/ }).getByText("Winter Rally Sprint")).toBeVisible();

  for (const odd of ["%", "_", "\\", "'\"", "🏎️💨", "x".repeat(5000)]) {
    const response = await page.goto(`/search?q=${encodeURIComponent(odd)}`);
    expect(response?.status(), odd.slice(0, 10)).toBe(200);
  }
  // A percent sign is a character, not a wildcard that matches everything.
  await page.goto(`/search?q=${encodeURIComponent("%")}`);
  await expect(page.getByRole("heading", { name: "No results for “%”" })).toBeVisible();
  await context.close();
});

test("the search APIs answer odd input with 200, never a 500", async ({ request }) => {
  for (const odd of ["%", "_%_", "\\'", '"; DROP TABLE users; --', "🏁", "x".repeat(5000)]) {
    const q = encodeURIComponent(odd);
    for (const url of [`/api/cars/search?q=${q}`, `/api/users/search?q=${q}`, `/api/events?search=${q}`]) {
      const response = await request.get(url);
      expect(response.status(), url.slice(0, 60)).toBe(200);
    }
  }
});
