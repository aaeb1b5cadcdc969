// Mods tagged on posts, in the browser: a member ticks a car on /upload, the car's mods
// appear and one is ticked; the post page lists it (linking to the mod on the showcase) and
// the showcase's build timeline shows the post under the mod. The same without JavaScript,
// where the form lists every car's mods and refuses a mod whose car is not ticked, keeping
// what was typed.
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { signUpViaApi } from "../support/browser";
import { postPath, showcasePath } from "~/lib/paths";

const TMP = path.resolve("tests/.tmp/e2e-post-mods-files");

test.describe.configure({ timeout: 90_000 });

async function photo(name: string): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 120, b: 20 } } })
    .png()
    .toFile(file);
  return file;
}

type Garage = { car: { id: number; line: string }; mod: { id: number; title: string }; otherCar: { id: number; line: string }; otherMod: { id: number; title: string } };

/** Two cars with one mod each, made through the API as the signed-in member. */
async function garage(request: APIRequestContext): Promise<Garage> {
  const car = await request.post("/api/cars", { data: { make: "Honda", model: "S2000", year: 2004, nickname: "Sunny" } });
  expect(car.status(), await car.text()).toBe(201);
  const carId = (await car.json()).car.id as number;
  const other = await request.post("/api/cars", { data: { make: "Toyota", model: "Supra", year: 1997 } });
  expect(other.status(), await other.text()).toBe(201);
  const otherId = (await other.json()).car.id as number;
  const mod = await request.post(`/api/cars/${carId}/mods`, { data: { mod_category: "Suspension", model_name: "Road & Track", manufacturer: "Öhlins" } });
  expect(mod.status(), await mod.text()).toBe(201);
  const otherMod = await request.post(`/api/cars/${otherId}/mods`, { data: { mod_category: "Forced induction", model_name: "GTX3582R", manufacturer: "Garrett" } });
  expect(otherMod.status(), await otherMod.text()).toBe(201);
  return {
    car: { id: carId, line: "Sunny · 2004 Honda S2000" },
    mod: { id: (await mod.json()).mod.id, title: "Öhlins Road & Track" },
    otherCar: { id: otherId, line: "1997 Toyota Supra" },
    otherMod: { id: (await otherMod.json()).mod.id, title: "Garrett GTX3582R" },
  };
}

/** Reloads the page until the post's photo is processed and `ready` is visible. */
async function untilShown(page: Page, url: string, ready: ReturnType<Page["locator"]>) {
  for (let attempt = 0; attempt < 40; attempt++) {
    await page.goto(url);
    if ((await ready.count()) > 0) break;
    await page.waitForTimeout(1000);
  }
  await expect(ready).toBeVisible();
}

/** The post page lists the mod, linking to it on the showcase; the showcase's timeline shows the post. */
async function expectTagged(page: Page, postId: number, { car, mod }: Garage) {
  const tagged = page.getByTestId("post-mods");
  await expect(tagged.getByRole("heading", { name: "Mods in this post" })).toBeVisible();
  const link = tagged.getByRole("link", { name: /Öhlins Road & Track/ });
  await expect(link).toHaveAttribute("href", `${showcasePath(car.id)}#mod-${mod.id}`);
  await expect(tagged).toContainText("Suspension");
  await expect(tagged).not.toContainText("GTX3582R");

  const timeline = page.getByTestId("build-timeline");
  await untilShown(page, showcasePath(car.id), timeline.locator(`a[href="/post/${postId}"] img`));
  const entry = timeline.locator(`[data-mod-id="${mod.id}"]`);
  await expect(entry.getByRole("heading", { name: mod.title })).toBeVisible();
  await expect(entry).toContainText("Suspension · 1 post");
  await expect(entry.getByRole("link", { name: /^Post from [A-Z][a-z]{2} \d{1,2}, \d{4}$/ })).toHaveAttribute("href", postPath(postId));
  // The mod the post page links to is on the showcase.
  await expect(page.locator(`#mod-${mod.id}`)).toContainText("Road & Track");
}

test("a member tags a car's mod on a photo, sees it on the post and in the showcase's build timeline", async ({ page }) => {
  await signUpViaApi(page.request, "modtagger");
  const cars = await garage(page.request);
  const file = await photo("tagged.png");
  const story = `New coilovers ${Date.now()}`;

  await page.goto("/upload");
  await expect(page.locator('[data-testid="upload-form"][data-hydrated]')).toBeVisible({ timeout: 20_000 });
  const mods = page.getByTestId("upload-mods");
  await expect(mods).toContainText("Tick a car above to tag the mods this post shows.");
  await expect(mods.getByRole("checkbox")).toHaveCount(0);

  // The list follows the ticked cars.
  await page.locator(".upload-cars").getByText(cars.car.line).click();
  const choice = mods.getByRole("checkbox", { name: /Öhlins Road & Track/ });
  await expect(choice).toBeVisible();
  await expect(mods.getByRole("checkbox", { name: /Garrett GTX3582R/ })).toHaveCount(0);
  await page.locator(".upload-cars").getByText(cars.otherCar.line).click();
  await expect(mods.getByRole("checkbox", { name: /Garrett GTX3582R/ })).toBeVisible();
  await page.locator(".upload-cars").getByText(cars.otherCar.line).click();
  await expect(mods.getByRole("checkbox", { name: /Garrett GTX3582R/ })).toHaveCount(0);

  await mods.getByText("Öhlins Road & Track").click();
  await expect(choice).toBeChecked();
  await page.locator('input[type="file"][name="media"]').setInputFiles(file);
  await page.getByLabel("Story").fill(story);
  await page.getByRole("button", { name: "Share post" }).click();

  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 20_000 });
  const postId = Number(new URL(page.url()).pathname.split("/").pop());
  await expectTagged(page, postId, cars);

  // From the post, the mod's link opens the showcase at the mod.
  await page.goto(postPath(postId));
  await page
    .getByTestId("post-mods")
    .getByRole("link", { name: /Öhlins Road & Track/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/showcase/${cars.car.id}#mod-${cars.mod.id}$`));
  await expect(page.locator(`#mod-${cars.mod.id}`)).toBeInViewport();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form lists every car's mods, refuses a mod whose car is not ticked, then tags the mod", async ({ page }) => {
    await signUpViaApi(page.request, "plaintagger");
    const cars = await garage(page.request);
    const file = await photo("plain-tagged.png");
    const story = `Plain form coilovers ${Date.now()}`;

    await page.goto("/upload");
    const mods = page.getByTestId("upload-mods");
    await expect(mods).toContainText("Only mods of the cars you tick above are kept.");
    await expect(mods.locator(`[data-car-id="${cars.car.id}"]`)).toContainText(cars.car.line);
    await expect(mods.locator(`[data-car-id="${cars.car.id}"]`).getByRole("checkbox", { name: /Öhlins Road & Track/ })).toHaveCount(1);
    await expect(mods.locator(`[data-car-id="${cars.otherCar.id}"]`).getByRole("checkbox", { name: /Garrett GTX3582R/ })).toHaveCount(1);

    // A mod of a car that is not ticked: refused, and nothing typed is lost.
    await page.getByLabel("Story").fill(story);
    await page.locator(`input[name="carIds"][value="${cars.car.id}"]`).check({ force: true });
    await page.locator(`input[name="modIds"][value="${cars.mod.id}"]`).check({ force: true });
    await page.locator(`input[name="modIds"][value="${cars.otherMod.id}"]`).check({ force: true });
    await page.getByRole("button", { name: "Share post" }).click();
    await expect(page).toHaveURL(/\/upload\?draft=/);
    await expect(page.getByTestId("upload-error")).toHaveText("Tag only mods of the cars this post shows: tick the car too, or untick the mod");
    await expect(page.getByLabel("Story")).toHaveValue(story);
    await expect(page.locator(`input[name="carIds"][value="${cars.car.id}"]`)).toBeChecked();
    await expect(page.locator(`input[name="modIds"][value="${cars.mod.id}"]`)).toBeChecked();
    await expect(page.locator(`input[name="modIds"][value="${cars.otherMod.id}"]`)).toBeChecked();

    await page.locator(`input[name="modIds"][value="${cars.otherMod.id}"]`).uncheck({ force: true });
    await page.getByLabel("File 1", { exact: true }).setInputFiles(file);
    await page.getByRole("button", { name: "Share post" }).click();
    await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 20_000 });
    const postId = Number(new URL(page.url()).pathname.split("/").pop());
    await expectTagged(page, postId, cars);
  });
});
