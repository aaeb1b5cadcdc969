// What a first visit costs, as the browser sees it: the JavaScript that `/` downloads stays
// within issue 8's budget, and the parts most visits never open (sign-in forms, Grams, the
// media viewer, dialogs) arrive only when they are opened.
import { gzipSync } from "node:zlib";
import { JS_BUDGET_BYTES } from "../../scripts/bench/report";
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
