// A car's build, as the outside world gets it. The app is served on 127.0.0.1 with a car that
// has a photo post and mods (one cost private), and a car with nothing; then:
// - the showcase: the build sheet and its chart in the HTML, the forum snippets as text,
//   og:image = the build card (read by open-graph-scraper), the oEmbed discovery link;
// - the card: a 1200×630 PNG, kept on disk and answered from there, 304 to its ETag, drawn
//   again when a mod or the cover changes, 404 for what is not a car;
// - the embed: no script at all, framable by any site, the private cost nowhere;
// - oEmbed for a showcase frames the car's embed, with the card as the thumbnail.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { extract } from "@extractus/oembed-extractor";
import ogs from "open-graph-scraper";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { buildBbcode, buildMarkdown } from "~/lib/rules/build-export";
import { buildSheet } from "~/lib/rules/build-sheet";
import { carEmbedSize } from "~/lib/rules/car-embed";
import { mediaColumns } from "~/lib/media/processed-media.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { stopInsuranceReminders } from "~/models/insurance-reminders.server";
import { showcaseMods } from "~/models/build-sheet.server";
import { getShowcase } from "~/models/showcase.server";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { showcasePath } from "~/lib/paths";

const ROUTES = ["routes/showcase.$carId", "routes/embed.car.$carId", "routes/cards.car.$file", "routes/oembed", "routes/media.$", "routes/og-image.$"];
const SCRAPER = "facebookexternalhit/1.1";
/** The mean of each channel over a part of a picture. */
async function regionMeans(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { channels } = await sharp(await sharp(png).extract(region).toBuffer()).stats();
  return channels.map((channel) => channel.mean);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let app: RunningApp;
let origin: string;
const ids = {} as { car: number; bareCar: number; turbo: number; owner: number };

/** A bright, plain photo: the card's right side (no text there) shows it. */
async function photo(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="100%" height="100%" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function photoPost(carId: number, userId: number, colour: string) {
  const post = await prisma.post.create({ data: { createdById: userId, story: "Fresh paint", carId, postCars: { create: { carId } } } });
  const columns = mediaColumns(await processUpload(await photo(colour)));
  return prisma.media.create({ data: { postId: post.id, uploaderId: userId, position: 0, ...columns } });
}

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  app = await serveApp(await sourceBuild(ROUTES));
  origin = app.origin;
  process.env.APP_URL = origin;

  const jess = await prisma.user.create({ data: { username: "jess", email: "jess@example.com", profile: { create: {} } } });
  const sam = await prisma.user.create({ data: { username: "sam", email: "sam@example.com", profile: { create: {} } } });
  const car = await prisma.car.create({ data: { ownerId: jess.id, make: "Nissan", model: "Skyline", year: 1999, trim: "GT-R", nickname: "Godzilla" } });
  const bareCar = await prisma.car.create({ data: { ownerId: sam.id, make: "Mazda", model: "MX-5", year: 1990 } });
  const hks = await prisma.manufacturer.create({ data: { name: "HKS" } });
  const turbo = await prisma.mod.create({
    data: {
      carId: car.id,
      category: "Turbo",
      modelName: "GT III-RS",
      manufacturerId: hks.id,
      costCents: 450_000,
      showCost: true,
      createdAt: new Date("2025-01-10T09:00:00Z"),
      gains: { create: [{ type: "horsepower", amount: 120, unit: "hp" }] },
    },
  });
  await prisma.mod.create({
    data: { carId: car.id, category: "Suspension", modelName: "Öhlins Road & Track", costCents: 280_000, showCost: false, createdAt: new Date("2025-03-02T12:00:00Z") },
  });
  await prisma.mod.create({
    data: {
      carId: car.id,
      category: "Exhaust",
      modelName: "Tomei Expreme Ti",
      costCents: 120_000,
      showCost: true,
      createdAt: new Date("2025-04-20T18:00:00Z"),
      gains: { create: [{ type: "horsepower", amount: 15, unit: "hp" }] },
    },
  });
  await photoPost(car.id, jess.id, "#f2e6a0");
  Object.assign(ids, { car: car.id, bareCar: bareCar.id, turbo: turbo.id, owner: jess.id });
}, 120_000);

afterAll(async () => {
  stopInsuranceReminders();
  await app?.close();
  delete process.env.APP_URL;
});

async function page(pathname: string) {
  const response = await fetch(origin + pathname, { headers: { "User-Agent": SCRAPER } });
  expect(response.status, pathname).toBe(200);
  return { response, html: await response.text() };
}

const card = (carId: number, init: RequestInit = {}) => fetch(`${origin}/cards/car/${carId}.png`, init);

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe("the showcase", () => {
  it("shows the build sheet without JavaScript: mod count, shown spend only, gains, and the chart as an image with its numbers in text", async () => {
    const { html } = await page(showcasePath(ids.car));
    const sheet = html.slice(html.indexOf('data-testid="build-sheet"'), html.indexOf('data-testid="build-export"'));
    expect(sheet).toContain('<dd data-testid="sheet-mod-count">3</dd>');
    // $4,500 + $1,200; the suspension's private $2,800 is in no figure.
    expect(sheet).toContain('<dd data-testid="sheet-spend">$5,700</dd>');
    expect(sheet).not.toContain("2,800");
    expect(sheet).not.toContain("8,500");
    expect(sheet).toMatch(/<th scope="row">Turbo<\/th><td>1<\/td><td>\$4,500<\/td>/);
    expect(sheet).toContain("+135 hp");
    expect(sheet).toMatch(/<svg class="spend-chart__svg" role="img" aria-labelledby="([^"]+)-title"/);
    expect(sheet).toContain(">Shown spend over time</title>");
    expect(sheet.match(/<rect class="spend-chart__bar"/g)).toHaveLength(4);
    expect(sheet).toContain('<path class="spend-chart__line" d="M');
    expect(sheet).toContain("$5,700 shown from January 2025 to April 2025.");
  });

  it("holds the BBCode and Markdown snippets as text to select, built from what anyone may see", async () => {
    const { html } = await page(showcasePath(ids.car));
    // As a visitor reads them: what anyone may see.
    const { sheetMods: mods } = showcaseMods((await getShowcase(ids.car))!.modRows, null);
    const input = {
      title: "Godzilla · 1999 Nissan Skyline GT-R",
      showcaseUrl: `${origin}/showcase/${ids.car}`,
      cardUrl: `${origin}/cards/car/${ids.car}.png`,
      mods,
      sheet: buildSheet(mods),
    };
    const boxes = [...html.matchAll(/<textarea[^>]*id="build-export-(\w+)"[^>]*readonly=""[^>]*>([\s\S]*?)<\/textarea>/g)].map((match) => [
      match[1],
      decodeHtml(match[2]),
    ]);
    expect(boxes).toEqual([
      ["bbcode", buildBbcode(input)],
      ["markdown", buildMarkdown(input)],
    ]);
    const bbcode = boxes[0][1];
    expect(bbcode).toContain(`[url=${origin}/showcase/${ids.car}][img]${origin}/cards/car/${ids.car}.png[/img][/url]`);
    expect(bbcode).toContain("[*]Turbo: HKS GT III-RS ($4,500)");
    expect(bbcode).toContain("[*]Suspension: Öhlins Road & Track\n");
    expect(html).toContain("<summary>Copy as BBCode</summary>");
  });

  it("unfurls with the build card as og:image and has an oEmbed discovery link", async () => {
    const { html } = await page(showcasePath(ids.car));
    const { error, result } = await ogs({ html, onlyGetOpenGraphInfo: true });
    expect(error).toBe(false);
    const [image] = result.ogImage ?? [];
    expect(image).toMatchObject({ url: `${origin}/cards/car/${ids.car}.png`, type: "image/png", width: "1200", height: "630" });
    expect(result.twitterCard).toBe("summary_large_image");
    expect(result.twitterImage?.[0]?.url).toBe(image.url);
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${origin}/oembed?url=${encodeURIComponent(`${origin}/showcase/${ids.car}`)}&amp;format=json"`,
    );
  });
});

describe("the build card", () => {
  it("is a 1200×630 PNG of the car's photo, kept on disk and answered from there, 304 to its ETag", async () => {
    const first = await card(ids.car, { headers: { "User-Agent": SCRAPER } });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("public, max-age=600");
    expect(first.headers.get("x-card-cache")).toBe("miss");
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    // The right of the card, clear of text, is the pale yellow photo, not the dark brand background.
    const [red, green, blue] = await regionMeans(bytes, { left: 1000, top: 200, width: 180, height: 400 });
    expect(red).toBeGreaterThan(150);
    expect(green).toBeGreaterThan(150);
    expect(blue).toBeLessThan(red - 30);

    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    const folder = path.join(process.env.CACHE_DIR!, "cards", "car", String(ids.car));
    expect(readdirSync(folder)).toEqual([`${etag.slice(1, -1)}.png`]);

    const again = await card(ids.car);
    expect(again.headers.get("x-card-cache")).toBe("hit");
    expect(again.headers.get("etag")).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const notModified = await card(ids.car, { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
  });

  it("is drawn again when a mod changes, and when the cover changes", async () => {
    const before = (await card(ids.car)).headers.get("etag")!;
    await prisma.mod.update({ where: { id: ids.turbo }, data: { costCents: 475_000 } });
    const changed = await card(ids.car, { headers: { "If-None-Match": before } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("x-card-cache")).toBe("miss");
    const afterMod = changed.headers.get("etag")!;
    expect(afterMod).not.toBe(before);
    const folder = path.join(process.env.CACHE_DIR!, "cards", "car", String(ids.car));
    // The older card is gone from the disk.
    expect(readdirSync(folder)).toEqual([`${afterMod.slice(1, -1)}.png`]);

    await photoPost(ids.car, ids.owner, "#203080");
    const recovered = await card(ids.car);
    expect(recovered.headers.get("etag")).not.toBe(afterMod);
    const [red, , blue] = await regionMeans(Buffer.from(await recovered.arrayBuffer()), { left: 1000, top: 200, width: 180, height: 400 });
    // Now the deep blue photo of the newest post.
    expect(blue).toBeGreaterThan(red + 40);

    await prisma.mod.delete({ where: { id: ids.turbo } });
    const deleted = await card(ids.car);
    expect(deleted.headers.get("x-card-cache")).toBe("miss");
  });

  it("has the brand's background for a car without a photo", async () => {
    const response = await card(ids.bareCar);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(1200);
    const [red, green, blue] = await regionMeans(bytes, { left: 1000, top: 520, width: 180, height: 100 });
    expect(Math.max(red, green, blue)).toBeLessThan(60);
  });

  it("is a 404 for anything that is not a car's card", async () => {
    for (const pathname of [
      "/cards/car/999999.png",
      "/cards/car/abc.png",
      `/cards/car/${ids.car}.jpg`,
      `/cards/car/${ids.car}`,
      "/cards/car/0.png",
      `/cards/car/${"9".repeat(30)}.png`,
    ]) {
      const response = await fetch(origin + pathname);
      expect(response.status, pathname).toBe(404);
    }
    expect(existsSync(path.join(process.env.CACHE_DIR!, "cards", "car", "999999"))).toBe(false);
  });
});

describe("the car embed", () => {
  it("runs no script, may be framed by any site, and shows only what anyone may see", async () => {
    const { response, html } = await page(`/embed/car/${ids.car}`);
    expect(html).not.toMatch(/<script/i);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors *");
    expect(policy).toContain("script-src 'none'");
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(html).toContain('data-testid="embed-car"');
    expect(html).toContain("Godzilla");
    expect(html).toContain("$1,200");
    expect(html).toContain("Öhlins Road &amp; Track");
    expect(html).not.toContain("2,800");
    // Every link opens the app in a new tab.
    const links = [...html.matchAll(/<a [^>]*>/g)].map((match) => match[0]);
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) expect(link, link).toContain('target="_blank"');
    expect(html).toContain(`href="${origin}/showcase/${ids.car}"`);
  });

  it("is a compact 404 for a car that does not exist, with no script either", async () => {
    const response = await fetch(`${origin}/embed/car/999999`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/<script/i);
  });

  it("is what oEmbed frames for a showcase, sized to the car, with the card as the thumbnail", async () => {
    const data = (await extract(`${origin}/showcase/${ids.car}`)) as Record<string, unknown>;
    expect(data).toMatchObject({
      type: "rich",
      title: "Godzilla · 1999 Nissan Skyline GT-R · Showcase",
      author_name: "@jess",
      thumbnail_url: `${origin}/cards/car/${ids.car}.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    const mods = await prisma.mod.count({ where: { carId: ids.car } });
    const size = carEmbedSize({ hasPhoto: true, hasSpec: true, modCount: mods, hasGains: true });
    expect(data).toMatchObject(size);
    expect(String(data.html)).toMatch(new RegExp(`^<iframe src="${origin}/embed/car/${ids.car}" width="${size.width}" height="${size.height}" `));
    const bare = (await extract(`${origin}/showcase/${ids.bareCar}`)) as Record<string, unknown>;
    expect(bare).toMatchObject({ type: "rich", title: "1990 Mazda MX-5 · Showcase" });
    expect(String(bare.html)).toContain(`src="${origin}/embed/car/${ids.bareCar}"`);
  });
});
