// The VIN and the service log in the browser: a typo in the VIN is caught with its message and
// the form kept; the owner's edit form holds the VIN; a visitor's showcase shows only its last
// 6 characters (the owner chose to show them) and the service entry on the build timeline,
// without the cost the owner kept to themselves.
import { expect, test } from "./fixtures";
import { member } from "../support/browser";
import { showcasePath } from "~/lib/paths";

const VIN = "1M8GDM9AXKP042788";

test("a VIN with a typo is refused; saved, only its end shows on the showcase beside the service log", async ({ browser }) => {
  const { page } = await member(browser, "vinner");

  await page.goto("/my-cars/new");
  await page.getByLabel("Make").fill("Ford");
  await page.getByRole("textbox", { name: "Model", exact: true }).fill("Mustang");
  await page.getByLabel("Year").fill("1989");
  await page.getByLabel("VIN").fill("1M8GDM9AXKP042789");
  await page.getByRole("button", { name: "Add car" }).click();
  await expect(page.getByText("This VIN's check digit (the 9th character) does not match the rest")).toBeVisible();
  await expect(page.getByLabel("Make")).toHaveValue("Ford");

  await page.getByLabel("VIN").fill(VIN);
  await page.getByText("Show the last 6 characters on the showcase").click();
  await page.getByRole("button", { name: "Add car" }).click();
  await expect(page).toHaveURL(/\/my-cars#car-\d+$/);
  const carId = Number(new URL(page.url()).hash.replace("#car-", ""));

  await page.goto(`/my-cars/${carId}/edit`);
  await expect(page.getByLabel("VIN")).toHaveValue(VIN);

  await page.goto(`/my-cars/${carId}/service`);
  await page.getByLabel("What was done").selectOption("brakes");
  await page.getByLabel("Date").fill("2026-05-20");
  await page.getByRole("textbox", { name: "Odometer" }).fill("43100");
  await page.getByLabel("Cost (USD)").fill("987.65");
  await page.getByLabel("Notes").fill("Pads and fluid");
  await page.getByRole("button", { name: "Add to the service log" }).click();
  await expect(page.getByTestId("service-entry")).toContainText("Pads and fluid");

  const visitor = await browser.newPage();
  expect((await visitor.goto(showcasePath(carId)))?.status()).toBe(200);
  await expect(visitor.getByTestId("vin-end")).toHaveText(/^•+042788$/);
  const entry = visitor.getByTestId("service-timeline-entry");
  await expect(entry).toContainText("Brakes");
  await expect(entry).toContainText("May 20, 2026");
  await expect(entry).toContainText("43,100 mi");
  await expect(entry).toContainText("Pads and fluid");
  await expect(entry).not.toContainText("987.65");
  expect(await visitor.content()).not.toContain(VIN);
});
