// Every page of the app, with real ids from the demo seed: the browser tests that visit each
// page (every-route.spec.ts in Chromium, text-browser.spec.ts in lynx and w3m) share this
// list. It is checked against app/routes, so a new page cannot be left out.
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO } from "./browser";
import { eventPath, postEditPath, postLikesPath, postPath, showcasePath, showcaseReportPath, userPath } from "~/lib/paths";

export type Ids = { postId: number; carId: number; modId: number; eventId: number; username: string; partHref: string };

/** A URL for every page module in app/routes (resource routes, *.ts, are not pages). */
export function urlsFor(ids: Ids): Record<string, string> {
  return {
    "_index.tsx": "/",
    "admin.tsx": "/admin",
    "embed.car.$carId.tsx": `/embed/car/${ids.carId}`,
    "embed.post.$postId.tsx": `/embed/post/${ids.postId}`,
    "events.$id.tsx": eventPath(ids.eventId),
    "events._index.tsx": "/events",
    // No handover of the demo's car waits for anyone: the page says so (404).
    "handover.$carId.($token).tsx": `/handover/${ids.carId}`,
    "login.tsx": "/login?redirectTo=%2Fevents",
    "menu.tsx": "/menu",
    "messages.$username.tsx": `/messages/${ids.username}`,
    "messages._index.tsx": "/messages",
    "messages.tsx": "/messages",
    "comment.$id_.edit.tsx": "/comment/1/edit",
    "my-cars.$carId.edit.tsx": `/my-cars/${ids.carId}/edit`,
    "my-cars.$carId.handover.tsx": `/my-cars/${ids.carId}/handover`,
    "my-cars.$carId.mods.$modId.tsx": `/my-cars/${ids.carId}/mods/${ids.modId}`,
    "my-cars.$carId.mods._index.tsx": `/my-cars/${ids.carId}/mods`,
    "my-cars.$carId.mods.new.tsx": `/my-cars/${ids.carId}/mods/new`,
    "my-cars.$carId.service.tsx": `/my-cars/${ids.carId}/service`,
    "my-cars._index.tsx": "/my-cars",
    "my-cars.new.tsx": "/my-cars/new",
    "notifications.tsx": "/notifications",
    "post.$id.tsx": postPath(ids.postId),
    "post.$id_.edit.tsx": postEditPath(ids.postId),
    "post.$id_.likes.tsx": postLikesPath(ids.postId),
    "post.$id_.share.tsx": `${postPath(ids.postId)}/share`,
    "profile.tsx": "/profile",
    "profile_.export.tsx": "/profile/export",
    "profile_.saved.tsx": "/profile/saved",
    "profile_.security.tsx": "/profile/security",
    "report.$contentType.$contentId.tsx": `/report/post/${ids.postId}?redirectTo=%2F`,
    "reset-password.tsx": "/reset-password",
    "search.tsx": "/search?q=turbo",
    "parts.$partRef.tsx": ids.partHref,
    "signup.tsx": "/signup",
    "showcase.$carId.tsx": showcasePath(ids.carId),
    "showcase.$carId_.report.tsx": showcaseReportPath(ids.carId),
    "tags.$tag.tsx": "/tags/trackday",
    "two-factor.tsx": "/two-factor",
    "upload.tsx": "/upload",
    "user.$username.tsx": userPath(ids.username),
    "version-changes.tsx": "/version-changes",
    "verify-email.tsx": "/verify-email?token=not-a-real-token",
    "welcome.$step.tsx": "/welcome/follow",
  };
}

/** Pages the server renders with a part opened by the URL: the sign-in dialog and Grams. */
export function openedPartsFor(ids: Ids): string[] {
  return ["/?login=signin", "/?login=signup", `/?grams=${ids.postId}`];
}

/** The page modules in app/routes. */
export const pageModules = readdirSync(path.resolve("app/routes")).filter((file) => file.endsWith(".tsx"));

/** Real ids from the demo seed, found the way a member would: through their pages. */
export async function demoIds(request: APIRequestContext): Promise<Ids> {
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
