// Shared links, as the outside world reads them. The app is served on 127.0.0.1 (no other
// traffic) with members, cars, posts (a photo, a video, text only), an event; then:
// - every public page is read by open-graph-scraper (on the served HTML) for its title,
//   description, absolute og:url from APP_URL, og:image, og:site_name and twitter:card, and
//   every og:image is fetched: it must be a JPEG or a PNG;
// - posts and showcases are embedded with @extractus/oembed-extractor, which finds the
//   provider through the page's discovery link, and the provider's answers are checked;
// - robots.txt, favicon.ico, apple-touch-icon and the web app manifest are fetched.
import { request as httpRequest } from "node:http";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { extract } from "@extractus/oembed-extractor";
import ogs from "open-graph-scraper";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { APP_ICONS, BRAND_CARD, SITE_NAME, THEME_COLORS } from "~/lib/rules/brand";
import { processAvatar } from "~/lib/media/photo-storage.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { mediaColumns } from "~/lib/media/processed-media.server";
import { stopInsuranceReminders } from "~/models/insurance-reminders.server";
import { deleteMedia, mediaDir } from "~/lib/media/media-storage.server";
import { EMBED_DEFAULT_WIDTH } from "~/lib/rules/oembed";
import { makeClip } from "../support/media";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { eventPath, postPath, showcasePath } from "~/lib/paths";

const ROUTES = [
  "routes/_index",
  "routes/post.$id",
  "routes/showcase.$carId",
  "routes/user.$username",
  "routes/events._index",
  "routes/events.$id",
  "routes/search",
  "routes/embed.post.$postId",
  "routes/embed.car.$carId",
  "routes/cards.car.$file",
  "routes/oembed",
  "routes/og-image.$",
  "routes/media.$",
  "routes/manifest[.]webmanifest",
];

/** A link-preview scraper's user agent (the documents are then rendered whole, as for bots). */
const SCRAPER = "facebookexternalhit/1.1";

let app: RunningApp;
let origin: string;
const ids = {} as {
  photoPost: number;
  portraitPost: number;
  videoPost: number;
  textPost: number;
  longPost: number;
  processingPost: number;
  car: number;
  bareCar: number;
  event: number;
};

async function photo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c22e15"/><stop offset="1" stop-color="#1b1b22"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#f6f6f8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function stored(bytes: Uint8Array) {
  return mediaColumns(await processUpload(bytes));
}

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  app = await serveApp(await sourceBuild(ROUTES));
  origin = app.origin;
  process.env.APP_URL = origin;

  const avatar = await processAvatar(await photo(400, 400));
  const jess = await prisma.user.create({
    data: { username: "jess", email: "jess@example.com", nickname: "Jess", profileImage: avatar.url, profile: { create: { bio: "JDM forever" } } },
  });
  const sam = await prisma.user.create({ data: { username: "sam", email: "sam@example.com", profile: { create: {} } } });
  const car = await prisma.car.create({ data: { ownerId: jess.id, make: "Nissan", model: "Skyline", year: 1999, trim: "GT-R", nickname: "Godzilla" } });
  const bareCar = await prisma.car.create({ data: { ownerId: sam.id, make: "Mazda", model: "MX-5", year: 1990 } });

  const post = (createdById: number, story: string, extra: { carId?: number; status?: string } = {}) =>
    prisma.post.create({
      data: {
        createdById,
        story,
        status: extra.status ?? "ready",
        ...(extra.carId ? { carId: extra.carId, postCars: { create: { carId: extra.carId } } } : {}),
      },
    });
  const withMedia = async (postId: number, uploaderId: number, columns: Awaited<ReturnType<typeof stored>>) =>
    prisma.media.create({ data: { postId, uploaderId, position: 0, ...columns } });

  const clip = await makeClip("unfurl.mp4", { size: "640x360", codec: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac"] });
  const [landscape, portrait, video] = await Promise.all([stored(await photo(1600, 1200)), stored(await photo(1080, 1350)), stored(await readFile(clip))]);

  const videoPost = await post(jess.id, "Cold start at dawn", { carId: car.id });
  await withMedia(videoPost.id, jess.id, video);
  const portraitPost = await post(jess.id, "Tall shot", { carId: car.id });
  await withMedia(portraitPost.id, jess.id, portrait);
  const photoPost = await post(jess.id, "Fresh alignment, ready for the track day.", { carId: car.id });
  await withMedia(photoPost.id, jess.id, landscape);
  const textPost = await post(sam.id, "Anyone going to the coffee meet on Sunday?");
  const longPost = await post(sam.id, Array.from({ length: 12 }, (_, line) => `Line ${line + 1} of a long build diary entry.`).join("\n"));
  const processingPost = await post(jess.id, "Still converting", { carId: car.id, status: "processing" });
  const event = await prisma.event.create({
    data: { name: "Sunday Coffee & Cars", dateTime: new Date(Date.now() + 7 * 86_400_000), location: "Harbour car park", description: "Bring your car." },
  });
  Object.assign(ids, {
    photoPost: photoPost.id,
    portraitPost: portraitPost.id,
    videoPost: videoPost.id,
    textPost: textPost.id,
    longPost: longPost.id,
    processingPost: processingPost.id,
    car: car.id,
    bareCar: bareCar.id,
    event: event.id,
  });
}, 120_000);

afterAll(async () => {
  stopInsuranceReminders();
  await app?.close();
  delete process.env.APP_URL;
});

async function page(pathname: string, init: RequestInit = {}) {
  const response = await fetch(origin + pathname, { ...init, headers: { "User-Agent": SCRAPER, ...init.headers } });
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** What open-graph-scraper reads from a page's HTML (Open Graph and Twitter tags only). */
async function scrape(pathname: string) {
  const html = await page(pathname);
  const { error, result } = await ogs({ html, onlyGetOpenGraphInfo: true });
  expect(error).toBe(false);
  return { html, result };
}

/** Fetches an image URL as a scraper would: it must be a JPEG or a PNG of the size announced. */
async function expectReadableImage(url: string, announced?: { width?: string | number; height?: string | number }) {
  expect(url.startsWith(`${origin}/`), url).toBe(true);
  const response = await fetch(url, { headers: { "User-Agent": SCRAPER } });
  expect(response.status, url).toBe(200);
  const type = response.headers.get("content-type") ?? "";
  expect(["image/jpeg", "image/png"], `${url} is ${type}`).toContain(type);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect(meta.format).toBe(type === "image/png" ? "png" : "jpeg");
  if (announced?.width) expect(meta.width).toBe(Number(announced.width));
  if (announced?.height) expect(meta.height).toBe(Number(announced.height));
  return { response, meta };
}

describe("every public page unfurls", () => {
  const cases = () => [
    { path: "/", url: `${origin}/`, card: "summary", title: "car enthusiast social platform", picture: "brand" },
    {
      path: postPath(ids.photoPost),
      url: `${origin}/post/${ids.photoPost}`,
      card: "summary_large_image",
      title: "@jess on Car Social: Godzilla · 1999 Nissan Skyline GT-R",
      picture: "jpeg",
    },
    {
      path: postPath(ids.videoPost),
      url: `${origin}/post/${ids.videoPost}`,
      card: "summary_large_image",
      title: "@jess on Car Social: Godzilla · 1999 Nissan Skyline GT-R",
      picture: "jpeg",
    },
    { path: postPath(ids.textPost), url: `${origin}/post/${ids.textPost}`, card: "summary", title: "@sam on Car Social: Unknown Vehicle", picture: "brand" },
    {
      path: showcasePath(ids.car),
      url: `${origin}/showcase/${ids.car}`,
      card: "summary_large_image",
      title: "Godzilla · 1999 Nissan Skyline GT-R · Showcase",
      picture: "card",
    },
    {
      path: showcasePath(ids.bareCar),
      url: `${origin}/showcase/${ids.bareCar}`,
      card: "summary_large_image",
      title: "1990 Mazda MX-5 · Showcase",
      picture: "card",
    },
    { path: "/user/jess", url: `${origin}/user/jess`, card: "summary", title: "Jess (@jess)", picture: "jpeg" },
    { path: "/user/sam", url: `${origin}/user/sam`, card: "summary", title: "sam (@sam)", picture: "brand" },
    { path: "/events", url: `${origin}/events`, card: "summary", title: "Events", picture: "brand" },
    { path: eventPath(ids.event), url: `${origin}/events/${ids.event}`, card: "summary", title: "Sunday Coffee & Cars", picture: "brand" },
    { path: "/search", url: `${origin}/search`, card: "summary", title: "Search", picture: "brand" },
    { path: "/search?q=skyline", url: `${origin}/search?q=skyline`, card: "summary", title: "“skyline” · Search", picture: "brand" },
  ];

  it("has a title, a description, og:url from APP_URL, og:site_name, twitter:card and a JPEG or PNG og:image", async () => {
    for (const expected of cases()) {
      const { result } = await scrape(expected.path);
      const where = expected.path;
      expect(result.ogTitle, where).toBe(expected.title);
      expect(result.ogDescription?.length ?? 0, where).toBeGreaterThan(10);
      expect(result.ogUrl, where).toBe(expected.url);
      expect(result.ogSiteName, where).toBe(SITE_NAME);
      expect(result.twitterCard, where).toBe(expected.card);
      expect(result.twitterTitle, where).toBe(expected.title);
      expect(result.twitterDescription, where).toBe(result.ogDescription);

      const [image] = result.ogImage ?? [];
      expect(image?.url, where).toBeTruthy();
      expect(result.twitterImage?.[0]?.url, where).toBe(image.url);
      const { meta } = await expectReadableImage(image.url, image);
      if (expected.picture === "brand") {
        expect(image.url).toBe(`${origin}${BRAND_CARD.path}`);
        expect([meta.width, meta.height]).toEqual([BRAND_CARD.width, BRAND_CARD.height]);
      } else if (expected.picture === "card") {
        // A showcase is shared with the car's build card.
        expect(image.url, where).toMatch(new RegExp(`^${origin}/cards/car/\\d+\\.png$`));
        expect([image.type, meta.width, meta.height], where).toEqual(["image/png", 1200, 630]);
      } else {
        expect(image.url, where).toMatch(new RegExp(`^${origin}/og-image/.+\\.jpg$`));
        expect(image.type, where).toBe("image/jpeg");
      }
    }
  });

  it("has a <title> and a description for people and search engines too", async () => {
    const html = await page(postPath(ids.photoPost));
    expect(html).toContain("<title>@jess on Car Social: Godzilla · 1999 Nissan Skyline GT-R</title>");
    expect(html).toMatch(/<meta name="description" content="Fresh alignment, ready for the track day."\/>/);
    expect(html).toContain(`<link rel="canonical" href="${origin}/post/${ids.photoPost}"/>`);
    expect(await page("/")).toContain("<title>car enthusiast social platform</title>");
  });

  it("shares a post's photo as the JPEG of its 1080 px copy, with its size", async () => {
    const { result } = await scrape(postPath(ids.photoPost));
    const [image] = result.ogImage!;
    expect(image).toMatchObject({ width: "1080", height: "810", type: "image/jpeg" });
    const { response } = await expectReadableImage(image.url, image);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Asked again, it comes from the kept rendition, byte for byte.
    const again = await fetch(image.url);
    expect(again.headers.get("etag")).toBe(response.headers.get("etag"));
    expect((await fetch(image.url, { headers: { "If-None-Match": response.headers.get("etag")! } })).status).toBe(304);
  });

  it("never takes the address from the Host header", async () => {
    const html = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(`${origin}/events`, { headers: { Host: "attacker.example", "User-Agent": SCRAPER } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve(body));
      });
      request.on("error", reject);
      request.end();
    });
    expect(html).toContain(`<meta property="og:url" content="${origin}/events"/>`);
    expect(html).not.toContain("attacker.example");
  });

  it("serves no picture that is not stored, and none once the picture is deleted", async () => {
    for (const pathname of ["/og-image/nope/missing.jpg", "/og-image/..%2F..%2Fetc%2Fpasswd.jpg", "/og-image/ab.png", `/og-image/${"a".repeat(300)}.jpg`]) {
      const response = await fetch(origin + pathname);
      expect(response.status, pathname).toBe(404);
    }
    const { result } = await scrape(postPath(ids.portraitPost));
    const url = result.ogImage![0].url;
    expect((await fetch(url)).status).toBe(200);
    const key = url.slice(`${origin}/og-image/`.length).replace(/\.jpg$/, ".webp");
    const rendition = path.join(mediaDir(), ".renditions", key.replace(/\.webp$/, ".jpg"));
    expect(existsSync(rendition)).toBe(true);
    await deleteMedia(key);
    expect(existsSync(rendition)).toBe(false);
    expect((await fetch(url)).status).toBe(404);
  });
});

describe("oEmbed", () => {
  const oembed = (query: Record<string, string>) => fetch(`${origin}/oembed?${new URLSearchParams(query)}`);

  it("is discovered on a post page and answers a rich embed of the post", async () => {
    const url = `${origin}/post/${ids.photoPost}`;
    const data = (await extract(url)) as Record<string, unknown>;
    expect(data.method).toBe("auto-discovery");
    expect(data).toMatchObject({
      type: "rich",
      version: "1.0",
      title: "@jess on Car Social: Godzilla · 1999 Nissan Skyline GT-R",
      author_name: "@jess",
      author_url: `${origin}/user/jess`,
      provider_name: SITE_NAME,
      provider_url: `${origin}/`,
      width: EMBED_DEFAULT_WIDTH,
      thumbnail_width: 1080,
      thumbnail_height: 810,
    });
    const html = String(data.html);
    expect(html).toMatch(new RegExp(`^<iframe src="${origin}/embed/post/${ids.photoPost}" width="${EMBED_DEFAULT_WIDTH}" height="${data.height}" `));
    expect(html).toContain('title="@jess on Car Social: Godzilla · 1999 Nissan Skyline GT-R"');
    await expectReadableImage(String(data.thumbnail_url), { width: 1080, height: 810 });
    // The iframe's page is there, and may be framed.
    const embed = await fetch(`${origin}/embed/post/${ids.photoPost}`);
    expect(embed.status).toBe(200);
  });

  it("is discovered on a showcase page and frames the car's build sheet embed, the build card as the thumbnail", async () => {
    const data = (await extract(`${origin}/showcase/${ids.car}`)) as Record<string, unknown>;
    expect(data).toMatchObject({ type: "rich", version: "1.0", title: "Godzilla · 1999 Nissan Skyline GT-R · Showcase", author_name: "@jess", provider_name: SITE_NAME });
    expect(String(data.html)).toContain(`src="${origin}/embed/car/${ids.car}"`);
    expect(data.thumbnail_url).toBe(`${origin}/cards/car/${ids.car}.png`);
    await expectReadableImage(String(data.thumbnail_url), { width: 1200, height: 630 });
  });

  it("frames the build sheet of a car without posts too", async () => {
    const data = (await extract(`${origin}/showcase/${ids.bareCar}`)) as Record<string, unknown>;
    expect(data).toMatchObject({
      type: "rich",
      version: "1.0",
      title: "1990 Mazda MX-5 · Showcase",
      author_name: "@sam",
      thumbnail_url: `${origin}/cards/car/${ids.bareCar}.png`,
    });
    expect(String(data.html)).toContain(`src="${origin}/embed/car/${ids.bareCar}"`);
  });

  it("has no discovery link where there is nothing to embed", async () => {
    for (const pathname of ["/", "/events", "/user/jess", "/search"]) {
      expect(await page(pathname), pathname).not.toContain("application/json+oembed");
    }
  });

  it("sizes the frame to the post: media by its aspect ratio, the caption by its length", async () => {
    const size = async (id: number, extra: Record<string, string> = {}) => {
      const response = await oembed({ url: `${origin}/post/${id}`, format: "json", ...extra });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { width: number; height: number; html: string };
      expect(body.html).toContain(`width="${body.width}" height="${body.height}"`);
      return body;
    };
    const text = await size(ids.textPost);
    const landscape = await size(ids.photoPost);
    const portrait = await size(ids.portraitPost);
    const long = await size(ids.longPost);
    // The photo at 4:3 in a 598 px frame is 449 px tall; the text post has a 120 px placeholder.
    expect(landscape.height - text.height).toBeGreaterThan(300);
    expect(portrait.height - landscape.height).toBeGreaterThan(250);
    // A long story is cut at six lines: taller than a one-line one, but bounded.
    expect(long.height - text.height).toBeGreaterThanOrEqual(5 * 21);
    expect(long.height - text.height).toBeLessThanOrEqual(6 * 21);

    const narrow = await size(ids.photoPost, { maxwidth: "400" });
    expect(narrow.width).toBe(400);
    expect(narrow.height).toBeLessThan(landscape.height);
    const short = await size(ids.portraitPost, { maxheight: "700" });
    expect(short.height).toBeLessThanOrEqual(700);
    expect(short.width).toBeLessThan(EMBED_DEFAULT_WIDTH);
    const tiny = await size(ids.portraitPost, { maxheight: "200" });
    expect(tiny.height).toBe(200);
  });

  it("answers 501 for XML, 400 for a bad request, 404 for what is not an embeddable page of ours", async () => {
    const post = `${origin}/post/${ids.photoPost}`;
    expect((await oembed({ url: post, format: "xml" })).status).toBe(501);
    const missing = await oembed({ format: "json" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: "url is required: the address of a post or a showcase" });
    for (const url of ["not a url", "javascript:alert(1)", "/post/1"]) expect((await oembed({ url })).status, url).toBe(400);
    for (const maxwidth of ["abc", "0", "-5", "1.5", "99999999"]) expect((await oembed({ url: post, maxwidth })).status, maxwidth).toBe(400);
    for (const url of [
      `https://elsewhere.example/post/${ids.photoPost}`,
      `${origin}/user/jess`,
      `${origin}/post/999999`,
      `${origin}/post/${ids.processingPost}`,
      `${origin}/showcase/999999`,
      `${origin}/post/${"9".repeat(40)}`,
    ]) {
      const response = await oembed({ url, format: "json" });
      expect(response.status, url).toBe(404);
      expect(await response.json()).toEqual({ error: "No post or showcase at this address" });
    }
    // The same page by its other scheme, or with a query, is the same page.
    expect((await oembed({ url: `${post.replace("http:", "https:")}?utm_source=chat#top` })).status).toBe(200);
  });
});

describe("icons and the web app manifest", () => {
  it("links the icons and the manifest from every page", async () => {
    const html = await page(postPath(ids.photoPost));
    expect(html).toContain(`<link rel="icon" href="${APP_ICONS.ico}" sizes="32x32"/>`);
    expect(html).toContain(`<link rel="icon" href="${APP_ICONS.svg}" type="image/svg+xml"/>`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="${APP_ICONS.appleTouch}"/>`);
    expect(html).toContain(`<link rel="manifest" href="/manifest.webmanifest"/>`);
  });

  it("serves a real favicon.ico and a 180 px apple-touch-icon", async () => {
    const ico = await fetch(`${origin}/favicon.ico`);
    expect(ico.status).toBe(200);
    const bytes = Buffer.from(await ico.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), three images: 16, 32 and 48 px PNGs.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((index) => bytes.readUInt8(6 + index * 16));
    expect(sizes).toEqual([16, 32, 48]);
    const first = bytes.readUInt32LE(6 + 12);
    expect((await sharp(bytes.subarray(first, first + bytes.readUInt32LE(6 + 8))).metadata()).width).toBe(16);

    const touch = await fetch(`${origin}${APP_ICONS.appleTouch}`);
    expect(touch.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await touch.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 180, 180, false]);
  });

  it("serves an installable manifest", async () => {
    const response = await fetch(`${origin}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      user_preferences: { color_scheme_dark: { theme_color: string; background_color: string } };
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: SITE_NAME,
      short_name: SITE_NAME,
      start_url: "/",
      display: "standalone",
      theme_color: THEME_COLORS.light,
      background_color: THEME_COLORS.light,
    });
    expect(manifest.user_preferences.color_scheme_dark).toEqual({ theme_color: THEME_COLORS.dark, background_color: THEME_COLORS.dark });
    const png = manifest.icons.filter((icon) => icon.type === "image/png");
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of png) {
      const size = Number(icon.sizes.split("x")[0]);
      await expectReadableImage(`${origin}${icon.src}`, { width: size, height: size });
    }
  });

  it("serves robots.txt: public pages open, private areas and the API closed", async () => {
    const response = await fetch(`${origin}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n").filter((line) => line && !line.startsWith("#"));
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/api/", "/admin", "/messages", "/profile", "/my-cars", "/notifications", "/upload"]) expect(lines).toContain(`Disallow: ${path}`);
    // Nothing that an unfurl needs is closed, and no sitemap is promised (there is none).
    expect(lines.filter((line) => /^Disallow: \/(og-image|media|post|showcase|user|events|search|embed|oembed)/.test(line))).toEqual([]);
    expect(lines.some((line) => line.startsWith("Sitemap:"))).toBe(false);
  });
});
