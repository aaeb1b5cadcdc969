// The app shell (issue 2): bottom bar, header, sidebar for visitors,
// members and administrators, the theme without a flash, every route for the right
// people, and the embed view without chrome.
import { expect, test, type Page } from "./fixtures";
import { signInAsAdmin, signUpViaApi } from "../support/browser";
import { userPath } from "~/lib/paths";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Signs the page in as the demo administrator (verified, and listed in the test server's ADMIN_EMAILS). */
const sidebarNav = (page: Page) => page.locator("#app-sidebar").getByRole("navigation", { name: "Main" });
const bottomBar = (page: Page) => page.getByRole("navigation", { name: "Quick navigation" });
const loginDialog = (page: Page) => page.getByRole("dialog").filter({ hasText: "Sign In" });

test.describe("phone", () => {
  test.use({ viewport: PHONE });

  test("the bottom bar has its five items; members-only ones open the login modal for a visitor", async ({ page }) => {
    await page.goto("/");
    const bar = bottomBar(page);
    await expect(bar).toBeVisible();
    const links = bar.getByRole("link");
    await expect(links).toHaveText(["Search", "Events", "Post", "Messages", "Profile"]);
    await expect(bar.getByRole("link", { name: "Search" })).toHaveAttribute("href", "/search");
    await expect(bar.getByRole("link", { name: "Events" })).toHaveAttribute("href", "/events");
    // Signed out, Post / Messages / Profile are login links that work without JavaScript...
    await expect(bar.getByRole("link", { name: "Post" })).toHaveAttribute("href", "/login?redirectTo=%2Fpost%2Fnew");
    await expect(bar.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/login?redirectTo=%2Fmessages");
    await expect(bar.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/login?redirectTo=%2Fprofile");
    // ...and with JavaScript open the modal in place.
    await bar.getByRole("link", { name: "Post" }).click();
    await expect(loginDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("members get real links; the bar is hidden on /upload and marks the current page", async ({ page }) => {
    const user = await signUpViaApi(page.request, "shellphone");
    await page.goto("/events");
    const bar = bottomBar(page);
    await expect(bar.getByRole("link", { name: "Post" })).toHaveAttribute("href", "/post/new");
    await expect(bar.getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("welcome")).toContainText(user.username);

    // A member with no car yet is asked to add one first, then comes back to the upload form.
    await bar.getByRole("link", { name: "Post" }).click();
    await expect(page).toHaveURL(/\/my-cars\/new\?redirectTo=%2Fupload$/);
    await page.goto("/upload");
    await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();
    await expect(bottomBar(page)).toHaveCount(0);
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("the header hides when scrolling down past 100px and comes back when scrolling up", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      (document.getElementById("main") as HTMLElement).style.minHeight = "4000px";
    });
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-hidden", "false");
    await expect(header).toHaveAttribute("data-scrolled", "false");

    await page.evaluate(() => window.scrollTo(0, 70));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveAttribute("data-hidden", "false");

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute("data-hidden", "true");
    await expect(header).not.toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 450));
    await expect(header).toHaveAttribute("data-hidden", "false");
    await expect(header).toBeInViewport();
  });

  test("the sidebar is an overlay that closes on Escape, outside click and navigation", async ({ page }) => {
    await page.goto("/");
    const sidebar = page.locator("#app-sidebar");
    const burger = page.getByRole("button", { name: "Menu", exact: true });
    await expect(sidebar).toBeHidden();

    await burger.click();
    await expect(sidebar).toBeVisible();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(burger).toBeFocused();

    await burger.click();
    await expect(sidebar).toBeVisible();
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2); // the backdrop
    await expect(sidebar).toBeHidden();

    await burger.click();
    await sidebarNav(page).getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(sidebar).toBeHidden();
  });

  test("the embed view hides the header, the sidebar and the bottom bar", async ({ page }) => {
    const response = await page.goto("/embed/post/987654");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This post is unavailable" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(bottomBar(page)).toHaveCount(0);
    await expect(page.locator("#app-sidebar")).toHaveCount(0);
  });
});

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP });

  test("a visitor's sidebar: no My Posts, no Admin Area, members-only items gated, Login", async ({ page }) => {
    await page.goto("/");
    await expect(bottomBar(page)).toBeHidden();
    const nav = sidebarNav(page);
    await expect(nav.getByRole("link")).toHaveText(["My Cars", "Post", "Messages", "Notifications", "Events", "Profile", "Search"]);
    await expect(nav.getByRole("link", { name: "My Cars" })).toHaveAttribute("href", "/login?redirectTo=%2Fmy-cars");
    await expect(nav.getByRole("link", { name: "Events" })).toHaveAttribute("href", "/events");
    await expect(page.locator("#app-sidebar").getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page.locator("#app-sidebar").getByRole("button", { name: "Log Out" })).toHaveCount(0);

    // Header: upload and messages open the modal; there is a search field.
    await page.getByRole("banner").getByRole("link", { name: "Messages" }).click();
    await expect(loginDialog(page)).toBeVisible();
    await expect(page).toHaveTitle("car enthusiast social platform");
  });

  test("the app's links open pages in place: no document is loaded, the sidebar marks the page, pointing at it fetches it first", async ({ page }) => {
    await signUpViaApi(page.request, "shelllinks");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    const nav = sidebarNav(page);
    const events = nav.getByRole("link", { name: "Events" });
    await expect(events).not.toHaveAttribute("aria-current", "page");

    // Pointing at a navigation link fetches its page's data before the click.
    await events.hover();
    await expect(page.locator('link[rel="prefetch"][href*="/events"]').first()).toBeAttached();
    await events.click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(events).toHaveAttribute("aria-current", "page");
    // The header's links open their page in place too, and Back returns.
    await page.getByRole("banner").getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/events$/);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    expect(documents).toEqual([]);
  });

  test("a member's sidebar: My Posts on their own page, Log Out, no Admin Area", async ({ page }) => {
    const user = await signUpViaApi(page.request, "shelldesk");
    await page.goto("/");
    const nav = sidebarNav(page);
    await expect(nav.getByRole("link")).toHaveText(["My Cars", "Post", "Messages", "Notifications", "Events", "My Posts", "Profile", "Search"]);
    await expect(nav.getByRole("link", { name: "My Posts" })).toHaveAttribute("href", userPath(user.username));
    await expect(nav.getByRole("link", { name: "My Cars" })).toHaveAttribute("href", "/my-cars");
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    // The notifications bell (a link before hydration, a menu button after).
    await expect(page.getByRole("banner").getByLabel(/^Notifications/)).toBeVisible();
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome, ${user.username}`);

    // The rail expands on hover.
    const sidebar = page.locator("#app-sidebar");
    const narrow = (await sidebar.boundingBox())!.width;
    await sidebar.hover();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeGreaterThan(narrow + 100);

    // Log Out is a real form post; sign-out goes to /.
    await page.goto("/events");
    await page.locator("#app-sidebar").getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#app-sidebar").getByRole("link", { name: "Login" })).toBeVisible();
    const session = await page.request.get("/api/auth/session");
    expect((await session.json()).authenticated).toBe(false);
  });

  test("the bell shows the count the page brought, and reads the list only when opened", async ({ page }) => {
    await signUpViaApi(page.request, "shellbell");
    const asked: string[] = [];
    page.on("request", (request) => {
      // A fetcher reads the resource route itself, or its ".data" form.
      if (/^\/api\/notifications(?:\.data)?$/.test(new URL(request.url()).pathname)) asked.push(request.url());
    });
    await page.goto("/");
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    // Hydrated, and a moment later still nothing asked: the page came with its count.
    await page.waitForTimeout(1000);
    expect(asked).toEqual([]);
    await bell.click();
    await expect(page.getByRole("link", { name: "See all notifications" })).toBeVisible();
    await expect.poll(() => asked.some((url) => url.includes("limit=50"))).toBe(true);
  });

  test("an administrator also gets the Admin Area", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/");
    const admin = sidebarNav(page).getByRole("link", { name: "Admin Area" });
    await expect(admin).toHaveAttribute("href", "/admin");
    await admin.click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Area" })).toBeVisible();
  });

  test("the header search goes to /search with the query", async ({ page }) => {
    await page.goto("/events");
    const field = page.getByRole("banner").getByRole("combobox", { name: "Search cars, people and events" });
    await field.fill("e46 m3");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=e46\+m3$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(page.getByRole("main").getByText("“e46 m3”")).toBeVisible();
  });

  test("the burger pins the sidebar open", async ({ page }) => {
    await page.goto("/events");
    const burger = page.getByRole("button", { name: "Menu", exact: true });
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
    await expect.poll(async () => (await page.locator("#app-sidebar").boundingBox())!.width).toBeGreaterThan(200);
    await expect(sidebarNav(page).getByText("Events")).toBeVisible();
  });
});

test.describe("theme", () => {
  test.use({ viewport: DESKTOP });

  test("dark survives a reload, rendered by the server (no flash)", async ({ page, context }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme-mode", "system");
    await page.locator("#app-sidebar").hover();
    await page.getByRole("radio", { name: "Dark" }).check();
    await expect(page.locator("html")).toHaveAttribute("data-theme-mode", "dark");
    expect(await page.evaluate(() => localStorage.getItem("themeMode"))).toBe("dark");
    expect((await context.cookies()).find((cookie) => cookie.name === "themeMode")?.value).toBe("dark");

    // The server's own HTML already carries the choice: nothing to fix up after load.
    const html = await (await page.request.get("/events")).text();
    expect(html).toMatch(/<html[^>]*data-theme-mode="dark"/);

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme-mode", "dark");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(11, 11, 15)");
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  });

  test("system follows the OS live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe("rgb(246, 246, 248)");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(background).toBe("rgb(11, 11, 15)");

    await page.locator("#app-sidebar").hover();
    await page.getByRole("radio", { name: "Light" }).check();
    await expect.poll(background).toBe("rgb(246, 246, 248)");
  });
});

test.describe("routes", () => {
  test.use({ viewport: DESKTOP });

  test("a visitor sees the public pages", async ({ page }) => {
    for (const [path, heading] of [
      ["/", "Latest from the community"],
      ["/search", "Search"],
      ["/events", "Events"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    }
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("a visitor opening a member page gets the Sign In page, coming back there after", async ({ page }) => {
    for (const path of ["/upload", "/messages", "/notifications"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    }
  });

  test("a visitor gets 403 on /admin and friendly 404s for unknown posts and events", async ({ page }) => {
    const admin = await page.goto("/admin");
    expect(admin?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();

    const post = await page.goto("/post/123456");
    expect(post?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();

    const event = await page.goto("/events/987654");
    expect(event?.status()).toBe(404);
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("a member sees the member pages, and /admin answers 403", async ({ page }) => {
    await signUpViaApi(page.request, "shellroutes");
    for (const [path, heading] of [
      ["/upload", "New post"],
      ["/messages", "No messages yet"],
      ["/notifications", "No notifications yet"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    const admin = await page.goto("/admin");
    expect(admin?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByText("Administrators only")).toBeVisible();
  });

  test("events list and an event page", async ({ page }) => {
    await page.goto("/events");
    const cards = page.locator(".event-card");
    if ((await cards.count()) === 0) {
      await expect(page.getByRole("heading", { name: "No events yet" })).toBeVisible();
      return;
    }
    const name = (await cards.first().locator(".event-card__name").textContent())!.trim();
    await cards.first().click();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByRole("link", { name: "All events" }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});

test("without JavaScript a members-only item is a working link to the Sign In page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/events");
  await bottomBar(page).getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmessages$/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await context.close();
});

test("a toast flashed by the server shows, can be closed, and others leave after 5 s", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // The page notes when each toast appears and when it leaves, so the time it stayed does
  // not depend on how soon the test looked.
  await page.addInitScript(() => {
    const times: Array<{ text: string; shown: number; gone: number | null }> = [];
    const seen = new Map<Element, number>();
    Object.assign(window, { __toastTimes: times });
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
        if (seen.has(toast)) continue;
        seen.set(toast, times.length);
        times.push({ text: toast.textContent ?? "", shown: Date.now(), gone: null });
      }
      for (const [toast, index] of seen) if (!toast.isConnected && times[index].gone === null) times[index].gone = Date.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/events");
  const username = `toast_${Date.now().toString(36)}`;
  // A plain (no JavaScript) sign-up form post: the server flashes a success toast.
  const signUp = (name: string) =>
    page.evaluate(
      (fields) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/api/auth/register";
        for (const [key, value] of Object.entries(fields)) {
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = key;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { username: name, email: `${name}@example.com`, password: "password123", confirmPassword: "password123", redirectTo: "/events" },
    );
  // The toast is drawn by the page's scripts, which a loaded machine may take seconds to run.
  const hydrated = async () => {
    await page.waitForURL(/\/welcome\//);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 30_000 });
  };

  await signUp(username);
  await hydrated();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: `Welcome to the club, ${username}!` });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: /close/i }).click();
  await expect(toast).toHaveCount(0);

  // Reloading does not show it again (the flash is used up)...
  await page.reload();
  await expect(page.getByTestId("welcome")).toContainText(username);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

  // ...and a toast left alone goes away by itself after about 5 seconds.
  await page.context().clearCookies();
  await page.goto("/events");
  const second = `toast2_${Date.now().toString(36)}`;
  await signUp(second);
  await hydrated();
  const next = page.locator("[data-sonner-toast]").filter({ hasText: second });
  await expect(next).toBeVisible();
  await page.mouse.move(10, 400);
  await expect(next).toHaveCount(0, { timeout: 10_000 });
  const times = await page.evaluate(() => (window as unknown as { __toastTimes: Array<{ text: string; shown: number; gone: number | null }> }).__toastTimes);
  const stay = times.find((entry) => entry.text.includes(second));
  expect(stay?.gone, JSON.stringify(times)).toBeTruthy();
  expect(stay!.gone! - stay!.shown).toBeGreaterThan(4500);
});
