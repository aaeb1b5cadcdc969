// /embed/post/{id} framed by another site: it renders, ships no scripts, opens the app in a
// new tab, and only /embed/* may be framed. It stands alone: inline icons (it works in a
// sandbox), one small stylesheet, no background of its own, and the embed code's height fits it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { expect, test, type APIRequestContext } from "./fixtures";
import { postPath } from "~/lib/paths";

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

/** A forum page on another origin whose body is `body` (an embed code, say), on `background`. */
async function forumPage(body: string, { background = "#ffffff", scheme = "" } = {}) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    const colorScheme = scheme ? `<meta name="color-scheme" content="${scheme}">` : "";
    response.end(`<!doctype html>${colorScheme}<title>Forum</title><style>body{margin:0;padding:24px;background:${background}}</style><p>Look at this build</p>${body}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/thread/7`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type FeedPost = { id: number; story: string; soundcloud_url: string | null; photos: unknown[] };

async function variedPosts(request: APIRequestContext): Promise<FeedPost[]> {
  const { posts } = (await (await request.get("/api/feed?limit=50")).json()) as { posts: FeedPost[] };
  const picks = [
    posts.find((post) => post.photos.length > 1),
    posts.find((post) => post.photos.length === 0 && post.story.trim().length > 0),
    posts.find((post) => post.soundcloud_url),
    posts.reduce((longest, post) => (post.story.length > longest.story.length ? post : longest)),
  ];
  expect(picks.every(Boolean)).toBe(true);
  return [...new Map(picks.map((post) => [post!.id, post!])).values()];
}

test("the embed sends no script, no sprite reference and at most 20 KB of gzipped CSS", async ({ request }) => {
  for (const post of await variedPosts(request)) {
    const html = await (await request.get(`/embed/post/${post.id}`)).text();
    expect(html).not.toMatch(/<script/i);
    // Icons are drawn inline: no <use> pointing at a file (a sandboxed frame cannot load it).
    expect(html).not.toMatch(/<use\b[^>]*href=/i);
    expect(html).toMatch(/<svg[^>]*data-icon="ThumbsUp"[^>]*>\s*<path /);
    const stylesheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/gi)].map((tag) => /href="([^"]+)"/.exec(tag[0])![1]);
    expect(stylesheets).toHaveLength(1);
    expect(stylesheets[0]).toMatch(/\/embed-[^/]+\.css$/);
    const css = await (await request.get(stylesheets[0])).body();
    expect(css.toString("utf8")).toContain(".embed__footer");
    expect(gzipSync(css).length).toBeLessThanOrEqual(20 * 1024);
  }
});

test("the embed code from the share dialog frames the whole post, icons included, in a sandbox", async ({ page, request }) => {
  for (const post of await variedPosts(request)) {
    await page.goto(postPath(post.id));
    await page
      .getByRole("main")
      .getByRole("button", { name: /^Share/ })
      .first()
      .click();
    await expect(page.getByTestId("share-embed")).toHaveValue(new RegExp(`src="${APP}/embed/post/${post.id}"`));
    const code = await page.getByTestId("share-embed").inputValue();
    const height = Number(/height="(\d+)"/.exec(code)![1]);
    expect(code).not.toContain('height="800"');
    // The forum frames it in a sandbox: the embed's origin is opaque, so it reaches no file of
    // ours (scripts are allowed only so that the test can measure inside the frame; the
    // embed has none).
    const site = await forumPage(code.replace("<iframe ", '<iframe id="post" sandbox="allow-scripts allow-popups" '));
    try {
      await page.goto(site.url);
      const embed = `${APP}/embed/post/${post.id}`;
      await expect.poll(() => page.frames().some((candidate) => candidate.url() === embed)).toBe(true);
      const framed = page.frames().find((candidate) => candidate.url() === embed)!;
      await framed.waitForLoadState("load");
      await expect(framed.getByTestId("embed-post")).toBeVisible();
      const box = await page.locator("#post").boundingBox();
      expect(Math.round(box!.height)).toBe(height);
      const measured = await framed.evaluate(() => ({
        scrollHeight: document.documentElement.scrollHeight,
        contentBottom: document.querySelector(".embed-page")!.getBoundingClientRect().bottom,
        icons: [...document.querySelectorAll("svg")].map((svg) => {
          const drawn = svg.getBBox();
          const shown = svg.getBoundingClientRect();
          return { name: svg.dataset.icon, drawn: drawn.width * drawn.height, shown: shown.width * shown.height };
        }),
      }));
      // Nothing cut off (the frame never scrolls) and no more than 40 px left empty below.
      expect(measured.scrollHeight, `post ${post.id}`).toBeLessThanOrEqual(height);
      expect(height - measured.contentBottom, `post ${post.id}`).toBeLessThanOrEqual(40);
      // Every icon draws: its shapes have an area, and so does the icon on the page.
      expect(measured.icons.length).toBeGreaterThanOrEqual(4);
      for (const icon of measured.icons) {
        expect(icon.drawn, icon.name).toBeGreaterThan(0);
        expect(icon.shown, icon.name).toBeGreaterThan(0);
      }
    } finally {
      await site.close();
    }
  }
});

test("the embed paints no background of its own on the host page, whatever the scheme", async ({ page, request }) => {
  const [post] = await variedPosts(request);
  const pixelAt = async (x: number, y: number) => {
    const shot = await page.locator("#post").screenshot();
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  };
  // A light forum seen under a dark OS theme and a light one, then a dark forum: the 8 px
  // around the card shows the forum's own background.
  for (const host of [
    { background: "#ffffff", os: "dark" as const, expected: [255, 255, 255] },
    { background: "#ffffff", os: "light" as const, expected: [255, 255, 255] },
    { background: "#202020", os: "dark" as const, expected: [32, 32, 32] },
  ]) {
    await page.emulateMedia({ colorScheme: host.os });
    const site = await forumPage(`<iframe id="post" src="${APP}/embed/post/${post.id}" width="616" height="400" style="border:0"></iframe>`, host);
    try {
      await page.goto(site.url);
      await expect(page.frameLocator("#post").getByTestId("embed-post")).toBeVisible();
      const [r, g, b] = await pixelAt(3, 3);
      expect([r, g, b], JSON.stringify(host)).toEqual(host.expected);
    } finally {
      await site.close();
    }
  }
});
