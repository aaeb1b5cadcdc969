// Playwright with one addition: `page.goto` and `page.reload` wait until React has
// hydrated the page (root.tsx marks <html data-hydrated>), so a test never clicks a button
// whose handler is not attached yet. Pages without scripts (embeds, JavaScript off) are
// not waited for.
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

async function waitForHydration(page: Page) {
  await page
    .waitForFunction(
      () => document.documentElement.dataset.hydrated === "true" || document.querySelector("script[type=module]") === null,
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {});
}

/** Makes `goto` and `reload` of a page (one made by hand in a new context, say) wait for hydration. */
export function waitingForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForHydration(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitingForHydration(page));
  },
});
