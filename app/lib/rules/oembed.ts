// oEmbed, version 1.0, JSON only: which of our addresses can be embedded, and how large the
// embed frame (/embed/post/{id}) must be so that it shows the whole post with no empty space
// under it. The answer itself is put together in ~/models/oembed.server.
import { carsLine, type CarLike } from "~/lib/rules/cars";
import { isLongStory, frameRatio } from "~/lib/rules/post-frame";

export const OEMBED_VERSION = "1.0";

/** How long a consumer may keep an answer, in seconds. */
export const OEMBED_CACHE_AGE = 3600;

export const OEMBED_MESSAGES = {
  urlRequired: "url is required: the address of a post or a showcase",
  badUrl: "url must be an absolute http(s) address",
  badSize: "maxwidth and maxheight must be whole numbers of pixels from 1 to 10000",
  formatNotImplemented: "Only format=json is available",
  notEmbeddable: "No post or showcase at this address",
} as const;

export type OembedTarget = { kind: "post"; id: number } | { kind: "showcase"; carId: number };

const TARGETS: Array<{ pattern: RegExp; make: (id: number) => OembedTarget }> = [
  { pattern: /^\/post\/(\d{1,15})\/?$/, make: (id) => ({ kind: "post", id }) },
  { pattern: /^\/showcase\/(\d{1,15})\/?$/, make: (carId) => ({ kind: "showcase", carId }) },
];

/**
 * The page an address names, when it is ours and can be embedded: on the public origin's
 * host (http or https alike), a post (/post/{id}) or a showcase (/showcase/{carId}); the
 * query and the fragment do not matter. Null for anything else.
 */
export function oembedTarget(address: URL, origin: string): OembedTarget | null {
  if (address.protocol !== "http:" && address.protocol !== "https:") return null;
  if (address.host.toLowerCase() !== new URL(origin).host.toLowerCase()) return null;
  for (const { pattern, make } of TARGETS) {
    const match = pattern.exec(address.pathname);
    const id = match ? Number(match[1]) : NaN;
    if (Number.isSafeInteger(id) && id > 0) return make(id);
  }
  return null;
}

// ------------------------------------------------------------------ the embed's size
//
// The embed is plain HTML and CSS (app/components/post/EmbedPost.tsx, embed.css), so its
// height follows from the frame's width and the post: a header, the media at the first
// item's aspect ratio (or a placeholder), then the audio link, the cars, the story and the
// footer. The numbers below are the embed's own CSS sizes; text is measured by an average
// character width, rounded up, and a little slack is added so a line more than estimated
// is not cut off.

export const EMBED_LAYOUT = {
  /** .embed-page padding, on each side. */
  pagePadding: 8,
  /** .embed border, on each side. */
  border: 1,
  /** .embed max-width. */
  maxWidth: 600,
  /** Header: 12 px padding above and below a 36 px avatar. */
  header: 60,
  /** The frame of a post without media. */
  placeholder: 120,
  /** .embed__body padding, on each side. */
  bodyPadding: 16,
  /** Between the body's blocks. */
  gap: 12,
  /** One line of 14 px text at line-height 1.5. */
  line: 21,
  /** The average width of a character of 14 px text. */
  charWidth: 7.4,
  /** The car icon and its gap, before the car line. */
  carIcon: 20,
  /** The audio link: two lines and its padding. */
  audio: 52,
  /** Lines a long story is cut to. */
  storyClampLines: 6,
  /** The footer's rule and the space above its row. */
  footerTop: 13,
  /** The "View on …" button's height and width, and the counts' width beside it. */
  cta: 40,
  ctaWidth: 190,
  countsWidth: 150,
  slack: 8,
} as const;

/** The embed at its widest: the embed's own maximum and the page's padding. */
export const EMBED_DEFAULT_WIDTH = EMBED_LAYOUT.maxWidth + 2 * EMBED_LAYOUT.pagePadding;

/** Below this a narrower frame is not tried to meet a maxheight. */
export const EMBED_MIN_WIDTH = 280;

/** What the embed shows, as far as its height goes. */
export type EmbedContent = {
  /** The first media item in display order (videos first), or null for a post without media. */
  firstMedia: { width: number | null; height: number | null } | null;
  story: string;
  /** The cars line ("Godzilla · 1999 Nissan Skyline & …"). */
  cars: string;
  hasAudio: boolean;
};

/** A post, as far as its embed goes (a feed post is one). */
export type EmbeddablePost = {
  id: number;
  story: string;
  soundcloud_url: string | null;
  photos: ReadonlyArray<{ kind: string; width: number | null; height: number | null }>;
  post_cars: ReadonlyArray<{ car: CarLike }>;
};

/** What the embed of a post shows, for its height. */
export function embedContentOf(post: EmbeddablePost): EmbedContent {
  const [first] = post.photos;
  return {
    firstMedia: first ? { width: first.width, height: first.height } : null,
    story: post.story,
    cars: carsLine(post.post_cars.map(({ car }) => car)),
    hasAudio: Boolean(post.soundcloud_url),
  };
}

function linesOf(text: string, charsPerLine: number): number {
  return text.split("\n").reduce((lines, paragraph) => lines + Math.max(1, Math.ceil(paragraph.trim().length / charsPerLine)), 0);
}

/** The embed's height, in CSS pixels, in a frame `frameWidth` wide. */
export function embedHeight(content: EmbedContent, frameWidth: number): number {
  const L = EMBED_LAYOUT;
  const cardWidth = Math.min(L.maxWidth, Math.max(0, frameWidth - 2 * L.pagePadding));
  const inner = Math.max(1, cardWidth - 2 * L.border);
  const textWidth = Math.max(1, inner - 2 * L.bodyPadding);
  const charsPerLine = Math.max(8, Math.floor(textWidth / L.charWidth));

  const media = content.firstMedia ? inner / frameRatio(content.firstMedia) : L.placeholder;
  const blocks: number[] = [];
  if (content.hasAudio) blocks.push(L.audio);
  blocks.push(linesOf(content.cars, Math.max(8, Math.floor((textWidth - L.carIcon) / L.charWidth))) * L.line);
  const story = content.story.trim();
  if (story) {
    const lines = linesOf(story, charsPerLine);
    blocks.push((isLongStory(story) ? Math.min(lines, L.storyClampLines) : lines) * L.line);
  }
  // The counts and the button share a row when both fit, else the button wraps below.
  const footerRow = L.countsWidth + L.gap + L.ctaWidth <= textWidth ? L.cta : L.line + L.gap + L.cta;
  blocks.push(L.footerTop + footerRow);

  const body = 2 * L.bodyPadding + blocks.reduce((sum, block) => sum + block, 0) + L.gap * (blocks.length - 1);
  return Math.ceil(2 * L.pagePadding + 2 * L.border + L.header + media + body + L.slack);
}

export type EmbedLimits = { maxwidth?: number | null; maxheight?: number | null };

/**
 * The frame to embed a post in: as wide as the embed gets (or maxwidth), as tall as the post
 * there. Over maxheight, the widest narrower frame whose post fits is taken (a narrower
 * frame makes the media shorter); when none fits, the frame is maxheight tall and scrolls.
 */
export function embedSize(content: EmbedContent, limits: EmbedLimits = {}): { width: number; height: number } {
  const width = Math.min(EMBED_DEFAULT_WIDTH, limits.maxwidth ?? EMBED_DEFAULT_WIDTH);
  const height = embedHeight(content, width);
  const maxheight = limits.maxheight;
  if (!maxheight || height <= maxheight) return { width, height };
  for (let narrower = width - 10; narrower >= EMBED_MIN_WIDTH; narrower -= 10) {
    const fits = embedHeight(content, narrower);
    if (fits <= maxheight) return { width: narrower, height: fits };
  }
  return { width, height: maxheight };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The iframe a consumer pastes (oEmbed's html, the share dialog's embed code): the embed at
 * its size, borderless, never wider than its container.
 */
export function embedIframe(input: { src: string; width: number; height: number; title: string }): string {
  return (
    `<iframe src="${escapeAttribute(input.src)}" width="${input.width}" height="${input.height}" ` +
    `style="border:0;max-width:100%" loading="lazy" title="${escapeAttribute(input.title)}" allowfullscreen></iframe>`
  );
}
