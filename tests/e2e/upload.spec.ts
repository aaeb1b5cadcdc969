// /upload in the browser: a post with two photos (made here with sharp) goes up with a
// progress bar and opens, and tops the feed; the same with JavaScript off; a refused plain
// form comes back with the story kept; files are checked before sending; music search.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "./fixtures";
import sharp from "sharp";
import { fetcherLoadBody, signUpViaApi, type TestUser } from "../support/browser";

const TMP = path.resolve("tests/.tmp/e2e-upload-files");

// Images are re-encoded on the server: give uploads time on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function hydrated(page: Page) {
  await expect(page.locator('[data-testid="upload-form"][data-hydrated]')).toBeVisible({ timeout: 20_000 });
}

async function photo(name: string, color: { r: number; g: number; b: number }, width = 1600, height = 1200): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, name);
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${color.r},${color.g},${color.b})"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="white" opacity="0.6"/></svg>`,
  );
  await sharp(stripes).png().toFile(file);
  return file;
}

async function member(browser: Browser, prefix: string, javaScriptEnabled = true): Promise<{ user: TestUser; page: Page; carId: number }> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const user = await signUpViaApi(page.request, prefix);
  const car = await page.request.post("/api/cars", { data: { make: "Mazda", model: "MX-5", year: 2019, nickname: "Ruby", trim: "Club", bodystyle: "Roadster" } });
  expect(car.status(), await car.text()).toBe(201);
  return { user, page, carId: (await car.json()).car.id };
}

/** Our post tops the feed (only posts made at the same moment by parallel tests may sit above). */
async function expectAtTopOfFeed(page: Page, story: string) {
  await page.goto("/");
  const cards = page.getByTestId("post-card");
  const ours = cards.filter({ hasText: story });
  await expect(ours).toHaveCount(1);
  // The times of the cards above ours: read from each card's <time>, as the card's whole text
  // runs its words together ("Vehicle11s ago").
  const above = await cards.evaluateAll((nodes, text) => {
    const index = nodes.findIndex((node) => node.textContent?.includes(text));
    return nodes.slice(0, index).map((node) => node.querySelector("time")?.textContent ?? "");
  }, story);
  expect(
    above.every((time) => /^(Just now|\d+s ago)$/.test(time)),
    above.join(", "),
  ).toBe(true);
  return ours;
}

test("a member posts two photos with a story and a car, and sees the post at the top of the feed", async ({ browser }) => {
  const { page, user } = await member(browser, "poster");
  const [red, blue] = await Promise.all([photo("red.png", { r: 200, g: 40, b: 40 }), photo("blue.png", { r: 40, g: 80, b: 200 }, 1200, 1500)]);
  const story = `Two photos from the coast run ${Date.now()}.\nSecond line stays a line.`;

  await page.goto("/upload");
  await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();
  await hydrated(page);
  await expect(page.locator(".bottom-nav")).toHaveCount(0);
  await page.locator('input[type="file"][name="media"]').setInputFiles([red, blue]);
  await expect(page.getByTestId("upload-previews").locator("li")).toHaveCount(2);
  await expect(page.getByTestId("layout-auto")).toHaveText("Carousel for 2 items");
  await page.getByLabel("Story").fill(story);
  await page.getByText("Ruby · 2019 Mazda MX-5 Club Roadster").click();
  await page.getByRole("button", { name: "Share post" }).click();

  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 20_000 });
  const card = page.getByTestId("post-card");
  await expect(card.getByRole("heading", { name: `@${user.username}` })).toBeVisible();
  await expect(card.getByRole("link", { name: "Ruby · 2019 Mazda MX-5 Club Roadster" })).toBeVisible();
  await expect(card.getByTestId("carousel-counter")).toHaveText("1 / 2");
  await expect(card.locator(".post-story__text")).toHaveText(`${user.username} ${story}`);

  const ours = await expectAtTopOfFeed(page, "Two photos from the coast run");
  await expect(ours.locator('[data-layout="carousel"] .carousel__slide')).toHaveCount(2);
  // Responsive images with their size reserved.
  const image = ours.locator("img").first();
  await expect(image).toHaveAttribute("srcset", /640w/);
  await expect(image).toHaveAttribute("width", "1600");
  await expect(image).toHaveAttribute("height", "1200");
});

test("without JavaScript the plain form posts two photos in the order of their positions and opens the post", async ({ browser }) => {
  const { page } = await member(browser, "plainposter", false);
  const [green, gold] = await Promise.all([photo("green.png", { r: 30, g: 160, b: 80 }), photo("gold.png", { r: 210, g: 170, b: 40 }, 1200, 1200)]);
  const story = `No scripts needed ${Date.now()}`;
  await page.goto("/upload");
  // File 1 goes second, file 2 is the cover.
  await page.getByLabel("File 1", { exact: true }).setInputFiles(gold);
  await page.getByLabel("Position of file 1", { exact: true }).fill("2");
  await page.getByLabel("Description of file 1", { exact: true }).fill("Gold roadster, top down");
  await page.getByLabel("File 2", { exact: true }).setInputFiles(green);
  await page.getByLabel("Position of file 2", { exact: true }).fill("1");
  await page.getByLabel("Story").fill(story);
  await page.getByRole("radio", { name: /Grid/ }).check({ force: true });
  await page.getByRole("button", { name: "Share post" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 20_000 });
  await expect(page.getByText("Preparing your post…")).toBeVisible();
  // The photos are processed in the background: the page says so, with a link to reload.
  for (let attempt = 0; attempt < 40 && (await page.getByTestId("post-processing").count()) > 0; attempt++) {
    await page.waitForTimeout(1000);
    await page.getByTestId("processing-reload").getByRole("link", { name: "Reload" }).click();
    // The count above must read the reloaded page, not one still on its way.
    await page.waitForLoadState("load");
  }
  await expect(page.getByTestId("post-card").locator('[data-layout="grid"] .media-tile')).toHaveCount(2);
  await expect(page.getByTestId("post-card")).toContainText(story);
  const id = /\/post\/(\d+)$/.exec(page.url())![1];
  const post = (await (await page.request.get(`/api/posts/${id}`)).json()).post;
  expect(post.photos.map((item: { width: number; height: number }) => item.width === item.height)).toEqual([false, true]);
});

test("without JavaScript a refused form comes back with the story kept and the reason", async ({ browser }) => {
  const { page, carId } = await member(browser, "refused", false);
  const fake = path.join(TMP, "notes.jpg");
  mkdirSync(TMP, { recursive: true });
  await import("node:fs").then((fs) => fs.writeFileSync(fake, "these are notes, not a photo"));
  await page.goto("/upload");
  await page.getByLabel("File 1", { exact: true }).setInputFiles(fake);
  await page.getByLabel("Story").fill("A story I do not want to type twice");
  await page.locator(`input[name="carIds"][value="${carId}"]`).check({ force: true });
  await page.getByRole("radio", { name: /Album/ }).check({ force: true });
  await page.getByRole("button", { name: "Share post" }).click();

  await expect(page).toHaveURL(/\/upload\?draft=/);
  await expect(page.getByTestId("upload-error")).toHaveText(
    /^notes\.jpg: unsupported media type \(accepted: JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF photos; MP4, MOV, M4V or WebM videos\)$/,
  );
  await expect(page.getByLabel("Story")).toHaveValue("A story I do not want to type twice");
  await expect(page.locator(`input[name="carIds"][value="${carId}"]`)).toBeChecked();
  await expect(page.getByRole("radio", { name: /Album/ })).toBeChecked();
});

test("files are checked before sending, and server errors keep the story", async ({ browser }) => {
  const { page } = await member(browser, "checker");
  await page.goto("/upload");
  await hydrated(page);
  await page.locator('input[type="file"][name="media"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByTestId("upload-rejected")).toContainText("notes.txt: Unsupported media type");
  await expect(page.getByTestId("upload-previews")).toHaveCount(0);

  // Nothing to post.
  await page.getByRole("button", { name: "Share post" }).click();
  await expect(page.getByTestId("upload-error")).toHaveText("Add a photo, a video, a story or a track");

  // A server refusal shows next to the form and the story stays.
  await page.route("**/api/posts", (route) => route.fulfill({ status: 413, json: { error: "A post's files can be at most 120 MB in total" } }));
  await page.getByLabel("Story").fill("Kept after an error");
  await page.getByRole("button", { name: "Share post" }).click();
  await expect(page.getByTestId("upload-error")).toHaveText("A post's files can be at most 120 MB in total");
  await expect(page.getByLabel("Story")).toHaveValue("Kept after an error");
});

test("music search marks placeholder results as examples, says 'No tracks found', and checks pasted links", async ({ browser }) => {
  const { page } = await member(browser, "dj");
  await page.goto("/upload");
  await hydrated(page);
  const search = page.getByLabel("Search music");
  await search.fill("n");
  await page.waitForTimeout(500);
  await expect(page.locator(".track-row")).toHaveCount(0);

  await search.fill("night drive");
  const rows = page.locator(".track-row");
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText("example");
  await expect(rows.first()).toBeDisabled();

  // The search reads through a fetcher: `/api/soundcloud/search.data`, in Remix's encoding.
  const SEARCH = "**/api/soundcloud/search.data?**";
  const ROUTE = "routes/api.soundcloud.search";
  await page.route(SEARCH, async (route) => route.fulfill(await fetcherLoadBody(ROUTE, { collection: [] })));
  await search.fill("zzzz");
  await expect(page.getByText("No tracks found")).toBeVisible();

  await page.unroute(SEARCH);
  await page.route(SEARCH, async (route) =>
    route.fulfill(
      await fetcherLoadBody(ROUTE, {
        collection: [
          {
            id: 1,
            title: "Roof Down Sunday",
            user: { username: "coastline radio" },
            permalink_url: "https://soundcloud.com/coastline-radio/roof-down-sunday",
            duration: 187000,
            artwork_url: null,
            playback_count: 1200,
          },
        ],
      }),
    ),
  );
  await search.fill("roof");
  await expect(page.locator(".track-row").first()).toContainText("3:07");
  await page.locator(".track-row").first().click();
  await expect(page.getByTestId("audio-player")).toContainText("Roof Down Sunday");
  await expect(page.locator('input[name="soundcloud_url"]')).toHaveValue("https://soundcloud.com/coastline-radio/roof-down-sunday");
  await page.getByRole("button", { name: "Remove track" }).click();

  const link = page.getByLabel("Or paste a SoundCloud track link");
  await link.fill("https://example.com/not/a-track");
  await link.blur();
  await expect(page.getByText("Invalid SoundCloud URL")).toBeVisible();
});

test("visitors are sent to sign in", async ({ page }) => {
  await page.goto("/upload");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fupload/);
});
