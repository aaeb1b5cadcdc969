// Helpers for the accessibility tests (a11y.spec.ts): a browser context in a chosen theme
// (light or dark, set the way the app stores it: the `themeMode` cookie and localStorage),
// signed-in contexts that reuse one login per worker, an axe-core scan that fails on any
// serious or critical violation with a readable list, and keyboard helpers.
import { appendFileSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, request as playwrightRequest, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

export type Theme = "light" | "dark";
export const THEMES: Theme[] = ["light", "dark"];
export type Account = { email: string; password: string };

const THEME_KEY = "themeMode";
const GRAMS_TUTORIAL_KEY = "gramsview-tutorial-seen";

function baseURL(): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
}

// One login per account and worker: the signed-in cookies, reused by every context.
const states = new Map<string, Promise<Awaited<ReturnType<BrowserContext["storageState"]>>>>();

async function storageStateFor(account: Account) {
  let state = states.get(account.email);
  if (!state) {
    state = (async () => {
      const api = await playwrightRequest.newContext({ baseURL: baseURL() });
      const response = await api.post("/api/auth/login", { data: account });
      expect(response.status(), await response.text()).toBe(200);
      const result = await api.storageState();
      await api.dispose();
      return result;
    })();
    states.set(account.email, state);
  }
  return state;
}

export type ContextOptions = {
  theme: Theme;
  as?: Account | null;
  viewport?: { width: number; height: number };
  /** Let the Grams tutorial bubble show (it is marked seen otherwise). */
  gramsTutorial?: boolean;
};

/** A new context in the theme, signed in as `as` when given, with a page (which waits for hydration: fixtures.ts). */
export async function openContext(browser: Browser, options: ContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const storageState = options.as ? await storageStateFor(options.as) : undefined;
  const context = await browser.newContext({
    baseURL: baseURL(),
    colorScheme: options.theme,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    storageState,
  });
  await context.addCookies([{ name: THEME_KEY, value: options.theme, url: baseURL() }]);
  await context.addInitScript(
    ({ key, theme, tutorialKey, tutorialSeen }) => {
      try {
        window.localStorage.setItem(key, theme);
        if (tutorialSeen) window.localStorage.setItem(tutorialKey, "true");
      } catch {
        // Storage off: the cookie carries the theme.
      }
    },
    { key: THEME_KEY, theme: options.theme, tutorialKey: GRAMS_TUTORIAL_KEY, tutorialSeen: !options.gramsTutorial },
  );
  const page = await context.newPage();
  return { context, page };
}

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

function describe(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => {
          const summary = (node.failureSummary ?? "")
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
            .slice(0, 3)
            .join(" | ");
          return `    - ${node.target.join(" > ")}\n      ${summary}`;
        })
        .join("\n");
      const more = violation.nodes.length > 8 ? `\n    ... and ${violation.nodes.length - 8} more` : "";
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length})\n${nodes}${more}`;
    })
    .join("\n");
}

/** Lets transitions and fades finish so colours are measured at rest. */
export async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const animations = document.getAnimations().filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return timing && timing.iterations !== Infinity;
        });
        Promise.race([Promise.all(animations.map((animation) => animation.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1500))]).then(() =>
          requestAnimationFrame(() => resolve()),
        );
      }),
  );
}

/**
 * Runs axe-core on the page (or on `include` only) and fails, listing rule, target and
 * summary, when any violation is serious or critical.
 */
export async function expectAccessible(page: Page, label: string, options: { include?: string; exclude?: string[] } = {}) {
  await settle(page);
  // The pages have no frames to scan: axe runs in the page itself (legacy mode) and reports
  // violations only, which takes a fifth of the time of the cross-frame run on a feed.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  // A11Y_DUMP=<file> collects every finding, for working through them in bulk.
  if (process.env.A11Y_DUMP && serious.length) appendFileSync(process.env.A11Y_DUMP, `=== ${label} (${page.url()})\n${describe(serious)}\n`);
  expect(serious.length, `${label} (${page.url()}): ${serious.length} serious or critical axe violation(s)\n${describe(serious)}`).toBe(0);
}

/** The element that has focus, described for messages. */
export async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "<body>";
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> ${name}`;
  });
}

/** True when the focused element is inside `container`. */
export async function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/**
 * Checks that Tab and Shift+Tab keep focus inside the dialog: a walk of Tab presses (all the
 * way round for small dialogs), then Tab from its last control and Shift+Tab from its first.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, label: string) {
  const marker = `trap-${Date.now()}`;
  const count = await dialog.evaluate((element, mark) => {
    const items = Array.from(element.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]")).filter(
      (node) => !node.hasAttribute("disabled") && node.tabIndex >= 0 && node.getClientRects().length > 0,
    );
    items.forEach((node, index) => node.setAttribute("data-trap", index === 0 ? `${mark}-first` : index === items.length - 1 ? `${mark}-last` : ""));
    return items.length;
  }, marker);
  const presses = Math.min(count + 2, 12);
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let index = 0; index < presses; index += 1) {
      await page.keyboard.press(key);
      expect(await focusIsInside(dialog), `${label}: after ${index + 1} × ${key} focus left the dialog, on ${await focusedDescription(page)}`).toBe(true);
    }
  }
  // The wrap at both ends.
  for (const [edge, key] of [
    ["last", "Tab"],
    ["first", "Shift+Tab"],
  ] as const) {
    const element = page.locator(`[data-trap="${marker}-${edge}"]`);
    if ((await element.count()) === 0) continue;
    await element.focus();
    await page.keyboard.press(key);
    expect(await focusIsInside(dialog), `${label}: ${key} from the ${edge} control left the dialog, to ${await focusedDescription(page)}`).toBe(true);
  }
  await dialog.evaluate((element) => element.querySelectorAll("[data-trap]").forEach((node) => node.removeAttribute("data-trap")));
}

/** Whether the focused element shows a visible focus indicator (outline or box-shadow ring). */
export async function focusIndicatorVisible(page: Page): Promise<boolean> {
  return (await focusIndicator(page)) === "";
}

/** "" when the focused element shows a focus indicator, else what was seen instead. */
export async function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "nothing focused";
    // Measure the ring once its transition (if any) has run.
    const moving = [element, element.parentElement, element.closest("label")].flatMap((node) => node?.getAnimations() ?? []);
    await Promise.race([Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 1000))]);
    // Date and time inputs keep focus in inner parts: :focus is what applies to them.
    if (!element.matches(":focus-visible") && !element.matches('input:is([type="date"], [type="time"], [type="datetime-local"]):focus'))
      return `not :focus-visible (:focus ${element.matches(":focus")}, page focused ${document.hasFocus()})`;
    const style = getComputedStyle(element);
    const outline = (node: Element) => {
      const computed = getComputedStyle(node);
      return computed.outlineStyle !== "none" && parseFloat(computed.outlineWidth) > 0;
    };
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    if (outline(element) || ring) return "";
    // A visually hidden control (a styled radio or checkbox) rings its label or box instead.
    const around = [element.closest("label"), element.parentElement, element.parentElement?.parentElement].filter(Boolean) as Element[];
    return around.some(outline) ? "" : `outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}`;
  });
}
