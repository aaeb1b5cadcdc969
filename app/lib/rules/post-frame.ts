// The shape rules a post is drawn by, in the feed, on its page and in its embed: the media
// frame's aspect ratio and when a story is long enough to be cut.

/** Tallest and widest frames a post uses (Instagram-like: 4:5 portrait to 16:9). */
export const MIN_RATIO = 4 / 5;
export const MAX_RATIO = 16 / 9;

/** The width/height ratio of a post's frame: the first item's own, kept within 4:5..16:9 (4:5 when unknown). */
export function frameRatio(photo: { width?: number | null; height?: number | null } | undefined): number {
  if (!photo?.width || !photo.height) return MIN_RATIO;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, photo.width / photo.height));
}

export const STORY_CLAMP_CHARS = 280;
export const STORY_CLAMP_LINES = 5;

/** Whether a story is long enough to be clamped with "more" in the feed (and cut in the embed). */
export function isLongStory(story: string): boolean {
  const text = story.trim();
  return text.length > STORY_CLAMP_CHARS || text.split("\n").length > STORY_CLAMP_LINES;
}
