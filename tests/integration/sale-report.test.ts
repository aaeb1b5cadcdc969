// A car's sale report, as a page (readable without JavaScript) and as a PDF read back as text:
// the car, every mod with its maker and part, the costs the owner shows (never a private one,
// not even on the owner's own report), the totals, the gains, the service notes and the
// owners, with a link and a QR code back to the live showcase. The owner's choices leave parts
// out; a query the form never sends is a 400, an unknown car a 404.
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { storeMedia } from "~/lib/media/media-storage.server";
import { makeUser, type TestUser } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { showcasePath, showcaseReportPath, showcaseReportPdfPath } from "~/lib/paths";

let app: RunningApp;
let owner: TestUser;
let carId: number;
let photoCarId: number;
let lostPhotoCarId: number;

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  app = await serveApp(await sourceBuild(["routes/showcase.$carId_.report", "routes/showcase.$carId_.report[.]pdf"]));
  owner = await makeUser("report_owner");
  carId = (await prisma.car.create({ data: { ownerId: owner.id, make: "Nissan", model: "Skyline", year: 1999, trim: "GT-R V-Spec", nickname: "Godzilla" } })).id;
  // Stored photos are WebP, as uploads are stored.
  const webp = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#c22" } })
    .webp()
    .toBuffer();
  const stored = await storeMedia(webp, "webp", "cars");
  photoCarId = (
    await prisma.car.create({
      data: { ownerId: owner.id, make: "Mazda", model: "RX-7", year: 1993, coverPath: stored.key, coverVariants: "", coverWidth: 1600, coverHeight: 900 },
    })
  ).id;
  lostPhotoCarId = (
    await prisma.car.create({
      data: { ownerId: owner.id, make: "Honda", model: "NSX", year: 1991, coverPath: "cars/gone-for-good.webp", coverVariants: "", coverWidth: 1600, coverHeight: 900 },
    })
  ).id;
  const maker = await prisma.manufacturer.upsert({ where: { name: "HKS" }, create: { name: "HKS" }, update: {} });
  await prisma.mod.create({
    data: {
      carId,
      category: "Exhaust",
      modelName: "Hi-Power Spec-L",
      manufacturerId: maker.id,
      costCents: 185000,
      showCost: true,
      createdAt: new Date("2025-04-02T10:00:00Z"),
      gains: { create: [{ type: "horsepower", amount: 15, unit: "hp" }] },
    },
  });
  await prisma.mod.create({
    data: { carId, category: "Suspension", modelName: "Secret coilovers", costCents: 424242, showCost: false, createdAt: new Date("2025-06-10T10:00:00Z") },
  });
  await prisma.serviceEntry.create({
    data: {
      carId,
      authorId: owner.id,
      kind: "oil",
      performedOn: new Date("2026-02-01T00:00:00Z"),
      mileage: 61000,
      mileageUnit: "km",
      costCents: 9900,
      costShown: true,
      notes: "Motul 300V at the track day",
    },
  });
});

afterAll(async () => {
  await app?.close();
});

/** The JPEG pictures a PDF holds: each image object written with the JPEG filter, read back as its bytes. */
function pdfJpegs(bytes: Uint8Array): Buffer[] {
  const pdf = Buffer.from(bytes);
  const text = pdf.toString("latin1");
  const found: Buffer[] = [];
  for (const match of text.matchAll(/<<([^>]*\/Subtype \/Image[^>]*)>>\s*stream\r?\n/g)) {
    if (!match[1].includes("/DCTDecode")) continue;
    const length = Number(/\/Length (\d+)/.exec(match[1])?.[1]);
    const start = match.index + match[0].length;
    found.push(pdf.subarray(start, start + length));
  }
  return found;
}

async function get(path: string, cookie?: string): Promise<Response> {
  return fetch(`${app.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

describe("the sale report page", () => {
  it("holds the car, the mods with shown costs and gains, the totals, the service notes, the owners and a QR code back", async () => {
    const response = await get(showcaseReportPath(carId));
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of [
      "Sale report",
      "Godzilla",
      "HKS",
      "Hi-Power Spec-L",
      "$1,850",
      "+15 hp horsepower",
      "Secret coilovers",
      "Motul 300V at the track day",
      "61,000 km",
      "@report_owner",
    ]) {
      expect(html, text).toContain(text);
    }
    // The private cost never shows, and the total counts the shown one only.
    expect(html).not.toContain("4,242");
    expect(html).toContain("$1,850 shown across 1 of 2 modifications");
    expect(html).toMatch(/<img src="data:image\/svg\+xml;base64,[^"]+" width="112" height="112" alt="QR code for http:\/\/[^"]+\/showcase\/\d+"/);
    expect(html).toContain(`href="/showcase/${carId}/report.pdf"`);
  });

  it("shows the owner the choices, and leaves out what they untick (the PDF link follows)", async () => {
    const all = await (await get(showcaseReportPath(carId), owner.cookie)).text();
    expect(all).toContain('name="costs"');
    const visitor = await (await get(showcaseReportPath(carId))).text();
    expect(visitor).not.toContain('name="costs"');

    const html = await (await get(`${showcaseReportPath(carId)}?choose=1&gains=on&owners=on`, owner.cookie)).text();
    expect(html).not.toContain("$1,850");
    expect(html).not.toContain("Motul 300V");
    expect(html).toContain("+15 hp horsepower");
    expect(html).toContain(`href="/showcase/${carId}/report.pdf?choose=1&amp;gains=on&amp;owners=on"`);
  });

  it("answers 400 to a query the form never sends and 404 to an unknown car", async () => {
    expect((await get(`${showcaseReportPath(carId)}?costs=yes`)).status).toBe(400);
    expect((await get(`${showcaseReportPath(carId)}?costs=on&costs=on`)).status).toBe(400);
    expect((await get(`/showcase/987654/report`)).status).toBe(404);
    expect((await get(`/showcase/987654/report.pdf`)).status).toBe(404);
    expect((await get(`${showcaseReportPdfPath(carId)}?choose=2`)).status).toBe(400);
  });
});

describe("the sale report PDF", () => {
  it("is a PDF file, named after the car, holding the mods, the totals, the service note and the link back, never the private cost", async () => {
    const response = await get(showcaseReportPdfPath(carId), owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="1999-nissan-skyline-sale-report.pdf"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const wanted of ["Godzilla", "HKS", "Hi-Power Spec-L", "1,850", "Secret coilovers", "Motul 300V at the track day", showcasePath(carId)]) {
      expect(text, wanted).toContain(wanted);
    }
    expect(text).not.toContain("4,242");
  });

  it("holds the car's photo, as a JPEG no wider than 1200 pixels", async () => {
    const response = await get(showcaseReportPdfPath(photoCarId));
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const jpegs = pdfJpegs(bytes);
    expect(jpegs).toHaveLength(1);
    const photo = await sharp(jpegs[0]).metadata();
    expect(photo.format).toBe("jpeg");
    expect(photo.width).toBe(1200);
    expect(photo.height).toBe(675);
  });

  it("is made without the photo when its file is missing, and holds none when the car has no photo", async () => {
    const lost = await get(showcaseReportPdfPath(lostPhotoCarId));
    expect(lost.status).toBe(200);
    const lostBytes = new Uint8Array(await lost.arrayBuffer());
    expect(pdfJpegs(lostBytes)).toHaveLength(0);
    const { text } = await extractText(await getDocumentProxy(lostBytes), { mergePages: true });
    expect(text).toContain("1991 Honda NSX");
    const none = new Uint8Array(await (await get(showcaseReportPdfPath(carId))).arrayBuffer());
    expect(pdfJpegs(none)).toHaveLength(0);
  });
});
