// The app's service worker, served at /sw.js with scope "/" (server/service-worker.ts), one
// text per build. Rules:
// - the build's version is in its text, so every deploy is a new worker: it installs itself
//   at once, takes over open tabs, and deletes the earlier builds' cached files;
// - it keeps the build's own files (the shell's scripts and stylesheets at install, any other
//   /assets/ file when first fetched): their names change with their content, so a kept file
//   is never stale;
// - pages always come from the network; a copy of the last KEEP_PAGES pages opened is kept on
//   the device, for one person: when the pages come from someone else (another member, or a
//   visitor after a sign-out elsewhere), or the member signs out here, the copies are deleted
//   (and this device's push subscription is cancelled) before anything new is kept. Sign-in,
//   sign-up, password, two-factor, admin and API answers are never kept;
// - with no connection, a page kept on the device is shown as it was; any other page is the
//   offline page, which lists the kept pages;
// - a push is shown as a notification; a tap opens its page in a tab of the app, else a new one.
import { APP_ICONS, BRAND_GRADIENT, SITE_NAME, THEME_COLORS } from "~/lib/rules/brand";

/** How many pages the device keeps for reading without a connection. */
export const KEEP_PAGES = 12;

/** Pages that are never kept on the device. */
const NEVER_KEPT = /^\/(login|signup|logout|two-factor|reset-password|verify-email|admin|api|welcome|profile\/security)(\/|$|\.)/;

/** The offline page's words. */
export const OFFLINE_TEXT = {
  title: "You're offline",
  lead: "There is no connection right now. These pages you opened lately are saved on this device:",
  nothing: "Nothing is saved on this device yet. Pages you open while online are kept here for the next time the signal drops.",
  retry: "Try again",
} as const;

export type ServiceWorkerBuild = {
  /** The build's version (Remix's manifest version). */
  version: string;
  /** The files every page loads first: kept at install. */
  shell: string[];
};

/** The worker's source for one build. */
export function serviceWorkerSource({ version, shell }: ServiceWorkerBuild): string {
  return `// ${JSON.stringify(version)}: the build this worker belongs to.
"use strict";

const VERSION = ${JSON.stringify(version)};
const SHELL_CACHE = "shell-" + VERSION;
const SHELL = ${JSON.stringify(shell)};
const PAGES_CACHE = "pages";
const INDEX_KEY = "/__kept-pages.json";
const KEEP_PAGES = ${KEEP_PAGES};
const NEVER_KEPT = ${NEVER_KEPT.toString()};
const TEXT = ${JSON.stringify(OFFLINE_TEXT)};
const SITE_NAME = ${JSON.stringify(SITE_NAME)};
const ICON = ${JSON.stringify(APP_ICONS.any192)};
const COLORS = ${JSON.stringify({ light: THEME_COLORS.light, dark: THEME_COLORS.dark, accent: BRAND_GRADIENT.to, accentDark: BRAND_GRADIENT.from })};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => Promise.all(SHELL.map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("shell-") && name !== SHELL_CACHE) await caches.delete(name);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && /^\\/logout(\\.data)?$/.test(url.pathname)) {
    event.waitUntil(forgetMember());
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(buildFile(request));
  else if (request.mode === "navigate") event.respondWith(page(event, url));
});

async function buildFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

function pageKey(url) {
  return url.origin + url.pathname + url.search;
}

async function page(event, url) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
    if (response.ok && html && !NEVER_KEPT.test(url.pathname)) event.waitUntil(keepPage(url, response.clone()));
    return response;
  } catch {
    return offline(url);
  }
}

async function readIndex(cache) {
  const stored = await cache.match(INDEX_KEY);
  try {
    return stored ? await stored.json() : null;
  } catch {
    return null;
  }
}

async function keepPage(url, response) {
  const html = await response.text();
  const member = (/<html[^>]*\\sdata-member="(\\d+)"/.exec(html) || [])[1] || "";
  const title = (/<title>([^<]*)<\\/title>/.exec(html) || [])[1] || url.pathname;
  let cache = await caches.open(PAGES_CACHE);
  let index = await readIndex(cache);
  if (!index || index.member !== member) {
    await caches.delete(PAGES_CACHE);
    cache = await caches.open(PAGES_CACHE);
    index = { member, pages: [] };
  }
  const key = pageKey(url);
  const pages = [{ url: key, title, at: Date.now() }, ...index.pages.filter((one) => one.url !== key)];
  for (const dropped of pages.slice(KEEP_PAGES)) await cache.delete(dropped.url);
  index.pages = pages.slice(0, KEEP_PAGES);
  await cache.put(key, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  await cache.put(INDEX_KEY, new Response(JSON.stringify(index), { headers: { "Content-Type": "application/json" } }));
}

async function forgetMember() {
  await caches.delete(PAGES_CACHE);
  const subscription = self.registration.pushManager ? await self.registration.pushManager.getSubscription() : null;
  if (subscription) await subscription.unsubscribe().catch(() => false);
}

async function offline(url) {
  const cache = await caches.open(PAGES_CACHE);
  const kept = await cache.match(pageKey(url));
  if (kept) return kept;
  const index = await readIndex(cache);
  return new Response(offlinePage(index ? index.pages : [], pageKey(url)), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function offlinePage(pages, here) {
  const list = pages.length
    ? "<p>" + escape(TEXT.lead) + "</p><ul>" + pages.map((one) => '<li><a href="' + escape(one.url) + '">' + one.title + "</a></li>").join("") + "</ul>"
    : "<p>" + escape(TEXT.nothing) + "</p>";
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>" + escape(TEXT.title) + "</title><meta name=\\"color-scheme\\" content=\\"light dark\\">" +
    "<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;padding:2rem 1.25rem;max-width:40rem;background:" + COLORS.light + ";color:#16161a}" +
    "h1{font-size:1.5rem;margin:0 0 .75rem}li{margin:.5rem 0}a{color:" + COLORS.accent + "}" +
    "@media (prefers-color-scheme: dark){body{background:" + COLORS.dark + ";color:#ececf1}a{color:" + COLORS.accentDark + "}}</style></head>" +
    '<body><main><h1>' + escape(TEXT.title) + "</h1>" + list + '<p><a href="' + escape(here) + '">' + escape(TEXT.retry) + "</a></p></main></body></html>";
}

// A push: { title, body, url, icon, tag }, shown as a notification.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : SITE_NAME;
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    icon: typeof data.icon === "string" && data.icon ? data.icon : ICON,
    badge: ICON,
    tag: typeof data.tag === "string" ? data.tag : undefined,
    data: { url: typeof data.url === "string" ? data.url : "/notifications" },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

// A tap opens the push's page: in a tab of the app already open, else a new one. Only
// addresses of this site are opened.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && "focus" in client) {
          return client.focus().then((focused) => (focused && "navigate" in focused ? focused.navigate(url) : self.clients.openWindow(url)));
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
`;
}
