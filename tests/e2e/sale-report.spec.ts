// A car's sale report printed from the browser: with the print media the app's frame (header,
// sidebar, bottom bar) and the report's own buttons are gone, and the report's sections stay.
import { expect, test, type Page } from "./fixtures";
import { signUpViaApi } from "../support/browser";
import { showcaseReportPath } from "~/lib/paths";

/** A car of the page's member with a mod whose cost is shown; its id. */
async function carWithMod(page: Page): Promise<number> {
  await signUpViaApi(page.request, "printer");
  const made = await page.request.post("/api/cars", { data: { make: "Honda", model: "S2000", year: 2004, nickname: "Paper" } });
  expect(made.status(), await made.text()).toBe(201);
  const carId = (await made.json()).car.id as number;
  const modded = await page.request.post(`/api/cars/${carId}/mods`, { data: { mod_category: "Intake", model_name: "Cold air box", cost: 450, show_cost: true } });
  expect(modded.status(), await modded.text()).toBe(201);
  return carId;
}

async function expectReportSections(page: Page) {
  const report = page.getByTestId("sale-report");
  await expect(report.getByRole("heading", { level: 1, name: /Paper/ })).toBeVisible();
  for (const name of [/^Modifications/, "Spending", "Service log", "Ownership history"]) {
    await expect(report.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(report.getByRole("cell", { name: "Cold air box" })).toBeVisible();
  await expect(report.getByRole("img", { name: /^QR code for / })).toBeVisible();
}

test("printing the sale report on a wide screen drops the header and the sidebar, and keeps the report", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const carId = await carWithMod(page);
  await page.goto(showcaseReportPath(carId));
  const header = page.locator("header.app-header");
  const sidebar = page.locator("#app-sidebar");
  await expect(header).toBeVisible();
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await expect(header).toBeHidden();
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeHidden();
  await expect(page.getByRole("form", { name: "What the report includes" })).toBeHidden();
  await expectReportSections(page);
});

test("printing the sale report on a phone drops the header and the bottom bar, and keeps the report", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const carId = await carWithMod(page);
  await page.goto(showcaseReportPath(carId));
  const header = page.locator("header.app-header");
  const bottomBar = page.getByRole("navigation", { name: "Quick navigation" });
  await expect(header).toBeVisible();
  await expect(bottomBar).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await expect(header).toBeHidden();
  await expect(bottomBar).toBeHidden();
  await expectReportSections(page);
});
