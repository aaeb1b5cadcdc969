// The installable app: Chromium finds it installable; its service worker belongs to the build
// being served; without a connection a page opened before is shown as it was and any other
// page is the offline page listing the kept ones; signing out forgets them.
import { expect, test, type Page } from "./fixtures";
import { signUpViaApi } from "../support/browser";

test.use({ serviceWorkers: "allow" });

/** Waits until the app's service worker controls the page. */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 30_000 }).toMatch(/\/sw\.js$/);
}

/** The pages the device keeps, as the worker's index lists them. */
function keptPages(page: Page) {
  return page.evaluate(async () => {
    const index = await (await caches.open("pages")).match("/__kept-pages.json");
    return index ? ((await index.json()) as { pages: { url: string }[] }).pages.map((one) => new URL(one.url).pathname) : [];
  });
}

test("installable, the build's own worker, pages kept for reading offline, and forgotten at sign-out", async ({ browser, pageErrors }) => {
  // Without a connection, the parts of a kept page that reach the network fail, as they should.
  pageErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError|Load failed/);
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const page = await context.newPage();
  await signUpViaApi(page.request, "offline");
  await page.goto("/");
  await controlled(page);

  // The worker is the build's: its text names the version the page runs.
  const version = await page.evaluate(() => (window as unknown as { __remixManifest: { version: string } }).__remixManifest.version);
  expect(await (await page.request.get("/sw.js")).text()).toContain(`"${version}": the build`);

  // Chromium's own installability check finds nothing missing.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

  await page.goto("/events");
  await page.goto("/my-cars");
  await expect.poll(() => keptPages(page)).toEqual(["/my-cars", "/events"]);

  await context.setOffline(true);
  // A kept page, as it was.
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Events/i);
  // Any other page: the offline page, listing the kept ones.
  await page.goto("/search?q=supra");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline");
  const kept = page.getByRole("listitem").getByRole("link");
  await expect(kept).toHaveCount(2);
  await expect(kept.first()).toHaveAttribute("href", /\/my-cars$/);

  // Back online, signing out forgets the kept pages.
  await context.setOffline(false);
  await page.goto("/my-cars");
  await page.evaluate(() => fetch("/logout", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" }));
  await expect.poll(() => page.evaluate(() => caches.has("pages"))).toBe(false);
  await context.setOffline(true);
  await page.goto("/my-cars");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline");
  await expect(page.getByText("Nothing is saved on this device yet.", { exact: false })).toBeVisible();
  await context.close();
});
