// A car's sale report as a PDF, drawn on the server with pdfkit's built-in Helvetica (no font
// files), with the same sections as the printable page and a QR code back to the showcase.
// The standard fonts write Windows-1252 only: any other letter is written as "?".
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import sharp from "sharp";
import { carDisplayLine, carSpecLine, formatGain } from "~/lib/rules/cars";
import { formatCost, shortDate, wholeNumber } from "~/lib/rules/formats";
import { readMedia } from "~/lib/media/media-storage.server";
import { parseVariants, variantPath, type StoredPicture } from "~/lib/media/media-types";
import type { SaleReport } from "~/models/sale-report.server";

const MARGIN = 50;
const QR_SIZE = 90;
/** The car's photo goes into the PDF at most this wide, in pixels. */
export const PDF_PHOTO_WIDTH = 1200;
/** The photo takes at most this much of the page's height, in points. */
const PHOTO_MAX_HEIGHT = 300;
/** Windows-1252's letters beyond Latin-1 that Helvetica can write. */
const CP1252_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/** The text as the standard fonts can write it. */
export function pdfText(text: string): string {
  return text
    .replace(/\u2212/g, "-")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[^\n\x20-\x7e\u00a1-\u00ff]/g, (char) => (CP1252_EXTRA.includes(char) ? char : "?"));
}

function dayOf(iso: string): string {
  return shortDate(iso);
}

/**
 * The car's photo as a JPEG at most PDF_PHOTO_WIDTH wide (pdfkit reads only JPEG and PNG, and
 * photos are stored as WebP), read from the smallest stored copy that is wide enough. Null
 * when the file is missing or unreadable: the PDF is then made without it.
 */
export async function pdfPhoto(picture: StoredPicture | null): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  if (!picture) return null;
  const variant = parseVariants(picture.variants).find((width) => width >= PDF_PHOTO_WIDTH);
  const bytes = (variant ? await readMedia(variantPath(picture.path, variant)) : null) ?? (await readMedia(picture.path));
  if (!bytes) return null;
  try {
    const { data, info } = await sharp(bytes, { animated: false })
      .rotate()
      .resize({ width: PDF_PHOTO_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** The PDF's bytes. */
export async function saleReportPdf(report: SaleReport, showcaseUrl: string): Promise<Buffer> {
  const { car, owner, mods, sheet, service, owners, include } = report;
  const title = carDisplayLine(car);
  const [qr, photo] = await Promise.all([QRCode.toBuffer(showcaseUrl, { type: "png", margin: 1, width: 240 }), pdfPhoto(report.cover)]);
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: pdfText(`Sale report: ${title}`) } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(pdfText(text), options);
  const heading = (text: string) => {
    // A section starts on a new page when little room is left for it.
    if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
    doc.moveDown(1).font("Helvetica-Bold").fontSize(14);
    write(text);
    doc.font("Helvetica").fontSize(10).moveDown(0.3);
  };

  // The car, and the way back to its live showcase.
  doc.image(qr, doc.page.width - MARGIN - QR_SIZE, MARGIN, { width: QR_SIZE });
  doc.font("Helvetica").fontSize(10).fillColor("#000000");
  write("Sale report", { width: width - QR_SIZE - 10 });
  doc.font("Helvetica-Bold").fontSize(20);
  write(title, { width: width - QR_SIZE - 10 });
  doc.font("Helvetica").fontSize(11);
  write(carSpecLine(car) || `${car.year} ${car.make} ${car.model}`, { width: width - QR_SIZE - 10 });
  write(`Owned by @${owner.username}`, { width: width - QR_SIZE - 10 });
  write(`Live showcase: ${showcaseUrl}`, { width: width - QR_SIZE - 10, link: showcaseUrl, underline: true });
  doc.y = Math.max(doc.y, MARGIN + QR_SIZE + 10);
  if (photo) {
    doc.moveDown(0.5);
    const top = doc.y;
    const scale = Math.min(width / photo.width, PHOTO_MAX_HEIGHT / photo.height);
    doc.image(photo.jpeg, MARGIN, top, { width: photo.width * scale, height: photo.height * scale });
    doc.x = MARGIN;
    doc.y = top + photo.height * scale;
  }

  heading(`Mods (${wholeNumber(mods.length)})`);
  if (mods.length === 0) write("No modifications for this vehicle");
  for (const mod of mods) {
    const cost = mod.costCents !== null ? ` - ${formatCost(mod.costCents)}` : "";
    doc.font("Helvetica-Bold");
    write(`${dayOf(mod.date)}  ${mod.maker ? `${mod.maker} ` : ""}${mod.part}${cost}`);
    doc.font("Helvetica");
    const details = [mod.category, ...mod.gains.map(formatGain)].filter(Boolean).join(" · ");
    if (details) write(details, { indent: 12 });
  }

  if (include.spending) {
    heading("Spending");
    write(`Total shown: ${formatCost(sheet.shownTotalCents)} over ${wholeNumber(sheet.costedCount)} of ${wholeNumber(sheet.modCount)} mods`);
    if (sheet.byCategory.length) {
      doc.moveDown(0.3).font("Helvetica-Bold");
      write("By category");
      doc.font("Helvetica");
      for (const row of sheet.byCategory) write(`${row.category}: ${formatCost(row.cents)} (${wholeNumber(row.mods)} ${row.mods === 1 ? "mod" : "mods"})`);
    }
    const months = sheet.spendByMonth.filter((month) => month.cents > 0);
    if (months.length) {
      doc.moveDown(0.3).font("Helvetica-Bold");
      write("Over time");
      doc.font("Helvetica");
      for (const month of months) write(`${month.month}: ${formatCost(month.cents)} (running total ${formatCost(month.totalCents)})`);
    }
  }

  if (include.gains && sheet.gains.length) {
    heading("Gains");
    for (const gain of sheet.gains) write(formatGain(gain));
  }

  if (include.service) {
    heading("Service log");
    if (service.length === 0) write("No service entries yet.");
    for (const entry of service) {
      const cost = entry.cost_cents !== null ? ` - ${formatCost(entry.cost_cents)}` : "";
      doc.font("Helvetica-Bold");
      write(`${dayOf(entry.performed_on)}  ${entry.kind_label} at ${wholeNumber(entry.mileage)} ${entry.mileage_unit}${cost}`);
      doc.font("Helvetica");
      if (entry.notes) write(entry.notes, { indent: 12 });
    }
  }

  if (include.owners) {
    heading("Ownership history");
    for (const period of owners) {
      const who = period.username ? `@${period.username}` : "A former member";
      const until = period.to ? dayOf(period.to) : "now";
      const spent = include.costs && period.shown_cents > 0 ? `, ${formatCost(period.shown_cents)} shown` : "";
      write(`${who}: ${dayOf(period.from)} - ${until} (${wholeNumber(period.mod_count)} ${period.mod_count === 1 ? "mod" : "mods"}${spent})`);
    }
  }

  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
