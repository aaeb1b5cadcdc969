// Every page route, signed in and out, on a desktop and a phone, in light and dark: each
// must load, hydrate and report no page or console error (the fixtures fail the test on
// any). The list of URLs is checked against app/routes, so a new page cannot be left out.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { devices, expect, test } from "./fixtures";
import { DEMO } from "../support/browser";

type Ids = { postId: number; carId: number; modId: number; eventId: number; username: string; partHref: string };

/** A URL for every page module in app/routes (resource routes, *.ts, are not pages). */
function urlsFor(ids: Ids): Record<string, string> {
  return {
    "_index.tsx": "/",
    "admin.tsx": "/admin",
    "embed.car.$carId.tsx": `/embed/car/${ids.carId}`,
    "embed.post.$postId.tsx": `/embed/post/${ids.postId}`,
    "events.$id.tsx": `/events/${ids.eventId}`,
    "events._index.tsx": "/events",
    "login.tsx": "/login?redirectTo=%2Fevents",
    "menu.tsx": "/menu",
    "messages.$username.tsx": `/messages/${ids.username}`,
    "messages._index.tsx": "/messages",
    "messages.tsx": "/messages",
    "my-cars.$carId.edit.tsx": `/my-cars/${ids.carId}/edit`,
    "my-cars.$carId.mods.$modId.tsx": `/my-cars/${ids.carId}/mods/${ids.modId}`,
    "my-cars.$carId.mods._index.tsx": `/my-cars/${ids.carId}/mods`,
    "my-cars.$carId.mods.new.tsx": `/my-cars/${ids.carId}/mods/new`,
    "my-cars._index.tsx": "/my-cars",
    "my-cars.new.tsx": "/my-cars/new",
    "notifications.tsx": "/notifications",
    "post.$id.tsx": `/post/${ids.postId}`,
    "post.$id_.likes.tsx": `/post/${ids.postId}/likes`,
    "post.$id_.share.tsx": `/post/${ids.postId}/share`,
    "profile.tsx": "/profile",
    "profile_.saved.tsx": "/profile/saved",
    "profile_.security.tsx": "/profile/security",
    "report.$contentType.$contentId.tsx": `/report/post/${ids.postId}?redirectTo=%2F`,
    "reset-password.tsx": "/reset-password",
    "search.tsx": "/search?q=turbo",
    "parts.$partRef.tsx": ids.partHref,
    "signup.tsx": "/signup",
    "showcase.$carId.tsx": `/showcase/${ids.carId}`,
    "two-factor.tsx": "/two-factor",
    "upload.tsx": "/upload",
    "user.$username.tsx": `/user/${ids.username}`,
    "version-changes.tsx": "/version-changes",
    "verify-email.tsx": "/verify-email?token=not-a-real-token",
  };
}

/** Pages the server renders with a part opened by the URL: the sign-in dialog and Grams. */
function openedPartsFor(ids: Ids): string[] {
  return ["/?login=signin", "/?login=signup", `/?grams=${ids.postId}`];
}

const pageModules = readdirSync(path.resolve("app/routes")).filter((file) => file.endsWith(".tsx"));

/** Real ids from the demo seed, found the way a member would: through their pages. */
async function demoIds(request: APIRequestContext): Promise<Ids> {
  const signIn = await request.post("/api/auth/login", { data: { email: DEMO.member.email, password: DEMO.member.password } });
  expect(signIn.status()).toBe(200);
  const feed = (await (await request.get("/api/feed?limit=1")).json()) as { posts: { id: number }[] };
  const cars = await (await request.get("/my-cars")).text();
  const mod =
    cars.match(/\/my-cars\/(\d+)\/mods\/(\d+)/) ??
    (await (await request.get(`/my-cars/${cars.match(/\/my-cars\/(\d+)\/edit/)?.[1]}/mods`)).text()).match(/\/my-cars\/(\d+)\/mods\/(\d+)/);
  const events = await (await request.get("/events")).text();
  const eventId = Number(events.match(/\/events\/(\d+)/)?.[1]);
  const parts = (await (await request.get("/api/parts/search?q=hks")).json()) as { parts: { href: string }[] };
  expect(feed.posts[0]?.id).toBeGreaterThan(0);
  expect(mod, "the demo member has a car with a mod").not.toBeNull();
  expect(eventId).toBeGreaterThan(0);
  expect(parts.parts[0]?.href, "the demo has a part").toMatch(/^\/parts\/\d+-/);
  return { postId: feed.posts[0].id, carId: Number(mod![1]), modId: Number(mod![2]), eventId, username: "jdm_jess", partHref: parts.parts[0].href };
}

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
