// Every page route, signed in and out, on a desktop and a phone, in light and dark: each
// must load, hydrate and report no page or console error (the fixtures fail the test on
// any). The list of URLs (tests/support/pages.ts) is checked against app/routes, so a new
// page cannot be left out.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { devices, expect, test } from "./fixtures";
import { DEMO } from "../support/browser";
import { demoIds, openedPartsFor, pageModules, urlsFor } from "../support/pages";

test("every page module has a URL in this test", () => {
  const urls = urlsFor({ postId: 1, carId: 1, modId: 1, eventId: 1, username: "x", partHref: "/parts/1-x" });
  expect(pageModules.filter((file) => !(file in urls))).toEqual([]);
});

const setups = [
  { name: "member on a desktop in light", member: true, viewport: devices["Desktop Chrome"].viewport, colorScheme: "light" as const },
  { name: "member on a phone in dark", member: true, viewport: devices["Pixel 7"].viewport, colorScheme: "dark" as const },
  { name: "visitor on a desktop in dark", member: false, viewport: devices["Desktop Chrome"].viewport, colorScheme: "dark" as const },
  { name: "visitor on a phone in light", member: false, viewport: devices["Pixel 7"].viewport, colorScheme: "light" as const },
];

for (const setup of setups) {
  test(`every page loads without an error: ${setup.name}`, async ({ browser, playwright }) => {
    // Some thirty pages, each loaded and hydrated in turn.
    test.setTimeout(600_000);
    const baseURL = test.info().project.use.baseURL!;
    const api = await playwright.request.newContext({ baseURL });
    const ids = await demoIds(api);
    const context = await browser.newContext({ baseURL, viewport: setup.viewport, colorScheme: setup.colorScheme });
    if (setup.member) await context.request.post("/api/auth/login", { data: { email: DEMO.member.email, password: DEMO.member.password } });
    const page = await context.newPage();
    for (const url of new Set([...Object.values(urlsFor(ids)), ...openedPartsFor(ids)])) {
      await test.step(url, async () => {
        const response = await page.goto(url);
        expect(response?.status() ?? 0, url).toBeLessThan(500);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true" || !document.querySelector("script[type=module]"));
        // Late updates (counts, live events) arrive after hydration: give them a moment.
        await page.waitForTimeout(300);
      });
    }
    await context.close();
    await api.dispose();
  });
}

// Every route module, pages and API routes alike, is also loaded by the browser (fetchers load
// a resource route's module for its clientAction and clientLoader). Whatever a module does
// when it loads must work there: nothing from a server-only module may run at its top level.
test("every route module loads in the browser", async ({ page }) => {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const assets = path.resolve("tests/.tmp", port === 3100 ? "e2e-build" : `e2e-build-${port}`, "build/client/assets");
  // The build's route manifest (`window.__remixManifest = {…}`) names every route's module.
  const manifestFile = readdirSync(assets).find((file) => /^manifest-.*\.js$/.test(file));
  expect(manifestFile, "the build's route manifest").toBeTruthy();
  const manifestText = readFileSync(path.join(assets, manifestFile!), "utf8");
  const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1)) as { routes: Record<string, { module: string }> };
  const modules = Object.values(manifest.routes).map((route) => route.module);
  expect(modules.length, "the route modules the browser can load").toBeGreaterThan(pageModules.length);
  await page.goto("/");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const failures = await page.evaluate(async (urls) => {
    const failed: string[] = [];
    for (const url of urls) {
      try {
        await import(url);
      } catch (error) {
        failed.push(`${url}: ${String(error)}`);
      }
    }
    return failed;
  }, modules);
  expect(failures).toEqual([]);
});
