// What a first visit costs, as the browser sees it: the JavaScript that `/` downloads stays
// within issue 8's budget, and the parts most visits never open (sign-in forms, Grams, the
// media viewer, dialogs) arrive only when they are opened. The stylesheets of pages a visit
// rarely reaches (the Admin Area, messages, the upload form) load with those pages only.
import { gzipSync } from "node:zlib";
import { JS_BUDGET_BYTES } from "../../scripts/bench/report";
import { signInAsAdmin } from "../support/browser";
import { expect, test, type Page } from "./fixtures";

/** Records every script the page downloads, with its size as gzip would send it. */
function recordScripts(page: Page) {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).byteLength);
  });
  return scripts;
}

const total = (scripts: Map<string, number>) => [...scripts.values()].reduce((sum, size) => sum + size, 0);

test("a first visit to the feed downloads at most 150 KB of gzip JavaScript", async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.size).toBeGreaterThan(3);
  expect(total(scripts), [...scripts].map(([url, size]) => `${url} ${size}`).join("\n")).toBeLessThanOrEqual(JS_BUDGET_BYTES);
});

test("the sign-in forms download when the login modal opens, and then work", async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const before = scripts.size;
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: "Sign In" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email or username")).toBeVisible();
  expect(scripts.size).toBeGreaterThan(before);
  await dialog.getByLabel("Email or username").fill("demo");
  await dialog.getByLabel("Password", { exact: true }).fill("password123");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("welcome")).toContainText("demo");
});

/** The text of every stylesheet the page has loaded. */
function stylesheetText(page: Page): Promise<string> {
  return page.evaluate(() => [...document.styleSheets].map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join("\n")).join("\n"));
}

test("the Admin Area, messages and the upload form bring their own stylesheets; the feed loads none of them", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/");
  const feed = await stylesheetText(page);
  for (const selector of [".admin-tabs", ".msg-layout", ".upload-form"]) expect(feed, `the feed's stylesheets hold ${selector}`).not.toContain(selector);

  const pages = [
    { path: "/admin", selector: ".admin-tabs", styled: page.getByRole("navigation", { name: "Admin Area sections" }) },
    { path: "/messages", selector: ".msg-layout", styled: page.locator(".msg-layout") },
    { path: "/upload", selector: ".upload-form", styled: page.getByTestId("upload-form") },
  ];
  for (const { path, selector, styled } of pages) {
    await page.goto(path);
    expect(await stylesheetText(page), `${path} loads the rules of ${selector}`).toContain(selector);
    // The rules apply: the part is laid out by them, not as plain blocks.
    await expect(styled.first()).toBeVisible();
    expect(await styled.first().evaluate((element) => getComputedStyle(element).display), path).not.toBe("block");
  }
});
