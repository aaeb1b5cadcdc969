// Parts as shared data in the browser: a member adds a mod whose maker is typed in another
// spelling and case than the one already in the list; the showcase links the mod to its part
// page with "N other cars run this", and the part page lists every car and the median gain.
// The same flow with JavaScript off.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { member, signUpViaApi } from "../support/browser";
import { showcasePath } from "~/lib/paths";

/** Another member's cars running the part under other spellings, each reporting a horsepower gain. */
async function otherCarsRunning(request: APIRequestContext, spellings: { maker: string; model: string; hp: number }[]) {
  const owner = await signUpViaApi(request, "runner");
  for (const [index, spelling] of spellings.entries()) {
    const car = await (await request.post("/api/cars", { data: { make: "Honda", model: `Civic ${index}`, year: 2001 } })).json();
    const made = await request.post(`/api/cars/${car.car.id}/mods`, {
      data: {
        mod_category: "Suspension",
        model_name: spelling.model,
        manufacturer: spelling.maker,
        cost: 2100,
        show_cost: true,
        performance_gains: [{ type: "horsepower", amount: spelling.hp, unit: "hp" }],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  return owner;
}

async function addModThroughTheForm(page: Page, carId: number, maker: string, javaScript: boolean) {
  await page.goto(`/my-cars/${carId}/mods/new`);
  await page.getByLabel("Category").fill("suspension");
  await page.getByLabel("Model name").fill("ROAD &  TRACK");
  const field = page.getByLabel("Manufacturer");
  if (javaScript) {
    // The type-ahead asks the server after a pause and offers the name as first spelt.
    const answered = page.waitForResponse((response) => response.url().includes("/api/makers") && response.status() === 200);
    await field.pressSequentially(maker);
    await answered;
    const listId = await field.getAttribute("list");
    await expect(page.locator(`datalist[id="${listId}"] option`)).toHaveCount(1);
  } else {
    await field.fill(maker);
  }
  await page.getByLabel("Gain 1 type").fill("horsepower");
  await page.getByLabel("Gain 1 amount").fill("20");
  await page.getByLabel("Gain 1 unit").fill("hp");
  await page.getByRole("button", { name: "Add mod" }).click();
  await expect(page).toHaveURL(`/my-cars/${carId}/mods`);
}

async function newCar(page: Page) {
  const car = await (await page.request.post("/api/cars", { data: { make: "Mazda", model: "MX-5", year: 1995, nickname: "Roadster" } })).json();
  return car.car.id as number;
}

async function checkShowcaseAndPart(page: Page, carId: number, expected: { name: string; others: string; cars: number; owners: string[]; median: string }) {
  await page.goto(showcasePath(carId));
  const capsule = page.locator(".mod-capsule", { hasText: "ROAD & TRACK" });
  const link = capsule.getByRole("link", { name: `${expected.name} part page` });
  await expect(link).toBeVisible();
  await expect(capsule).toContainText(expected.others);

  await link.click();
  await expect(page).toHaveURL(/\/parts\/\d+-[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: expected.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${expected.name} · Parts`));
  const rows = page.locator(".part-cars tbody tr");
  await expect(rows).toHaveCount(expected.cars);
  await expect(page.getByRole("heading", { name: "Cars that run it" })).toContainText(String(expected.cars));
  for (const username of expected.owners) await expect(page.locator(".part-cars")).toContainText(`@${username}`);
  await expect(page.locator(".part-cars")).toContainText("$2,100");
  await expect(page.locator(".part-gains")).toContainText(expected.median);
}

test("a maker typed in another spelling joins the part; the showcase and the part page show who else runs it", async ({ browser, playwright, baseURL }) => {
  const stamp = Date.now().toString(36);
  const helper = await playwright.request.newContext({ baseURL });
  const other = await otherCarsRunning(helper, [
    { maker: `Öhlins${stamp}`, model: "Road & Track", hp: 10 },
    { maker: `OHLINS${stamp}`, model: "road & track", hp: 30 },
  ]);
  await helper.dispose();
  const { user, page } = await member(browser, "parts");

  const carId = await newCar(page);
  await addModThroughTheForm(page, carId, `ohlins${stamp}`, true);
  await checkShowcaseAndPart(page, carId, {
    name: `Öhlins${stamp} Road & Track`,
    others: "2 other cars run this",
    cars: 3,
    owners: [other.username, user.username],
    median: "median +20 hp from 3 reports",
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same flow: the server matches the typed maker on save", async ({ page, playwright, baseURL }) => {
    const stamp = Date.now().toString(36);
    const helper = await playwright.request.newContext({ baseURL });
    const other = await otherCarsRunning(helper, [{ maker: `Öhlins${stamp}`, model: "Road & Track", hp: 10 }]);
    await helper.dispose();
    const user = await signUpViaApi(page.request, "partsnojs");

    const carId = await newCar(page);
    await addModThroughTheForm(page, carId, `  OHLINS${stamp} `, false);
    await checkShowcaseAndPart(page, carId, {
      name: `Öhlins${stamp} Road & Track`,
      others: "1 other car runs this",
      cars: 2,
      owners: [other.username, user.username],
      median: "median +15 hp from 2 reports",
    });
  });
});
