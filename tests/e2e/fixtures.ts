// Playwright with two additions:
// - `page.goto` and `page.reload` wait until React has hydrated the page (root.tsx marks
//   <html data-hydrated>), so a test never clicks a button whose handler is not attached
//   yet; pages of contexts a test makes by hand too. Pages without scripts (embeds,
//   JavaScript off) are not waited for.
// - Any page error or console error in any page the test opens (its own contexts
//   included) fails the test, unless the test declares it provokes it with
//   `pageErrors.allow(pattern)`. Only deliberate 4xx answers and deliberately cut network
//   are allowed everywhere (the list below). A 429 is not one of them: a test that meets a
//   rate limit it did not ask for has a bug, except the live stream's limit on open
//   connections, which tests signed in as the same demo member can reach side by side (the
//   page waits and connects again).
import { test as base, type BrowserContext, type Page } from "@playwright/test";

export { devices, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

async function waitForHydration(page: Page) {
  await page
    .waitForFunction(() => document.documentElement.dataset.hydrated === "true" || document.querySelector("script[type=module]") === null, undefined, { timeout: 30_000 })
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

/** The browser's own line for a failed subresource: deliberate 4xx answers are allowed. */
const ALLOWED = [
  /^Failed to load resource: the server responded with a status of 4(?!29)\d\d\b/,
  // Tests cut the network on purpose (route.abort) to show the app's offline messages.
  /^Failed to load resource: net::ERR_FAILED$/,
  // Remix cancels a data request that a newer one replaces (a revalidation overtaken by the
  // next); when that happens mid-answer it logs the abort it caused itself.
  /^AbortError: signal is aborted without reason/,
];

const TOO_MANY = /^Failed to load resource: the server responded with a status of 429\b/;

/** The stream's connection limit, met by tests that share the demo member. */
function isStreamLimit(text: string, url: string): boolean {
  return TOO_MANY.test(text) && /^https?:\/\/[^/]+\/api\/stream(\?|$)/.test(url);
}

type PageErrors = { errors: string[]; allowed: RegExp[]; allow(pattern: RegExp): void };

function watchForErrors(context: BrowserContext, record: PageErrors) {
  const note = (line: string, text: string, url = "") => {
    if (isStreamLimit(text, url)) return;
    if (!record.allowed.some((pattern) => pattern.test(text))) record.errors.push(line);
  };
  const watch = (page: Page) => {
    page.on("pageerror", (error) => note(`page error on ${page.url()}: ${error.stack ?? error.message}`, error.message));
    page.on("console", (message) => {
      if (message.type() === "error") note(`console error on ${page.url()}: ${message.text()} (${message.location().url})`, message.text(), message.location().url);
    });
  };
  context.pages().forEach(watch);
  context.on("page", watch);
}

export const test = base.extend<{ pageErrors: PageErrors }>({
  pageErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = [];
      const record: PageErrors = { errors, allowed: [...ALLOWED], allow: (pattern) => record.allowed.push(pattern) };
      watchForErrors(context, record);
      // Contexts a test makes by hand (a second member, a visitor) are watched too, and their
      // pages wait for hydration like the test's own page.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const made = await newContext(...args);
        watchForErrors(made, record);
        if (args[0]?.javaScriptEnabled !== false) made.on("page", waitingForHydration);
        return made;
      };
      await use(record);
      browser.newContext = newContext;
      if (errors.length > 0) throw new Error(`The pages reported errors:\n${errors.join("\n")}`);
    },
    { auto: true },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitingForHydration(page));
  },
});
