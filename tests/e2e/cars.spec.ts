// My cars, mods and the showcase in the browser: add a car through the form, add a mod with
// a gain, see it on the showcase with its cost; per-field messages with JavaScript off;
// a missing car's showcase is a clear 404.
import { expect, test } from "./fixtures";
import { member } from "../support/browser";
import { showcasePath, userPath } from "~/lib/paths";

test("add a car, add a mod with a gain, and see both on the showcase with the cost", async ({ browser }) => {
  const { user, page } = await member(browser, "garage");

  await page.goto("/my-cars");
  await expect(page.getByRole("heading", { name: "Your garage is empty" })).toBeVisible();
  await page.getByRole("link", { name: "Add a car" }).click();
  await expect(page).toHaveURL(/\/my-cars\/new$/);

  await page.getByLabel("Make").fill("Nissan");
  await page.getByRole("textbox", { name: "Model", exact: true }).fill("Skyline");
  await page.getByLabel("Year").fill("1999");
  await page.getByLabel("Trim").fill("GT-R V-Spec");
  await page.getByLabel("Body style").fill("Coupe");
  await page.getByLabel("Nickname").fill("Godzilla");
  await page.getByRole("button", { name: "Add car" }).click();

  await expect(page).toHaveURL(/\/my-cars#car-\d+$/);
  const card = page.locator("article", { has: page.getByRole("heading", { name: "Godzilla" }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText("1999 Nissan Skyline GT-R V-Spec Coupe");
  await expect(card).toContainText("0 mods");
  const carId = Number(new URL(page.url()).hash.replace("#car-", ""));

  await card.getByRole("link", { name: "Mods" }).click();
  await expect(page).toHaveURL(`/my-cars/${carId}/mods`);
  await expect(page.getByRole("heading", { name: "No modifications for this vehicle" })).toBeVisible();
  await page.getByRole("link", { name: "Add a mod" }).click();

  await page.getByLabel("Category").fill("Exhaust");
  await page.getByLabel("Model name").fill("Titanium cat-back");
  await page.getByLabel("Description").fill("Straight-through titanium with a valved rear box. ".repeat(3).trim());
  await page.getByLabel("Manufacturer").fill("HKS");
  await page.getByLabel("Installer").fill("Midnight Tuning");
  await page.getByLabel("Cost (USD)").fill("1299.99");
  await page.getByText("Show the cost to others").click();
  await expect(page.getByLabel("Show the cost to others")).toBeChecked();
  await page.getByLabel("Gain 1 type").fill("horsepower");
  await page.getByLabel("Gain 1 amount").fill("15");
  await page.getByLabel("Gain 1 unit").fill("hp");
  await page.getByRole("combobox", { name: "Build" }).fill("Stage 1");
  await page.getByRole("button", { name: "Add mod" }).click();

  await expect(page).toHaveURL(`/my-cars/${carId}/mods`);
  const capsule = page.locator(".mod-capsule", { hasText: "Titanium cat-back" });
  await expect(capsule).toContainText("by HKS");
  await expect(capsule).toContainText("$1,299.99");
  await expect(capsule).toContainText("Horsepower+15 hp");

  // The showcase, as a visitor would see it.
  const visitor = await browser.newPage();
  const response = await visitor.goto(showcasePath(carId));
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: "Godzilla" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: `Owned by ${user.username}` })).toHaveAttribute("href", userPath(user.username));
  // Its owners so far: the one, since the car was added.
  await expect(visitor.getByTestId("ownership-history").getByRole("link", { name: `@${user.username}` })).toHaveAttribute("href", userPath(user.username));
  await expect(visitor.getByRole("heading", { name: "Stage 1" })).toBeVisible();
  const mods = visitor.getByRole("region", { name: "Stage 1" });
  await expect(mods.locator(".mod-capsule")).toContainText("$1,299.99");
  await expect(visitor.locator(".showcase-stats")).toContainText("$1,299.99");
  await expect(visitor.getByTestId("follower-count")).toHaveText("0");
  // Signed out, the follow control leads to the login modal.
  await expect(visitor.getByRole("link", { name: "Follow Godzilla" }).or(visitor.getByRole("button", { name: /^Follow\b/ }))).toBeVisible();

  // The description is collapsed until clicked; over 100 characters it carries a hint.
  const description = visitor.locator(".mod-capsule__description");
  await expect(description.locator("p")).toBeHidden();
  await expect(description).toContainText(/Tap to read all \d+ characters/);
  await description.locator("summary").click();
  await expect(description.locator("p")).toBeVisible();

  // Open Graph tags for sharing.
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", /Godzilla · 1999 Nissan Skyline/);
  await expect(visitor.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`${showcasePath(carId)}$`));
});

test("a private cost never reaches visitors, on the page or through the API", async ({ browser }) => {
  const { page } = await member(browser, "private");
  const car = await (await page.request.post("/api/cars", { data: { make: "Toyota", model: "Supra", year: 1994 } })).json();
  const secret = await page.request.post(`/api/cars/${car.car.id}/mods`, {
    data: { mod_category: "Engine", model_name: "Big single turbo", cost: 4321.5, show_cost: false },
  });
  expect(secret.status()).toBe(201);

  const visitor = await browser.newPage();
  await visitor.goto(showcasePath(car.car.id));
  await expect(visitor.locator(".mod-capsule", { hasText: "Big single turbo" })).toBeVisible();
  await expect(visitor.locator("body")).not.toContainText("4,321");
  const api = await (await visitor.request.get(`/api/cars/${car.car.id}/mods`)).json();
  expect(api.mods[0].model_name).toBe("Big single turbo");
  expect("cost" in api.mods[0]).toBe(false);

  // The owner sees it, marked as private.
  await page.goto(`/my-cars/${car.car.id}/mods`);
  await expect(page.locator(".mod-capsule", { hasText: "Big single turbo" })).toContainText("$4,321.50");
});

test("without JavaScript the car form answers bad input with a message per field and keeps what was typed", async ({ browser }) => {
  const { page } = await member(browser, "nojs", false);
  await page.goto("/my-cars/new");
  await page.getByRole("textbox", { name: "Model", exact: true }).fill("Skyline");
  await page.getByLabel("Year").fill("1885");
  await page.getByLabel("Nickname").fill("N".repeat(60));
  await page.getByRole("button", { name: "Add car" }).click();

  await expect(page.getByText("Make is required")).toBeVisible();
  await expect(page.getByText("Year must be 1886 or later")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Model", exact: true })).toHaveValue("Skyline");
  await expect(page.getByLabel("Year")).toHaveValue("1885");

  await page.getByLabel("Make").fill("Nissan");
  await page.getByLabel("Year").fill("1999");
  await page.getByRole("button", { name: "Add car" }).click();
  await expect(page).toHaveURL(/\/my-cars#car-\d+$/);
  await expect(page.getByRole("heading", { name: "N".repeat(60) })).toBeVisible();

  // A mod without JavaScript: spare gain rows are there to fill, blank ones are ignored.
  const carId = Number(new URL(page.url()).hash.replace("#car-", ""));
  await page.goto(`/my-cars/${carId}/mods/new`);
  await expect(page.getByLabel("Gain 3 type")).toBeVisible();
  await page.getByLabel("Category").fill("Suspension");
  await page.getByLabel("Model name").fill("Coilovers");
  await page.getByLabel("Cost (USD)").fill("12.345");
  await page.getByLabel("Gain 1 type").fill("weight");
  await page.getByLabel("Gain 1 amount").fill("-3.5");
  await page.getByLabel("Gain 1 unit").fill("kg");
  await page.getByLabel("Gain 3 type").fill("grip");
  await page.getByRole("button", { name: "Add mod" }).click();
  await expect(page.getByText("Enter a cost like 1299.99")).toBeVisible();
  await expect(page.getByText("Amount is required")).toBeVisible();
  await expect(page.getByLabel("Model name")).toHaveValue("Coilovers");
  await page.getByLabel("Cost (USD)").fill("1,450");
  await page.getByLabel("Gain 3 type").fill("");
  await page.getByRole("button", { name: "Add mod" }).click();
  await expect(page).toHaveURL(`/my-cars/${carId}/mods`);
  const capsule = page.locator(".mod-capsule", { hasText: "Coilovers" });
  await expect(capsule).toContainText("$1,450");
  await expect(capsule).toContainText("Weight\u22123.5 kg");
  await page.goto("/my-cars");

  // Deleting asks first, and works without JavaScript too.
  const card = page.locator("article", { hasText: "Skyline" });
  await card.locator(".confirm-delete summary").click();
  await card.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("heading", { name: "Your garage is empty" })).toBeVisible();
});

test("only the owner may edit a car: another member gets 403", async ({ browser }) => {
  const owner = await member(browser, "keeper");
  const other = await member(browser, "nosy");
  const car = await (await owner.page.request.post("/api/cars", { data: { make: "Mazda", model: "MX-5", year: 1990 } })).json();
  const page = await other.page.goto(`/my-cars/${car.car.id}/edit`);
  expect(page?.status()).toBe(403);
  const patch = await other.page.request.patch(`/api/cars/${car.car.id}`, { data: { make: "Stolen" } });
  expect(patch.status()).toBe(403);
});

test("a missing car's showcase is a clear 404", async ({ page }) => {
  const response = await page.goto("/showcase/987654321");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Car not found" })).toBeVisible();
  await expect(page.getByText("There's no showcase for this car.")).toBeVisible();
});
