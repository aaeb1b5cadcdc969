// /embed/post/{id} framed by another site: it renders, ships no scripts, opens the app in a
// new tab, and only /embed/* may be framed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";

const APP = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/**
 * A tiny "forum" on another origin (localhost on its own port) whose page frames `src`.
 * A real server rather than a routed page: the browser's local-network checks refuse to
 * let a page of unknown address frame a loopback one.
 */
async function forum(src: string) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Forum</title><h1>Look at this build</h1><iframe id="post" src="${src}" width="100%" height="800" style="border:0"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/thread/42`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test("the embed renders inside another site's iframe with no scripts at all", async ({ page, request }) => {
  const feed = await (await request.get("/api/feed?limit=50")).json();
  const post = feed.posts.find((candidate: { photos: unknown[] }) => candidate.photos.length > 1);
  const embed = `${APP}/embed/post/${post.id}`;
  const site = await forum(embed);
  try {
    await page.goto(site.url);
    const frame = page.frameLocator("#post");
    await expect(frame.getByTestId("embed-post")).toBeVisible();
    await expect(frame.getByText(`@${post.creator.username}`)).toBeVisible();
    const cta = frame.getByRole("link", { name: /View on Car Social/ });
    await expect(cta).toHaveAttribute("href", `${APP}/post/${post.id}`);
    await expect(cta).toHaveAttribute("target", "_blank");
    await expect(cta).toHaveAttribute("rel", /noopener/);
    // Every link opens the app in a new tab.
    const targets = await frame.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("target")));
    expect(targets.every((target) => target === "_blank")).toBe(true);
    // The media: every item in a scroll-snap strip with its count.
    await expect(frame.locator(".embed__slide")).toHaveCount(post.photos.length);
    await expect(frame.getByText(`1 / ${post.photos.length}`)).toBeVisible();
    expect(await page.frame({ url: embed })!.evaluate(() => document.scripts.length)).toBe(0);
  } finally {
    await site.close();
  }

  // The raw document has no <script> tag and may be framed anywhere.
  const response = await request.get(`/embed/post/${post.id}`);
  expect(await response.text()).not.toMatch(/<script/i);
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(response.headers()["x-frame-options"]).toBeUndefined();
});

test("other pages refuse to be framed by other sites", async ({ page, request, pageErrors }) => {
  // The refusal under test is reported by the browser as a console error.
  pageErrors.allow(/violates the following Content Security Policy directive: "frame-ancestors/);
  const response = await request.get("/");
  expect(response.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");

  const feed = await (await request.get("/api/feed?limit=1")).json();
  const site = await forum(`${APP}/post/${feed.posts[0].id}`);
  try {
    await page.goto(site.url);
    await page.waitForTimeout(1000);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed?.url()).not.toContain("/post/");
  } finally {
    await site.close();
  }
});

test("a missing post's embed is a compact notice", async ({ page }) => {
  const response = await page.goto("/embed/post/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This post is unavailable" })).toBeVisible();
  expect(await page.evaluate(() => document.scripts.length)).toBe(0);
});
