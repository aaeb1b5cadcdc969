// Accessibility (issue 9): axe-core finds no serious or critical violation on any page
// (signed out, signed in, as an administrator, error pages) in the light and the dark
// theme; every dialog, sheet and menu traps focus (menus: stay put), closes on Escape and
// gives focus back to the control that opened it; and the shell, the feed and a form can be
// used with the keyboard alone, with a visible focus ring.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  THEMES,
  expectAccessible,
  expectFocusTrapped,
  focusIndicator,
  focusIndicatorVisible,
  focusIsInside,
  focusedDescription,
  openContext,
  type Account,
  type Theme,
} from "../support/a11y";
import { DEMO, enableTwoFactor, signUpViaApi } from "../support/browser";
import { eventPath, postPath, showcasePath, userPath } from "~/lib/paths";

const PHONE = { width: 390, height: 844 };

// ------------------------------------------------------------------ what to visit

type Ids = {
  postId: number;
  carId: number;
  creator: string;
  eventId: number;
  myCarId: number;
  myModId: number;
  gramsPostId: number;
};

let idsCache: Promise<Ids> | null = null;

/** Ids from the seeded demo: a post with photos and comments, its car and creator, an event, demo's car and mod. */
function seededIds(request: APIRequestContext): Promise<Ids> {
  idsCache ??= (async () => {
    const feed = await (await request.get("/api/feed?limit=50")).json();
    type FeedPost = { id: number; photos: unknown[]; counts: { comments: number }; post_cars: Array<{ car_id: number }>; creator: { username: string } };
    const post = (feed.posts as FeedPost[]).find((candidate) => candidate.photos.length > 1 && candidate.counts.comments > 0 && candidate.post_cars.length > 0);
    if (!post) throw new Error("no seeded post with photos, comments and a car");
    const grams = await (await request.get("/api/feed?grams=1&limit=5")).json();
    const { events } = await (await request.get("/api/events")).json();
    // Demo's own car and one of its mods, read from the My Cars pages.
    const login = await request.post("/api/auth/login", { data: { email: DEMO.member.email, password: DEMO.member.password } });
    expect(login.status()).toBe(200);
    const myCars = await (await request.get("/my-cars")).text();
    const carMatch = myCars.match(/href="\/my-cars\/(\d+)\/mods"/);
    if (!carMatch) throw new Error("demo has no car");
    const modsPage = await (await request.get(`/my-cars/${carMatch[1]}/mods`)).text();
    const modMatch = modsPage.match(new RegExp(`href="/my-cars/${carMatch[1]}/mods/(\\d+)"`));
    if (!modMatch) throw new Error("demo's car has no mod");
    await request.post("/logout", { form: { redirectTo: "/" } });
    return {
      postId: post.id,
      carId: post.post_cars[0].car_id,
      creator: post.creator.username,
      eventId: events[0].id,
      myCarId: Number(carMatch[1]),
      myModId: Number(modMatch[1]),
      gramsPostId: grams.posts[0].id,
    };
  })();
  return idsCache;
}

type Who = "visitor" | "member" | "admin";
const ACCOUNTS: Record<Who, Account | null> = { visitor: null, member: DEMO.member, admin: DEMO.admin };

type PageCase = {
  name: string;
  who: Who;
  path: (ids: Ids) => string;
  status?: number;
  phone?: boolean;
  /** An embed, framed by other sites: it ignores the site's theme cookie and follows the
   * reader's system setting (which the test's context sets to the theme under test). */
  embed?: boolean;
  /** Waits until the page shows what it is about. */
  ready?: (page: Page) => Promise<void>;
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};

const PAGES: PageCase[] = [
  // Signed out.
  { name: "home", who: "visitor", path: () => "/", ready: async (page) => void (await expect(page.getByTestId("post-card").first()).toBeVisible()) },
  {
    name: "home on a phone",
    who: "visitor",
    path: () => "/",
    phone: true,
    ready: async (page) => void (await expect(page.getByTestId("post-card").first()).toBeVisible()),
  },
  {
    name: "login modal (Sign In)",
    who: "visitor",
    path: () => "/?login",
    ready: async (page) => void (await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible()),
  },
  {
    name: "login modal (Sign Up)",
    who: "visitor",
    path: () => "/?login=signup",
    ready: async (page) => void (await expect(page.getByRole("dialog", { name: "Sign Up" })).toBeVisible()),
  },
  {
    name: "login modal (Reset Password)",
    who: "visitor",
    path: () => "/?login=reset",
    ready: async (page) => void (await expect(page.getByRole("dialog", { name: "Reset Password" })).toBeVisible()),
  },
  { name: "search", who: "visitor", path: () => "/search" },
  { name: "search results", who: "visitor", path: () => "/search?q=supra" },
  { name: "events", who: "visitor", path: () => "/events" },
  { name: "an event", who: "visitor", path: (ids) => eventPath(ids.eventId) },
  { name: "a post", who: "visitor", path: (ids) => postPath(ids.postId), ready: async (page) => void (await expect(page.getByTestId("post-card")).toBeVisible()) },
  { name: "a car showcase", who: "visitor", path: (ids) => showcasePath(ids.carId) },
  { name: "a profile", who: "visitor", path: (ids) => userPath(ids.creator) },
  { name: "the embed", who: "visitor", embed: true, path: (ids) => `/embed/post/${ids.postId}` },
  { name: "a car's embed", who: "visitor", embed: true, path: (ids) => `/embed/car/${ids.carId}` },
  {
    name: "Grams",
    who: "visitor",
    phone: true,
    path: (ids) => `/?grams=${ids.gramsPostId}`,
    ready: async (page) => void (await expect(page.getByRole("dialog", { name: "Grams", exact: true })).toHaveAttribute("data-ready", "true", { timeout: 45_000 })),
  },
  { name: "reset password with a bad link", who: "visitor", path: () => "/reset-password?token=not-a-token" },
  { name: "upload asks to sign in", who: "visitor", path: () => "/upload" },
  { name: "admin refused to a visitor", who: "visitor", path: () => "/admin", status: 403 },
  { name: "404 page", who: "visitor", path: () => "/no-such-page", status: 404 },
  { name: "missing post", who: "visitor", path: () => "/post/999999", status: 404 },
  { name: "missing showcase", who: "visitor", path: () => "/showcase/987654321", status: 404 },
  { name: "missing embed", who: "visitor", embed: true, path: () => "/embed/post/999999", status: 404 },
  // Signed in.
  { name: "home", who: "member", path: () => "/", ready: async (page) => void (await expect(page.getByTestId("post-card").first()).toBeVisible()) },
  {
    name: "home on a phone",
    who: "member",
    path: () => "/",
    phone: true,
    ready: async (page) => void (await expect(page.getByTestId("post-card").first()).toBeVisible()),
  },
  { name: "upload form", who: "member", path: () => "/upload", ready: heading(/post/i) },
  { name: "messages", who: "member", path: () => "/messages" },
  {
    name: "messages with a thread open",
    who: "member",
    path: () => "/messages/jdm_jess",
    ready: async (page) => void (await expect(page.getByRole("log", { name: "Messages" })).toBeVisible()),
  },
  {
    name: "messages thread on a phone",
    who: "member",
    phone: true,
    path: () => "/messages/jdm_jess",
    ready: async (page) => void (await expect(page.getByRole("log", { name: "Messages" })).toBeVisible()),
  },
  { name: "notifications", who: "member", path: () => "/notifications" },
  { name: "own profile", who: "member", path: () => "/profile" },
  { name: "saved posts", who: "member", path: () => "/profile/saved" },
  { name: "settings / security", who: "member", path: () => "/profile/security" },
  { name: "own page (My Posts)", who: "member", path: () => "/user/demo" },
  { name: "another member's page", who: "member", path: (ids) => userPath(ids.creator) },
  { name: "my cars", who: "member", path: () => "/my-cars" },
  { name: "add a car", who: "member", path: () => "/my-cars/new" },
  { name: "edit a car", who: "member", path: (ids) => `/my-cars/${ids.myCarId}/edit` },
  { name: "a car's mods", who: "member", path: (ids) => `/my-cars/${ids.myCarId}/mods` },
  { name: "add a mod", who: "member", path: (ids) => `/my-cars/${ids.myCarId}/mods/new` },
  { name: "edit a mod", who: "member", path: (ids) => `/my-cars/${ids.myCarId}/mods/${ids.myModId}` },
  { name: "a post", who: "member", path: (ids) => postPath(ids.postId), ready: async (page) => void (await expect(page.getByTestId("post-card")).toBeVisible()) },
  { name: "a car showcase", who: "member", path: (ids) => showcasePath(ids.carId) },
  { name: "an event", who: "member", path: (ids) => eventPath(ids.eventId) },
  { name: "search results", who: "member", path: () => "/search?q=jess" },
  { name: "admin refused to a member", who: "member", path: () => "/admin", status: 403 },
  { name: "404 page", who: "member", path: () => "/no-such-page", status: 404 },
  // Administrator.
  { name: "admin: queue", who: "admin", path: () => "/admin" },
  { name: "admin: members", who: "admin", path: () => "/admin?tab=users" },
  { name: "admin: feedback", who: "admin", path: () => "/admin?tab=feedback" },
  { name: "admin: events", who: "admin", path: () => "/admin?tab=events" },
  { name: "admin: log", who: "admin", path: () => "/admin?tab=log" },
];

async function open(browser: Browser, theme: Theme, who: Who, options: { phone?: boolean; gramsTutorial?: boolean } = {}) {
  return openContext(browser, { theme, as: ACCOUNTS[who], viewport: options.phone ? PHONE : undefined, gramsTutorial: options.gramsTutorial });
}

// ------------------------------------------------------------------ every page, both themes

for (const theme of THEMES) {
  test.describe(`axe, ${theme} theme`, () => {
    for (const entry of PAGES) {
      test(`${entry.name} (${entry.who})`, async ({ browser, request }) => {
        test.setTimeout(180_000);
        const ids = await seededIds(request);
        const { context, page } = await open(browser, theme, entry.who, { phone: entry.phone });
        try {
          const response = await page.goto(entry.path(ids));
          expect(response?.status(), "status").toBe(entry.status ?? 200);
          await expect(page.locator("html")).toHaveAttribute("data-theme-mode", entry.embed ? "system" : theme);
          if (entry.ready) await entry.ready(page);
          await expectAccessible(page, `${entry.name} as ${entry.who}, ${theme}`);
        } finally {
          await context.close();
        }
      });
    }
  });
}

// The two-factor challenge shows only to a session that has given the password of an account
// with two-factor on and not yet the code.
for (const theme of THEMES) {
  test(`axe, ${theme} theme: the two-factor challenge`, async ({ browser, request }) => {
    const user = await signUpViaApi(request, "a11y2fa");
    await enableTwoFactor(request);
    const { context, page } = await openContext(browser, { theme });
    try {
      const signIn = await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
      expect(signIn.status(), await signIn.text()).toBe(200);
      const response = await page.goto("/two-factor");
      expect(response?.status(), "status").toBe(200);
      await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-theme-mode", theme);
      await expectAccessible(page, `two-factor challenge, ${theme}`);
    } finally {
      await context.close();
    }
  });
}

// ------------------------------------------------------------------ dialogs, sheets and menus

type Locator = ReturnType<Page["locator"]>;

/**
 * Opens with the keyboard (focus the opener, press Enter), checks the layer with axe, that
 * focus moved in (and, for modal layers, that Tab and Shift+Tab stay inside), then that
 * Escape closes it and focus is back on the opener.
 */
async function checkLayer(
  page: Page,
  label: string,
  opener: Locator,
  layer: Locator,
  options: { modal?: boolean; key?: string; afterOpen?: () => Promise<void>; returnTo?: Locator; scope?: string } = {},
) {
  const modal = options.modal ?? true;
  await expect(opener, `${label}: opener`).toBeVisible();
  await opener.focus();
  await page.keyboard.press(options.key ?? "Enter");
  await expect(layer, `${label}: opens`).toBeVisible({ timeout: 15_000 });
  if (options.afterOpen) await options.afterOpen();
  // A modal layer takes focus; a disclosure menu may leave it on its button.
  if (modal) await expect.poll(() => focusIsInside(layer), { message: `${label}: focus moves into it` }).toBe(true);
  await expectAccessible(page, `${label} (open)`, { include: options.scope });
  if (modal) await expectFocusTrapped(page, layer, label);
  await page.keyboard.press("Escape");
  await expect(layer, `${label}: Escape closes it`).toBeHidden();
  await expect(options.returnTo ?? opener, `${label}: focus returns to the opener (now on ${await focusedDescription(page)})`).toBeFocused();
}

for (const theme of THEMES) {
  test.describe(`dialogs and menus, ${theme} theme`, () => {
    test.describe.configure({ timeout: 180_000 });

    test("login modal from the header's Sign in", async ({ browser }) => {
      const { context, page } = await open(browser, theme, "visitor");
      await page.goto("/events");
      await checkLayer(page, "login modal", page.getByRole("link", { name: "Sign in", exact: true }), page.getByRole("dialog", { name: "Sign In" }));
      // Its other modes stay inside the same trap.
      await page.getByRole("link", { name: "Sign in", exact: true }).press("Enter");
      const dialog = page.getByRole("dialog");
      await dialog
        .getByRole("button", { name: "Forgot Password?" })
        .or(dialog.getByRole("link", { name: "Forgot Password?" }))
        .first()
        .press("Enter");
      await expect(page.getByRole("dialog", { name: "Reset Password" })).toBeVisible();
      await expectAccessible(page, "login modal, Reset Password");
      await expectFocusTrapped(page, page.getByRole("dialog", { name: "Reset Password" }), "reset password");
      await context.close();
    });

    test("share sheet and media viewer from a post", async ({ browser, request }) => {
      const ids = await seededIds(request);
      const { context, page } = await open(browser, theme, "visitor");
      await page.goto(postPath(ids.postId));
      const card = page.getByTestId("post-card");
      await checkLayer(page, "share sheet", card.getByRole("button", { name: /^Share/ }), page.getByRole("dialog", { name: /Share post/ }));
      await checkLayer(
        page,
        "media viewer",
        card.getByRole("link", { name: "Open photo 1" }),
        page.getByRole("dialog").filter({ has: page.getByRole("group", { name: "Thumbnails" }) }),
      );
      await context.close();
    });

    test("post menu, report dialog and likes list", async ({ browser, request }) => {
      const ids = await seededIds(request);
      const { context, page } = await open(browser, theme, "member");
      await page.goto(postPath(ids.postId));
      const card = page.getByTestId("post-card");
      const more = card.getByRole("button", { name: "More options" }).or(card.locator("summary[aria-label='More options']")).first();
      await checkLayer(page, "post menu", more, card.locator(".post-menu__panel"), { modal: false });
      // Report, opened from the menu.
      await more.press("Enter");
      const report = card.getByRole("button", { name: "Report post" });
      await checkLayer(page, "report dialog", report, page.getByRole("dialog", { name: /Report/ }), {
        // Escape closes the dialog only; the menu it came from stays open around the opener.
        returnTo: report,
      });
      await page.keyboard.press("Escape");
      await expect(more).toBeFocused();
      // The likes list popover (non-modal): Escape closes it and focus goes back.
      const likes = card.locator(".reaction-count").first();
      await checkLayer(page, "likes list", likes, page.getByRole("dialog", { name: "Likes and dislikes" }), { modal: false });
      await context.close();
    });

    test("notifications dropdown and version changes with feedback", async ({ browser }) => {
      const { context, page } = await open(browser, theme, "member");
      await page.goto("/events");
      await checkLayer(
        page,
        "notifications",
        page.locator("header").getByRole("button", { name: /Notifications/ }),
        page.getByRole("dialog", { name: "Notifications" }),
        { modal: false },
      );
      await checkLayer(page, "version changes", page.getByRole("button", { name: "Version Changes" }), page.getByRole("dialog", { name: /Version Changes/ }));
      await context.close();
    });

    test("follow cars modal and confirm delete", async ({ browser }) => {
      const { context, page } = await open(browser, theme, "member");
      await page.goto("/user/classic_carlos");
      await checkLayer(page, "follow cars", page.getByRole("button", { name: "Follow cars" }), page.getByRole("dialog", { name: "Follow Cars" }));
      await page.goto("/my-cars");
      const remove = page.locator("summary.confirm-delete__trigger").first();
      const panel = page.locator(".confirm-delete[open] .confirm-delete__panel");
      await checkLayer(page, "confirm delete", remove, panel, { modal: false });
      // Cancel closes it too and gives focus back to the button that opened it.
      await remove.focus();
      await page.keyboard.press("Enter");
      await panel.getByRole("button", { name: "Cancel" }).click();
      await expect(panel).toBeHidden();
      await expect(remove).toBeFocused();
      await context.close();
    });

    test("conversation menu in messages", async ({ browser }) => {
      const { context, page } = await open(browser, theme, "member");
      await page.goto("/messages/jdm_jess");
      await checkLayer(page, "conversation menu", page.locator("summary[aria-label='Conversation options']"), page.locator(".msg-menu__panel"), { modal: false });
      await context.close();
    });

    test("admin's new event dialog", async ({ browser }) => {
      const { context, page } = await open(browser, theme, "admin");
      await page.goto("/events");
      await checkLayer(page, "new event", page.getByRole("button", { name: "New event" }), page.getByRole("dialog", { name: "New event" }));
      await context.close();
    });

    test("phone menu (sidebar overlay)", async ({ browser }) => {
      const { context, page } = await open(browser, theme, "member", { phone: true });
      await page.goto("/events");
      await checkLayer(page, "phone menu", page.getByRole("button", { name: "Menu", exact: true }), page.getByRole("dialog", { name: "Sidebar" }));
      await context.close();
    });

    test("Grams overlay, its tutorial and its comments panel", async ({ browser }) => {
      test.setTimeout(300_000);
      const { context, page } = await open(browser, theme, "visitor", { phone: true, gramsTutorial: true });
      await page.goto("/");
      const grams = page.getByRole("dialog", { name: "Grams", exact: true });
      const opener = page.getByTestId("open-grams").first();
      await opener.focus();
      await page.keyboard.press("Enter");
      await expect(grams).toHaveAttribute("data-ready", "true", { timeout: 45_000 });
      // The tutorial takes focus on 'Got it!'; Escape dismisses it and focus stays in Grams.
      const tutorial = page.getByRole("dialog", { name: "Welcome to Grams!" });
      await expect(tutorial).toBeVisible();
      await expect(tutorial.getByRole("button", { name: "Got it!" })).toBeFocused();
      // Grams as a whole is scanned with the pages above; here the bubble.
      await expectAccessible(page, "Grams tutorial", { include: ".grams-tutorial" });
      await page.keyboard.press("Escape");
      await expect(tutorial).toBeHidden();
      await expect(grams).toBeVisible();
      expect(await focusIsInside(grams), `focus after the tutorial: ${await focusedDescription(page)}`).toBe(true);

      // The comments panel of the current post.
      const slide = page.locator('[data-testid="grams-post"][aria-current="true"]');
      await checkLayer(page, "Grams comments", slide.getByRole("button", { name: /comments?$/ }), page.getByRole("dialog", { name: "Comments" }), {
        scope: ".grams-panel",
      });

      // Grams itself traps focus, and Escape closes it back to the opener.
      await expectFocusTrapped(page, grams, "Grams");
      await page.keyboard.press("Escape");
      await expect(grams).toBeHidden();
      await expect(opener, `focus after Grams: ${await focusedDescription(page)}`).toBeFocused();
      await context.close();
    });
  });
}

// ------------------------------------------------------------------ keyboard only

/** Presses Tab until `target` has focus (at most `limit` times); every stop shows a focus ring. */
async function tabTo(page: Page, target: Locator, label: string, limit = 120): Promise<string[]> {
  const stops: string[] = [];
  for (let index = 0; index < limit; index += 1) {
    await page.keyboard.press("Tab");
    const here = await focusedDescription(page);
    stops.push(here);
    // Chromium's date field moves focus between its day, month and year parts on Tab, and
    // between parts the host input briefly matches neither :focus nor :focus-visible.
    const datePart = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === "date");
    if (!datePart) expect(await focusIndicator(page), `${label}: no visible focus indicator on ${here}`).toBe("");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return stops;
  }
  throw new Error(`${label}: not reached with ${limit} × Tab; stops: ${stops.join(", ")}`);
}

test.describe("keyboard", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the shell: skip link first, then the header and the sidebar, each with a visible focus ring", async ({ browser }) => {
    const { context, page } = await open(browser, "light", "visitor");
    await page.goto("/events");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    expect(await focusIndicatorVisible(page)).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // From the main content, Tab goes on into the page, not back to the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);

    // Every header and sidebar control is reached from the top of the page.
    await page.goto("/events");
    const header = page.locator("header.app-header");
    await tabTo(page, header.getByRole("link", { name: "Sign in", exact: true }), "header");
    await tabTo(page, page.locator("#app-sidebar").getByRole("link", { name: "Search" }), "sidebar");
    await context.close();
  });

  test("the feed: like, comment, share and open a post with the keyboard", async ({ browser }) => {
    const { context, page } = await open(browser, "dark", "visitor");
    const { signUpViaApi } = await import("../support/browser");
    await signUpViaApi(page.request, "a11ykeys");
    await page.goto("/");
    const card = page.getByTestId("post-card").first();
    await expect(card).toBeVisible();
    const like = card.getByRole("button", { name: "Like", exact: true });
    await tabTo(page, like, "feed: like");
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: "Remove like" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");

    const share = card.getByRole("button", { name: /^Share/ });
    await tabTo(page, share, "feed: share", 20);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: /Share post/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(share).toBeFocused();

    // Comments: the comments control leads to the post's comment form.
    const comments = card
      .getByRole("link", { name: /comments?$/ })
      .or(card.getByRole("button", { name: /comments?$/ }))
      .first();
    await comments.focus();
    expect(await focusIndicatorVisible(page)).toBe(true);
    await page.keyboard.press("Enter");
    const box = page.getByRole("textbox", { name: /comment/i }).first();
    await expect(box).toBeVisible();
    await box.focus();
    // Its own words, so that a run beside another (or a repeat) finds only its own comment.
    const typed = `Typed without a mouse ${Date.now().toString(36)}`;
    await page.keyboard.type(typed);
    await page.keyboard.press("Tab");
    const post = page.getByRole("button", { name: /^(Post|Send|Comment)/ }).first();
    if (!(await post.evaluate((element) => element === document.activeElement))) await tabTo(page, post, "comment: submit", 5);
    await page.keyboard.press("Enter");
    await expect(page.getByText(typed)).toBeVisible();

    // Open a post from the feed by its time link.
    await page.goto("/");
    const time = page.getByTestId("post-card").first().locator("a.post-card__time");
    await tabTo(page, time, "feed: open post");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/post\/\d+/);
    await context.close();
  });

  test("a form: add a car with the keyboard alone", async ({ browser }) => {
    const { context, page } = await open(browser, "light", "visitor");
    const { signUpViaApi } = await import("../support/browser");
    await signUpViaApi(page.request, "a11yform");
    await page.goto("/my-cars/new");
    const make = page.getByLabel("Make");
    await tabTo(page, make, "car form: make");
    await page.keyboard.type("Mazda");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Model")).toBeFocused();
    expect(await focusIndicatorVisible(page)).toBe(true);
    await page.keyboard.type("MX-5");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Year")).toBeFocused();
    await page.keyboard.type("1991");
    const submit = page.getByRole("button", { name: "Add car" });
    await tabTo(page, submit, "car form: submit", 15);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/my-cars(#.*)?$/);
    await expect(page.getByText("MX-5").first()).toBeVisible();
    await context.close();
  });
});
