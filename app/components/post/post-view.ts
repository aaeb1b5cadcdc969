// What a post card shows, free of React: the placeholder when there is no media
// ('Text Post', 'No Media', 'Empty post'), the media in order (videos first), the
// frame's aspect ratio, the carousel's index and swipe rules (swipes over 20 px, mouse 1 px),
// when a story is long enough to clamp, and the post's share texts (title, description,
// Open Graph image).
import { carDisplayLine, UNKNOWN_VEHICLE } from "~/lib/cars";
import { MOUSE_DRAG_THRESHOLD_PX, SWIPE_THRESHOLD_PX } from "~/lib/constants";
import { sortVideosFirst } from "~/lib/media-types";
import type { FeedPhoto, FeedPost } from "~/models/feed.server";

export const POST_PLACEHOLDERS = {
  textPost: "Text Post",
  noMedia: "No Media",
  emptyPost: "Empty post",
} as const;

export type MediaArea = "media" | "text" | "audio" | "empty";

/**
 * What fills a post's media area: its media; 'Text Post' when it has a story and no media;
 * an audio-only post ('No Media', with the player); 'Empty post' when it has nothing at all.
 */
export function mediaAreaOf(post: Pick<FeedPost, "photos" | "story" | "soundcloud_url">): MediaArea {
  if (post.photos.length > 0) return "media";
  if (post.story.trim() !== "") return "text";
  if (post.soundcloud_url) return "audio";
  return "empty";
}

/** The post's media in display order: videos before images, otherwise as stored. */
export function orderedMedia(photos: readonly FeedPhoto[]): FeedPhoto[] {
  return sortVideosFirst(photos, (photo) => photo.kind === "video");
}

/** Tallest and widest frames a feed post uses (Instagram-like: 4:5 portrait to 16:9). */
export const MIN_RATIO = 4 / 5;
export const MAX_RATIO = 16 / 9;

/** The width/height ratio of a post's frame: the first item's own, kept within 4:5..16:9 (4:5 when unknown). */
export function frameRatio(photo: { width?: number | null; height?: number | null } | undefined): number {
  if (!photo?.width || !photo.height) return MIN_RATIO;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, photo.width / photo.height));
}

/** A ratio as CSS (`1080 / 1350` style, rounded). */
export function ratioCss(ratio: number): string {
  return `${Math.round(ratio * 1000)} / 1000`;
}

// ------------------------------------------------------------------ carousel

/** `index` kept within 0..count-1 (the carousel stops at both ends, it does not wrap). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

export type PointerKind = "mouse" | "touch" | "pen" | string;

/** The distance a drag must exceed to count: 20 px for touch and pen, 1 px for a mouse. */
export function swipeThreshold(pointer: PointerKind): number {
  return pointer === "mouse" ? MOUSE_DRAG_THRESHOLD_PX : SWIPE_THRESHOLD_PX;
}

/**
 * Where a horizontal drag of `dx` pixels (negative: towards the left) moves the carousel:
 * +1 (next), -1 (previous) or 0, only when it is longer than the pointer's threshold and
 * more sideways than up or down.
 */
export function swipeStep(dx: number, dy: number, pointer: PointerKind): -1 | 0 | 1 {
  if (Math.abs(dx) <= swipeThreshold(pointer)) return 0;
  if (Math.abs(dy) > Math.abs(dx)) return 0;
  return dx < 0 ? 1 : -1;
}

// ------------------------------------------------------------------ story

export const STORY_CLAMP_CHARS = 280;
export const STORY_CLAMP_LINES = 5;

/** Whether a story is long enough to be clamped with "more" in the feed. */
export function isLongStory(story: string): boolean {
  const text = story.trim();
  return text.length > STORY_CLAMP_CHARS || text.split("\n").length > STORY_CLAMP_LINES;
}

// ------------------------------------------------------------------ cars

/** Each car of a post with its display line (nickname/year/make/model/trim/bodystyle). */
export function carLines(post: Pick<FeedPost, "post_cars">): Array<{ id: number; line: string }> {
  return post.post_cars.map(({ car }) => ({ id: car.id, line: carDisplayLine(car) }));
}

/** All the cars as one line of text ('Unknown Vehicle' when there are none). */
export function carsText(post: Pick<FeedPost, "post_cars">): string {
  const lines = carLines(post).map((car) => car.line);
  return lines.length > 0 ? lines.join(" & ") : UNKNOWN_VEHICLE;
}

// ------------------------------------------------------------------ sharing

export const DESCRIPTION_MAX = 160;

/** Text cut to `max` characters at a word boundary, with an ellipsis when cut. */
export function truncate(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** "@jess on Car Social: Godzilla · 1999 Nissan Skyline" (the page and card title). */
export function shareTitle(post: Pick<FeedPost, "creator" | "post_cars">, siteName: string): string {
  return `@${post.creator.username} on ${siteName}: ${carsText(post)}`;
}

/** The description of a shared link: the story (160 characters), or a line about the post. */
export function shareDescription(post: Pick<FeedPost, "story" | "creator" | "photos" | "post_cars">): string {
  const story = truncate(post.story);
  if (story) return story;
  const count = post.photos.length;
  const what = count === 0 ? "A post" : count === 1 ? "A photo" : `${count} photos and videos`;
  return `${what} by @${post.creator.username} of ${carsText(post)}.`;
}

/** The srcset candidate of exactly `width` (e.g. the 1080 variant), else the largest, else null. */
export function srcsetCandidate(srcset: string, width: number): string | null {
  let largest: { url: string; width: number } | null = null;
  for (const part of srcset.split(",")) {
    const [url, descriptor = ""] = part.trim().split(/\s+/);
    if (!url) continue;
    const size = Number.parseInt(descriptor, 10);
    if (size === width) return url;
    if (Number.isFinite(size) && (!largest || size > largest.width)) largest = { url, width: size };
  }
  return largest?.url ?? null;
}

export const OG_IMAGE_WIDTH = 1080;

/**
 * The Open Graph image of a post as an absolute URL: its first image's 1080 px copy (or the
 * image itself when no such copy was made), else a video's poster frame (its 1080 px copy
 * likewise); null without either.
 */
export function ogImageOf(post: Pick<FeedPost, "photos">, origin: string): { url: string; width: number | null; height: number | null } | null {
  const base = origin.replace(/\/+$/, "");
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url.startsWith("/") ? "" : "/"}${url}`);
  const image = post.photos.find((photo) => photo.kind === "image");
  const video = post.photos.find((photo) => photo.kind === "video" && photo.poster_url);
  const picture = image
    ? { url: image.image_url, srcset: image.srcset, width: image.width, height: image.height }
    : video?.poster_url
      ? { url: video.poster_url, srcset: video.poster_srcset ?? "", width: video.poster_width ?? null, height: video.poster_height ?? null }
      : null;
  if (!picture) return null;
  const variant = picture.srcset ? srcsetCandidate(picture.srcset, OG_IMAGE_WIDTH) : null;
  const chosen = variant ?? picture.url;
  const isVariant = variant !== null && variant.includes(`-w${OG_IMAGE_WIDTH}.`);
  const width = isVariant ? OG_IMAGE_WIDTH : picture.width;
  const height = isVariant && picture.width && picture.height ? Math.round((picture.height * OG_IMAGE_WIDTH) / picture.width) : picture.height;
  return { url: absolute(chosen), width: width ?? null, height: height ?? null };
}
