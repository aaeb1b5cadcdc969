// A car's build card: a 1200×630 PNG (the size link previews use) of the car's photo, its
// name, its headline mods and its gains, for og:image and for forums that show pictures but
// no frames ([img]). sharp draws it: the photo cropped to fill, then an SVG layer of shade
// and text over it (librsvg sets the text with the fonts the system has; DejaVu Sans on
// Debian). A car without a photo gets the brand's dark background.
//
// Cards are kept on disk in CACHE_DIR/cards/car/<carId>/<key>.png, under the key that names
// their content (see getCarBuild): a new key draws a new card and removes the car's older
// ones; the same key answers from the file. The folder can be emptied at any time.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { BRAND_GRADIENT, SITE_NAME, THEME_COLORS } from "~/lib/rules/brand";
import { formatCost } from "~/lib/rules/formats";
import { carName, carSpecLine, formatGainAmount, type CarLike, type GainJson } from "~/lib/rules/cars";
import { headlineMods, type BuildSheet, type SheetMod } from "~/lib/rules/build-sheet";
import { cacheDir } from "~/lib/server/env.server";
import { readMedia } from "~/lib/media/media-storage.server";
import { parseVariants, variantPath, type StoredPicture } from "~/lib/media/media-types";
import { BUILD_CARD } from "~/lib/rules/share-meta";

export const CARD_WIDTH = BUILD_CARD.width;
export const CARD_HEIGHT = BUILD_CARD.height;
export const CARD_TYPE = BUILD_CARD.type;

/** How many mods and gains a card names. */
export const CARD_MODS = 4;
export const CARD_GAINS = 3;

const FONT = "DejaVu Sans, Segoe UI, Roboto, Helvetica Neue, Arial, sans-serif";
const TEXT_LEFT = 64;
/** Text stays left of this: the right of the photo stays clear. */
const TEXT_RIGHT = 820;

export type CardInput = {
  car: CarLike;
  owner: string;
  mods: readonly SheetMod[];
  sheet: BuildSheet;
  /** The photo's bytes (any format sharp reads), or null for the branded background. */
  photo: Buffer | null;
};

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** A rough width of `text` at `size` px (DejaVu Sans: about 0.6 em a character, bold 0.66). */
export function textWidth(text: string, size: number, bold = false): number {
  return [...text].length * size * (bold ? 0.66 : 0.6);
}

/** `text` cut with an ellipsis to fit `maxWidth` at `size` px. */
export function fitText(text: string, size: number, maxWidth: number, bold = false): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (textWidth(clean, size, bold) <= maxWidth) return clean;
  const chars = [...clean];
  const keep = Math.max(1, Math.floor(maxWidth / (size * (bold ? 0.66 : 0.6))) - 1);
  return `${chars.slice(0, keep).join("").trimEnd()}…`;
}

/** The title on one or two lines, broken between words, the second cut to fit. */
export function titleLines(text: string, size: number, maxWidth: number): string[] {
  const clean = text.replace(/\s+/g, " ").trim();
  if (textWidth(clean, size, true) <= maxWidth) return [clean];
  const words = clean.split(" ");
  let first = "";
  for (const word of words) {
    const next = first ? `${first} ${word}` : word;
    if (textWidth(next, size, true) > maxWidth) break;
    first = next;
  }
  if (!first) return [fitText(clean, size, maxWidth, true)];
  return [first, fitText(clean.slice(first.length), size, maxWidth, true)];
}

function text(x: number, y: number, size: number, content: string, options: { bold?: boolean; fill?: string; anchor?: "start" | "end" } = {}) {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}"${options.bold ? ' font-weight="700"' : ""} fill="${options.fill ?? "#f3f3f6"}"${
    options.anchor === "end" ? ' text-anchor="end"' : ""
  }>${escapeXml(content)}</text>`;
}

function gainPill(x: number, y: number, gain: GainJson): { svg: string; width: number } {
  const label = formatGainAmount(gain);
  const width = Math.ceil(textWidth(label, 30, true) + 40);
  return {
    width,
    svg: `<rect x="${x}" y="${y}" width="${width}" height="52" rx="26" fill="url(#accent)"/>${text(x + 20, y + 36, 30, label, { bold: true, fill: "#ffffff" })}`,
  };
}

const MARK = `<svg viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="url(#accent)"/><path d="M8.2 22.5A9 9 0 1 1 23.8 22.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/><path d="M16 18L21.2 12.4" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/><circle cx="16" cy="18" r="2.4" fill="#fff"/></svg>`;

/** The SVG layer over the photo: shade for contrast, then the text. */
export function cardOverlay(input: Omit<CardInput, "photo">, hasPhoto: boolean): string {
  const { car, sheet } = input;
  const width = TEXT_RIGHT - TEXT_LEFT;
  const parts: string[] = [];
  let y = 136;
  const title = titleLines(carName(car), 64, width);
  for (const line of title) {
    parts.push(text(TEXT_LEFT, y, 64, line, { bold: true }));
    y += 74;
  }
  const spec = carSpecLine(car);
  if (spec && spec !== carName(car)) {
    parts.push(text(TEXT_LEFT, y - 16, 28, fitText(spec, 28, width), { fill: "#d4d4dc" }));
    y += 30;
  }
  y += 24;
  for (const mod of headlineMods(input.mods, CARD_MODS)) {
    const line = `${mod.category} · ${mod.name}`;
    parts.push(`<circle cx="${TEXT_LEFT + 6}" cy="${y - 9}" r="6" fill="${BRAND_GRADIENT.from}"/>`);
    parts.push(text(TEXT_LEFT + 24, y, 28, fitText(line, 28, width - 24)));
    y += 42;
  }
  if (input.mods.length === 0) {
    parts.push(text(TEXT_LEFT, y, 28, "Stock, for now", { fill: "#d4d4dc" }));
    y += 42;
  }
  let x = TEXT_LEFT;
  const gainsTop = Math.min(y + 4, 470);
  for (const gain of sheet.gains.slice(0, CARD_GAINS)) {
    const pill = gainPill(x, gainsTop, gain);
    if (x + pill.width > TEXT_RIGHT + 120) break;
    parts.push(pill.svg);
    x += pill.width + 14;
  }
  const facts = [`${sheet.modCount} ${sheet.modCount === 1 ? "mod" : "mods"}`];
  if (sheet.costedCount > 0) facts.push(`${formatCost(sheet.shownTotalCents)} shown`);
  facts.push(`@${input.owner}`);
  parts.push(text(TEXT_LEFT, 584, 26, fitText(facts.join("  ·  "), 26, width), { fill: "#d4d4dc" }));
  parts.push(`<svg x="${CARD_WIDTH - 64 - 44}" y="40" width="44" height="44">${MARK}</svg>`);
  parts.push(text(CARD_WIDTH - 64 - 58, 72, 28, SITE_NAME, { bold: true, anchor: "end" }));

  const shade = hasPhoto
    ? `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#shade)"/><rect width="${CARD_WIDTH}" height="140" fill="url(#top)"/>`
    : `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${THEME_COLORS.dark}"/><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#glow)"/>` +
      `<svg x="860" y="200" width="280" height="280" opacity="0.18">${MARK}</svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs>
    <linearGradient id="accent" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND_GRADIENT.from}"/><stop offset="1" stop-color="${BRAND_GRADIENT.to}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b0b0f" stop-opacity="0.92"/><stop offset="0.55" stop-color="#0b0b0f" stop-opacity="0.78"/><stop offset="0.8" stop-color="#0b0b0f" stop-opacity="0.25"/><stop offset="1" stop-color="#0b0b0f" stop-opacity="0.05"/></linearGradient>
    <linearGradient id="top" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b0b0f" stop-opacity="0.55"/><stop offset="1" stop-color="#0b0b0f" stop-opacity="0"/></linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0" r="0.9"><stop offset="0" stop-color="#d9361b" stop-opacity="0.45"/><stop offset="1" stop-color="#d9361b" stop-opacity="0"/></radialGradient>
  </defs>
  ${shade}
  ${parts.join("\n  ")}
</svg>`;
}

/** Draws the card: a 1200×630 PNG. A photo that cannot be read gives the branded background. */
export async function renderBuildCard(input: CardInput): Promise<Buffer> {
  let base: Buffer | null = null;
  if (input.photo) {
    try {
      base = await sharp(input.photo, { animated: false })
        .rotate()
        .resize(CARD_WIDTH, CARD_HEIGHT, { fit: "cover", position: "attention" })
        .flatten({ background: THEME_COLORS.dark })
        .toColourspace("srgb")
        .raw()
        .toBuffer();
    } catch {
      base = null;
    }
  }
  const overlay = Buffer.from(cardOverlay(input, base !== null));
  const canvas = base
    ? sharp(base, { raw: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3 } })
    : sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: THEME_COLORS.dark } });
  return canvas
    .composite([{ input: overlay, top: 0, left: 0 }])
    .removeAlpha()
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

/** The stored copy a card's photo is read from: the smallest at least as wide as the card, else the file itself. */
export function cardPhotoKey(picture: StoredPicture): string {
  const variant = parseVariants(picture.variants).find((width) => width >= CARD_WIDTH);
  return variant ? variantPath(picture.path, variant) : picture.path;
}

/** The photo's bytes for a card; null when it is not stored (the card is drawn without it). */
export function readCardPhoto(picture: StoredPicture | null): Promise<Buffer | null> {
  return picture ? readMedia(cardPhotoKey(picture)) : Promise.resolve(null);
}

// ------------------------------------------------------------------ the kept cards

function carFolder(carId: number): string {
  return path.resolve(process.cwd(), cacheDir(), "cards", "car", String(carId));
}

function cardFile(carId: number, key: string): string {
  if (!Number.isSafeInteger(carId) || !/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw new Error("Invalid card key");
  return path.join(carFolder(carId), `${key}.png`);
}

/** The kept card of this key, or null. */
export async function readKeptCard(carId: number, key: string): Promise<Buffer | null> {
  try {
    return await readFile(cardFile(carId, key));
  } catch {
    return null;
  }
}

/** Keeps a card under its key (written whole, then renamed) and removes the car's older cards. */
export async function keepCard(carId: number, key: string, png: Buffer): Promise<void> {
  const file = cardFile(carId, key);
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, png);
  await rename(temporary, file);
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name !== path.basename(file) && name.endsWith(".png")).map((name) => rm(path.join(folder, name), { force: true })));
}

// One drawing per card at a time, however many scrapers ask at once.
const drawing = new Map<string, Promise<Buffer>>();

/** The card of this key: the kept file, else drawn by `draw` now and kept. */
export async function cachedCard(carId: number, key: string, draw: () => Promise<Buffer>): Promise<{ png: Buffer; fromCache: boolean }> {
  const kept = await readKeptCard(carId, key);
  if (kept) return { png: kept, fromCache: true };
  const id = `${carId}/${key}`;
  let job = drawing.get(id);
  if (!job) {
    job = draw()
      .then(async (png) => {
        await keepCard(carId, key, png);
        return png;
      })
      .finally(() => drawing.delete(id));
    drawing.set(id, job);
  }
  return { png: await job, fromCache: false };
}
