// A car's build sheet and its forum exports in the browser: the showcase's spend chart is an
// SVG image with its name and numbers, "Copy as BBCode" copies the snippet and says "Copied",
// with JavaScript off the snippet is text in a box, the page unfurls with the build card,
// and the car's embed renders inside another site's frame with no script.
import http from "node:http";
import type { AddressInfo } from "node:net";
import ogs from "open-graph-scraper";
import { expect, test, type Page } from "./fixtures";
import { member } from "../support/browser";
import { showcasePath } from "~/lib/paths";

const APP = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/** A car with two mods whose costs are shown and one whose cost is private. */
async function carWithMods(page: Page) {
  const car = (await (await page.request.post("/api/cars", { data: { make: "Nissan", model: "Silvia", year: 1999, nickname: "Kouki" } })).json()).car as { id: number };
  const mods = [
    {
      mod_category: "Exhaust",
      model_name: "Hi-Power",
      manufacturer: "HKS",
      cost: 1299.99,
      show_cost: true,
      performance_gains: [{ type: "horsepower", amount: 12, unit: "hp" }],
    },
    { mod_category: "Suspension", model_name: "Variant 3", manufacturer: "KW", cost: 2600, show_cost: true },
    { mod_category: "Engine", model_name: "Secret cams", cost: 4321, show_cost: false },
  ];
  for (const data of mods) expect((await page.request.post(`/api/cars/${car.id}/mods`, { data })).status()).toBe(201);
  return car;
}

test("the showcase shows the build sheet and its spend chart, and copies the BBCode", async ({ browser, page: view, context }) => {
  const owner = await member(browser, "sheet");
  const car = await carWithMods(owner.page);

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await view.bringToFront();
  await view.goto(showcasePath(car.id));
  const sheet = view.getByTestId("build-sheet");
  await expect(sheet.getByTestId("sheet-mod-count")).toHaveText("3");
  // $1,299.99 + $2,600: the private $4,321 is not counted.
  await expect(sheet.getByTestId("sheet-spend")).toHaveText("$3,899.99");
  await expect(sheet).not.toContainText("4,321");
  await expect(sheet.getByRole("row", { name: /Suspension/ })).toContainText("$2,600");

  const chart = sheet.getByRole("img", { name: "Shown spend over time" });
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe("svg");
  await expect(chart.locator("rect.spend-chart__bar")).toHaveCount(1);
  const box = await chart.locator("rect.spend-chart__bar").boundingBox();
  expect(box!.height).toBeGreaterThan(20);
  await expect(sheet.getByTestId("spend-chart")).toContainText("$3,899.99 shown, all in");

  const exportBox = view.getByTestId("build-export");
  // The buttons' names change as they answer: they are found by their place.
  const [copy, markdown] = [exportBox.getByRole("button").nth(0), exportBox.getByRole("button").nth(1)];
  await expect(copy).toHaveText("Copy as BBCode");
  await expect(markdown).toHaveText("Copy as Markdown");
  await copy.click();
  await expect(copy).toHaveText("Copied");
  const copied = await view.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await exportBox.locator("#build-export-bbcode").inputValue());
  expect(copied).toContain(`[url=${APP}/showcase/${car.id}][img]${APP}/cards/car/${car.id}.png[/img][/url]`);
  expect(copied).toContain("[*]Exhaust: HKS Hi-Power ($1,299.99)");
  expect(copied).toContain("[*]Engine: Secret cams\n");

  await markdown.click();
  await expect(markdown).toHaveText("Copied");
  expect(await view.evaluate(() => navigator.clipboard.readText())).toContain(
    `[![Kouki · 1999 Nissan Silvia](${APP}/cards/car/${car.id}.png)](${APP}/showcase/${car.id})`,
  );
});

test("without JavaScript the snippets are text to select, and the chart is still there", async ({ browser }) => {
  const { page } = await member(browser, "sheetnojs");
  const car = await carWithMods(page);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const view = await context.newPage();
  await view.goto(showcasePath(car.id));
  await expect(view.getByRole("img", { name: "Shown spend over time" })).toBeVisible();
  const exportBox = view.getByTestId("build-export");
  await expect(exportBox.getByRole("button")).toHaveCount(0);
  await exportBox.getByText("Copy as BBCode").click();
  const text = exportBox.getByRole("textbox", { name: /BBCode/ });
  await expect(text).toBeVisible();
  await expect(text).toHaveAttribute("readonly", "");
  const bbcode = await text.inputValue();
  expect(bbcode.split("\n").slice(0, 3)).toEqual([
    `[url=${APP}/showcase/${car.id}][img]${APP}/cards/car/${car.id}.png[/img][/url]`,
    "[b]Kouki · 1999 Nissan Silvia[/b]",
    "[list]",
  ]);
  expect(bbcode).toContain("Shown spend: $3,899.99 across 2 mods");
  expect(bbcode).not.toContain("4,321");
  await context.close();
});

test("the showcase unfurls with its build card, a 1200×630 PNG", async ({ browser, request }) => {
  const { page } = await member(browser, "sheetcard");
  const car = await carWithMods(page);
  const html = await (await request.get(showcasePath(car.id), { headers: { "User-Agent": "facebookexternalhit/1.1" } })).text();
  const { result } = await ogs({ html, onlyGetOpenGraphInfo: true });
  expect(result.ogImage?.[0]).toMatchObject({ url: `${APP}/cards/car/${car.id}.png`, type: "image/png", width: "1200", height: "630" });
  const cardResponse = await request.get(`/cards/car/${car.id}.png`);
  expect(cardResponse.status()).toBe(200);
  expect(cardResponse.headers()["content-type"]).toBe("image/png");
  const again = await request.get(`/cards/car/${car.id}.png`, { headers: { "If-None-Match": cardResponse.headers()["etag"] } });
  expect(again.status()).toBe(304);
});

test("the car's embed renders inside another site's iframe with no scripts", async ({ browser, page }) => {
  const owner = await member(browser, "sheetembed");
  const car = await carWithMods(owner.page);
  const embed = `${APP}/embed/car/${car.id}`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Forum</title><h1>My Silvia build</h1><iframe id="car" src="${embed}" width="616" height="900" style="border:0"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/thread/7`);
    const frame = page.frameLocator("#car");
    await expect(frame.getByTestId("embed-car")).toBeVisible();
    await expect(frame.getByRole("link", { name: "Kouki" })).toHaveAttribute("href", `${APP}/showcase/${car.id}`);
    await expect(frame.getByText("$3,899.99")).toBeVisible();
    await expect(frame.getByTestId("embed-car")).not.toContainText("4,321");
    expect(await page.frame({ url: embed })!.evaluate(() => document.scripts.length)).toBe(0);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
