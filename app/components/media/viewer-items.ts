// Pure helpers of the media viewer: what an item is (image, video or unsupported, by the
// media-type rules of lib/media/media-types.ts), index wrapping, which neighbours to preload, feed photos
// turned into viewer items, and the one rule for a medium's alt text (`mediaAlt`): the author's
// description, else words about the post ("Photo 2 of 4 of Ruby · 2019 Mazda MX-5"), never a file name.
import { extensionOf, isViewerVideoUrl, mediaTypeOf } from "~/lib/media/media-types";

export type ViewerItem = {
  url: string;
  /** "image" or "video" when known (stored media); otherwise decided from the URL. */
  kind?: string | null;
  /** Responsive candidates for images. */
  srcset?: string | null;
  width?: number | null;
  height?: number | null;
  /** A still frame for a video. */
  poster?: string | null;
  /** Responsive candidates for the still frame. */
  posterSrcset?: string | null;
  /** The alt text of a photo, the accessible name of a video (see mediaAlt). */
  alt?: string;
  /** The author's own description, when they wrote one (`alt` falls back to words about the post). */
  description?: string | null;
};

export type ViewerKind = "image" | "video" | "unsupported";

/**
 * Videos: stored as video, or a URL the viewer treats as video ('.mp4', '.mov', '.webm',
 * 'video_upload', '/video/', or a video extension). Images: an image extension, or an item
 * stored as an image whose URL has no extension (data:, blob:). Anything else cannot be shown.
 */
export function viewerKind(item: Pick<ViewerItem, "url" | "kind">): ViewerKind {
  const url = item.url ?? "";
  if (item.kind === "video") return "video";
  if (item.kind !== "image" && isViewerVideoUrl(url)) return "video";
  const byType = mediaTypeOf(url);
  if (byType === "image") return "image";
  if (byType === "video") return item.kind === "image" ? "unsupported" : "video";
  if (item.kind === "image" && (url.startsWith("data:image/") || url.startsWith("blob:") || extensionOf(url) === "")) return "image";
  return "unsupported";
}

/** `index` moved into 0..count-1, wrapping at both ends. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

/** The items next to `index` (next first, then previous), without repeats or `index` itself. */
export function neighbourIndexes(index: number, count: number): number[] {
  if (count <= 1) return [];
  const next = wrapIndex(index + 1, count);
  const previous = wrapIndex(index - 1, count);
  return next === previous ? [next] : [next, previous];
}

/** The smallest candidate of a srcset ("a.webp 320w, b.webp 640w" → "a.webp"), or null. */
export function smallestCandidate(srcset: string | null | undefined): string | null {
  if (!srcset) return null;
  let best: { url: string; width: number } | null = null;
  for (const part of srcset.split(",")) {
    const [url, descriptor = ""] = part.trim().split(/\s+/);
    if (!url) continue;
    const width = Number.parseInt(descriptor, 10);
    const size = Number.isFinite(width) ? width : Number.POSITIVE_INFINITY;
    if (!best || size < best.width) best = { url, width: size };
  }
  return best?.url ?? null;
}

/** A small picture of an item for thumbnails and blurred backdrops (null for a video without poster). */
export function thumbnailOf(item: ViewerItem): string | null {
  const kind = viewerKind(item);
  if (kind === "video") return smallestCandidate(item.posterSrcset) ?? item.poster ?? null;
  if (kind === "image") return smallestCandidate(item.srcset) ?? item.url;
  return null;
}

/**
 * The alt text of a post's medium number `index` (from 0) of `count`: the author's
 * description when there is one, else what it is and what the post shows ("Photo 2 of 4 of
 * Ruby · 2019 Mazda MX-5", "Video of a post by @jess"), never a file name.
 */
export function mediaAlt(medium: { alt?: string | null; kind?: string | null }, index: number, count: number, subject: string): string {
  const own = medium.alt?.trim();
  if (own) return own;
  const what = medium.kind === "video" ? "Video" : "Photo";
  return count > 1 ? `${what} ${index + 1} of ${count} of ${subject}` : `${what} of ${subject}`;
}

/** The photos of a feed post (FeedPhoto) as viewer items; `subject` names the post for their alt text (see mediaAlt). */
export function viewerItemsFromPhotos(
  photos: ReadonlyArray<{
    image_url: string;
    kind?: string | null;
    srcset?: string | null;
    width?: number | null;
    height?: number | null;
    poster_url?: string | null;
    poster_srcset?: string | null;
    alt?: string | null;
  }>,
  subject: string,
): ViewerItem[] {
  return photos.map((photo, index) => ({
    url: photo.image_url,
    kind: photo.kind ?? null,
    srcset: photo.srcset || null,
    width: photo.width ?? null,
    height: photo.height ?? null,
    poster: photo.poster_url ?? null,
    posterSrcset: photo.poster_srcset || null,
    alt: mediaAlt(photo, index, photos.length, subject),
    description: photo.alt?.trim() || null,
  }));
}
