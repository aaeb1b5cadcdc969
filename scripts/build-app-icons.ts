// Draws the app's icons and its brand card from public/favicon.svg with sharp, into public/:
//
//   favicon.ico                    16, 32 and 48 px (PNG images in an ICO container)
//   apple-touch-icon.png           180 px, square and opaque (iOS rounds the corners itself)
//   icons/icon-192.png, -512.png   the rounded mark, transparent corners ("any" in the manifest)
//   icons/icon-maskable-512.png    full-bleed background, the mark inside the central safe circle
//   icons/share-card.png           1200×630, shared for pages without a picture of their own
//
// The files are committed; run this again after changing the logo or the brand name.
//
//   npx tsx scripts/build-app-icons.ts           write the files
//   npx tsx scripts/build-app-icons.ts --check   exit 1 when a file is missing or has the wrong size
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { APP_ICONS, BRAND_CARD, SITE_NAME, SITE_TAGLINE, THEME_COLORS } from "../app/lib/rules/brand";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const fileOf = (urlPath: string) => path.join(publicDir, urlPath.replace(/^\//, ""));

export const ICO_SIZES = [16, 32, 48];

const favicon = readFileSync(fileOf(APP_ICONS.svg), "utf8");

/** The favicon with its rounded tile made square: for icons that the platform masks itself. */
function fullBleed(svg: string): string {
  const squared = svg.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, "$1");
  if (squared === svg) throw new Error("public/favicon.svg changed shape: expected a rounded <rect> tile to square.");
  return squared;
}

function png(svg: string, size: number, options: { opaque?: string } = {}): Promise<Buffer> {
  let image = sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 32) }).resize(size, size);
  if (options.opaque) image = image.flatten({ background: options.opaque });
  return image.png({ compressionLevel: 9 }).toBuffer();
}

/** An ICO file holding PNG images (every browser and Windows since Vista reads these). */
export function icoOf(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(16 * images.length);
  let offset = header.length + entries.length;
  images.forEach(({ size, data }, index) => {
    const at = index * 16;
    entries.writeUInt8(size >= 256 ? 0 : size, at); // width (0 means 256)
    entries.writeUInt8(size >= 256 ? 0 : size, at + 1); // height
    entries.writeUInt8(0, at + 2); // no palette
    entries.writeUInt8(0, at + 3); // reserved
    entries.writeUInt16LE(1, at + 4); // colour planes
    entries.writeUInt16LE(32, at + 6); // bits per pixel
    entries.writeUInt32LE(data.length, at + 8);
    entries.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, entries, ...images.map((image) => image.data)]);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The brand card: the mark, the name and the tagline, centred so a square crop keeps them. */
function brandCardSvg(): string {
  const { width, height } = BRAND_CARD;
  const mark = favicon.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  const markSize = 168;
  const font = "DejaVu Sans, Segoe UI, Roboto, Helvetica Neue, Arial, sans-serif";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="glow" cx="0.85" cy="0" r="0.9">
      <stop offset="0" stop-color="#d9361b" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#d9361b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="${THEME_COLORS.dark}"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <svg x="${(width - markSize) / 2}" y="96" width="${markSize}" height="${markSize}" viewBox="0 0 32 32">${mark}</svg>
  <text x="${width / 2}" y="388" text-anchor="middle" font-family="${font}" font-size="84" font-weight="700" fill="#f3f3f6">${escapeXml(SITE_NAME)}</text>
  <text x="${width / 2}" y="452" text-anchor="middle" font-family="${font}" font-size="32" fill="#b9b9c6">${escapeXml(SITE_TAGLINE)}</text>
</svg>`;
}

type Output = { file: string; width: number; height: number; format: "png" | "ico"; make: () => Promise<Buffer> };

const OUTPUTS: Output[] = [
  {
    file: APP_ICONS.ico,
    width: 48,
    height: 48,
    format: "ico",
    make: async () => icoOf(await Promise.all(ICO_SIZES.map(async (size) => ({ size, data: await png(favicon, size) })))),
  },
  { file: APP_ICONS.appleTouch, width: 180, height: 180, format: "png", make: () => png(fullBleed(favicon), 180, { opaque: THEME_COLORS.dark }) },
  { file: APP_ICONS.any192, width: 192, height: 192, format: "png", make: () => png(favicon, 192) },
  { file: APP_ICONS.any512, width: 512, height: 512, format: "png", make: () => png(favicon, 512) },
  { file: APP_ICONS.maskable512, width: 512, height: 512, format: "png", make: () => png(fullBleed(favicon), 512, { opaque: THEME_COLORS.dark }) },
  {
    file: BRAND_CARD.path,
    width: BRAND_CARD.width,
    height: BRAND_CARD.height,
    format: "png",
    make: () => sharp(Buffer.from(brandCardSvg())).png({ compressionLevel: 9 }).toBuffer(),
  },
];

async function check(): Promise<string[]> {
  const problems: string[] = [];
  for (const output of OUTPUTS) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(fileOf(output.file));
    } catch {
      problems.push(`${output.file} is missing`);
      continue;
    }
    if (output.format === "ico") {
      if (bytes.readUInt16LE(2) !== 1 || bytes.readUInt16LE(4) !== ICO_SIZES.length) problems.push(`${output.file} is not an ICO of ${ICO_SIZES.length} images`);
      continue;
    }
    const meta = await sharp(bytes).metadata();
    if (meta.format !== "png" || meta.width !== output.width || meta.height !== output.height) {
      problems.push(`${output.file} should be a ${output.width}×${output.height} PNG`);
    }
  }
  return problems;
}

async function main() {
  if (process.argv.includes("--check")) {
    const problems = await check();
    for (const problem of problems) console.error(problem);
    if (problems.length) {
      console.error("Run `npx tsx scripts/build-app-icons.ts` to make them.");
      process.exit(1);
    }
    return;
  }
  for (const output of OUTPUTS) {
    const file = fileOf(output.file);
    mkdirSync(path.dirname(file), { recursive: true });
    const bytes = await output.make();
    writeFileSync(file, bytes);
    console.log(`${output.file}  ${output.width}×${output.height}  ${bytes.length} bytes`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
