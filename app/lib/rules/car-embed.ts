// The size of a car's embed frame (/embed/car/{carId}), for oEmbed and embed codes. The embed
// is plain HTML and CSS (app/components/showcase/EmbedCar.tsx, embed-car.css) whose text lines
// never wrap (long ones end in an ellipsis), so its height follows from the frame's width
// (the photo is 16:9) and from how many lines it lists. The numbers are its CSS sizes:
// change both together.
import { EMBED_DEFAULT_WIDTH, EMBED_LAYOUT, EMBED_MIN_WIDTH, type EmbedLimits } from "~/lib/rules/oembed";

export const CAR_EMBED_LAYOUT = {
  /** The photo's shape, width over height. */
  photoRatio: 16 / 9,
  /** The title: one line of 18 px text. */
  title: 26,
  /** The spec line, the mod lines, the "more" line: one line of 14 px text. */
  line: 21,
  /** The figures: a 24 px value over a 16 px label. */
  stats: 40,
  /** The gains: one row of chips. */
  gains: 28,
} as const;

/** The embed lists at most this many mods; the rest are counted. */
export const CAR_EMBED_MODS = 8;

export type CarEmbedContent = { hasPhoto: boolean; hasSpec: boolean; modCount: number; hasGains: boolean };

/** The embed's height, in CSS pixels, in a frame `frameWidth` wide. */
export function carEmbedHeight(content: CarEmbedContent, frameWidth: number): number {
  const L = EMBED_LAYOUT;
  const C = CAR_EMBED_LAYOUT;
  const cardWidth = Math.min(L.maxWidth, Math.max(0, frameWidth - 2 * L.pagePadding));
  const inner = Math.max(1, cardWidth - 2 * L.border);
  const photo = content.hasPhoto ? inner / C.photoRatio : L.placeholder;
  const blocks: number[] = [C.title];
  if (content.hasSpec) blocks.push(C.line);
  blocks.push(C.stats);
  if (content.hasGains) blocks.push(C.gains);
  const listed = Math.min(content.modCount, CAR_EMBED_MODS);
  blocks.push(Math.max(1, listed) * C.line + (content.modCount > CAR_EMBED_MODS ? C.line : 0));
  blocks.push(L.footerTop + L.cta);
  const body = 2 * L.bodyPadding + blocks.reduce((sum, block) => sum + block, 0) + L.gap * (blocks.length - 1);
  return Math.ceil(2 * L.pagePadding + 2 * L.border + L.header + photo + body + L.slack);
}

/** The frame for a car's embed: as wide as it gets (or maxwidth); over maxheight, the widest narrower one that fits, else maxheight and it scrolls. */
export function carEmbedSize(content: CarEmbedContent, limits: EmbedLimits = {}): { width: number; height: number } {
  const width = Math.min(EMBED_DEFAULT_WIDTH, limits.maxwidth ?? EMBED_DEFAULT_WIDTH);
  const height = carEmbedHeight(content, width);
  const maxheight = limits.maxheight;
  if (!maxheight || height <= maxheight) return { width, height };
  for (let narrower = width - 10; narrower >= EMBED_MIN_WIDTH; narrower -= 10) {
    const fits = carEmbedHeight(content, narrower);
    if (fits <= maxheight) return { width: narrower, height: fits };
  }
  return { width, height: maxheight };
}
