// What a post card shows, free of React: the placeholder when there is no media
// ('Text Post', 'No Media', 'Empty post'), the media in the author's order, the
// frame's aspect ratio, the carousel's index and swipe rules (swipes over 20 px, mouse 1 px),
// when a story is long enough to clamp, and the post's share texts (title, description,
// Open Graph image).
import { mediaAlt, viewerItemsFromPhotos, type ViewerItem } from "~/components/media/viewer-items";
import { carDisplayLine, carsLine, UNKNOWN_VEHICLE } from "~/lib/rules/cars";
import { MOUSE_DRAG_THRESHOLD_PX, SWIPE_THRESHOLD_PX } from "~/lib/constants";
import { mediaCountPhrase } from "~/lib/media/media-count";
import { frameRatio, isLongStory, MAX_RATIO, MIN_RATIO, STORY_CLAMP_CHARS, STORY_CLAMP_LINES } from "~/lib/rules/post-frame";
import { postShareImage, postShareTitle, srcsetCandidate, type ShareImage } from "~/lib/rules/share-meta";
import type { FeedPhoto, FeedPost } from "~/lib/wire";

export { frameRatio, isLongStory, MAX_RATIO, MIN_RATIO, srcsetCandidate, STORY_CLAMP_CHARS, STORY_CLAMP_LINES };

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

/** The post's media in display order: the order the author chose (as stored), videos and photos alike. */
export function orderedMedia(photos: readonly FeedPhoto[]): FeedPhoto[] {
  return [...photos];
}

/** What a post's media show, for their alt text: its cars, else whose post it is ("a post by @jess"). */
export function mediaSubject(post: Pick<FeedPost, "post_cars" | "creator">): string {
  const cars = carsText(post);
  return cars === UNKNOWN_VEHICLE ? `a post by @${post.creator.username}` : cars;
}

/** The post's media in display order as viewer items, each with its alt text (mediaAlt). */
export function postMediaItems(post: Pick<FeedPost, "photos" | "post_cars" | "creator">): ViewerItem[] {
  return viewerItemsFromPhotos(orderedMedia(post.photos), mediaSubject(post));
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

// ------------------------------------------------------------------ cars

/** Each car of a post with its display line (nickname/year/make/model/trim/bodystyle). */
/**
 * Each car a post shows, as a line; `formerOwner` when the car has changed hands since (its
 * owner is no longer the post's author, who could only post their own car).
 */
export function carLines(post: Pick<FeedPost, "post_cars" | "created_by">): Array<{ id: number; line: string; formerOwner: boolean }> {
  return post.post_cars.map(({ car }) => ({
    id: car.id,
    line: carDisplayLine(car),
    formerOwner: typeof car.owner_id === "number" && post.created_by !== null && car.owner_id !== post.created_by,
  }));
}

/** All the cars as one line of text ('Unknown Vehicle' when there are none). */
export function carsText(post: Pick<FeedPost, "post_cars">): string {
  return carsLine(post.post_cars.map(({ car }) => car));
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
  return postShareTitle(post.creator.username, carsText(post), siteName);
}

/** The description of a shared link: the story (160 characters), or a line about the post. */
export function shareDescription(post: Pick<FeedPost, "story" | "creator" | "photos" | "post_cars">): string {
  const story = truncate(post.story);
  if (story) return story;
  const count = post.photos.length;
  const what = count === 0 ? "A post" : mediaCountPhrase(post.photos);
  return `${what} by @${post.creator.username} of ${carsText(post)}.`;
}

/**
 * The picture a shared post unfurls with (see postShareImage): its first image, else a
 * video's poster frame, as a JPEG rendition; null without either.
 */
export function ogImageOf(post: Pick<FeedPost, "photos" | "post_cars" | "creator">): ShareImage | null {
  // The medium postShareImage picks: the first image, else the first video with a poster frame.
  const photos = orderedMedia(post.photos);
  let index = photos.findIndex((photo) => photo.kind === "image");
  if (index < 0) index = photos.findIndex((photo) => photo.kind === "video" && photo.poster_url);
  const alt = index < 0 ? `Photo of ${mediaSubject(post)}` : mediaAlt(photos[index], index, photos.length, mediaSubject(post));
  return postShareImage(photos, alt);
}
