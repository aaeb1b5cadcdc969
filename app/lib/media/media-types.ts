// Media rules shared by the server and the browser: which files are images or
// videos, which URLs count as video for the feed filter and the viewer, videos-first order,
// and the URLs of stored files and their resized variants (responsive srcset).
// Pure: no Node APIs, safe to import from components.

export type MediaKind = "image" | "video";

export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "bmp", "svg", "webp"] as const;
export const VIDEO_EXTENSIONS = ["mp4", "mov", "webm", "avi", "m4v"] as const;

/** Where stored files are served from (app/routes/media.$.ts). */
export const MEDIA_URL_PREFIX = "/media/";

/** The content type a stored file is served with, by extension: the only types /media serves inline. */
export const STORED_CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
  mp4: "video/mp4",
  m4v: "video/x-m4v",
  mov: "video/quicktime",
  webm: "video/webm",
};

/** Widths of the resized copies written for each uploaded image (only those below its width). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1080, 1600] as const;
/** The stored full-size image is never wider or taller than this. */
export const IMAGE_MAX_EDGE = 2048;
/** Sizes of the square profile images: the main one and its small variant. */
export const AVATAR_SIZE = 256;
export const AVATAR_SMALL_SIZE = 64;

/** The URL without its query string and fragment. */
function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** The lower-case extension of a path or URL ("" when there is none). */
export function extensionOf(pathOrUrl: string): string {
  const path = stripQuery(pathOrUrl);
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * Media type by extension: images jpg, jpeg, png, gif, bmp, svg, webp; videos mp4,
 * mov, webm, avi, m4v, or any path containing "video". Null when neither.
 */
export function mediaTypeOf(pathOrUrl: string | null | undefined): MediaKind | null {
  if (!pathOrUrl) return null;
  const ext = extensionOf(pathOrUrl);
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return "image";
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return "video";
  if (stripQuery(pathOrUrl).toLowerCase().includes("video")) return "video";
  return null;
}

/**
 * The feed filter's video test: the URL contains /video/ or video_upload, or ends
 * with mp4, mov, webm, avi or m4v (a query string or fragment is ignored; any case).
 */
export function isVideoUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  const lower = url.toLowerCase();
  if (lower.includes("/video/") || lower.includes("video_upload")) return true;
  const path = stripQuery(lower);
  return VIDEO_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/** Markers the media viewer and galleries also treat as video anywhere in a URL. */
export const VIEWER_VIDEO_MARKERS = [".mp4", ".mov", ".webm", "video_upload", "/video/"] as const;

/**
 * The viewer/gallery video test: the feed rule, plus any URL that contains
 * '.mp4', '.mov', '.webm', 'video_upload' or '/video/' anywhere (e.g. before a query string).
 */
export function isViewerVideoUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  if (isVideoUrl(url)) return true;
  const lower = url.toLowerCase();
  return VIEWER_VIDEO_MARKERS.some((marker) => lower.includes(marker));
}

type MediaLike = string | { kind?: string | null; url?: string | null; image_url?: string | null; path?: string | null };

/** Whether an item is a video: its `kind` when known, else the viewer's URL rule. */
export function isVideoItem(item: MediaLike): boolean {
  if (typeof item === "string") return isViewerVideoUrl(item);
  if (item.kind === "video") return true;
  if (item.kind === "image") return false;
  return isViewerVideoUrl(item.url ?? item.image_url ?? item.path ?? "");
}

/** Whether a stored path is already a URL (absolute, root-relative or data:) rather than a storage key. */
function isUrl(path: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(path);
}

let mediaBase: string = MEDIA_URL_PREFIX;

/**
 * Points media links at MEDIA_PUBLIC_URL (a CDN or the bucket's public address), or back at
 * the app's /media/ with null. The server sets it when it starts (entry.server); the browser
 * sets it from the root loader's `mediaBase` before it hydrates (entry.client).
 */
export function setMediaBase(publicUrl: string | null | undefined): void {
  mediaBase = publicUrl ? `${publicUrl.replace(/\/+$/, "")}/` : MEDIA_URL_PREFIX;
}

/** The address a stored key is kept under in the database and served by the app: `/media/<key>`. */
export function localMediaUrl(key: string): string {
  return MEDIA_URL_PREFIX + key;
}

/**
 * The public URL of a stored file: `/media/<key>`, or under MEDIA_PUBLIC_URL when it is set
 * (a `/media/…` address kept in the database follows too). Other URLs pass through unchanged.
 */
export function mediaUrl(path: string): string;
export function mediaUrl(path: string | null | undefined): string | null;
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith(MEDIA_URL_PREFIX)) return mediaBase + path.slice(MEDIA_URL_PREFIX.length);
  return isUrl(path) ? path : mediaBase + path;
}

/**
 * The storage key of the resized copy of width `width`: `ab/cd/name.webp` → `ab/cd/name-w640.webp`.
 * Works on a key or on its `/media/` URL alike.
 */
export function variantPath(path: string, width: number): string {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  if (dot <= slash) return `${path}-w${width}`;
  return `${path.slice(0, dot)}-w${width}${path.slice(dot)}`;
}

/** The public URL of the resized copy of width `width`. */
export function variantUrl(path: string, width: number): string {
  return mediaUrl(variantPath(path, width));
}

/** Parses a `variants` column ("320,640,1080") into ascending widths. */
export function parseVariants(variants: string | null | undefined): number[] {
  if (!variants) return [];
  return [...new Set(variants.split(",").map((part) => Number.parseInt(part.trim(), 10)))].filter((width) => Number.isInteger(width) && width > 0).sort((a, b) => a - b);
}

/**
 * A `srcset` for a stored image: each resized copy by its width, plus the full-size file
 * when its width is known. "" when there is nothing to choose from (use `src` alone).
 */
export function srcSetFor(path: string, variants: string | null | undefined, fullWidth?: number | null): string {
  const widths = parseVariants(variants).filter((width) => !fullWidth || width < fullWidth);
  const entries = widths.map((width) => `${variantUrl(path, width)} ${width}w`);
  if (fullWidth && entries.length > 0) entries.push(`${mediaUrl(path)} ${fullWidth}w`);
  return entries.join(", ");
}

/**
 * An image's size attributes for <img>: its srcset, with `sizes` only when there is one, and
 * its width and height when they are known (so the page keeps its room while it loads).
 */
export function imageSizeAttributes(
  image: { srcset?: string | null; width?: number | null; height?: number | null },
  sizes: string,
): { srcSet?: string; sizes?: string; width?: number; height?: number } {
  return { srcSet: image.srcset || undefined, sizes: image.srcset ? sizes : undefined, width: image.width ?? undefined, height: image.height ?? undefined };
}

/** The URL of the smallest stored copy at least `minWidth` wide (thumbnails, previews). */
export function imageUrlForWidth(path: string, variants: string | null | undefined, minWidth: number): string {
  const width = parseVariants(variants).find((candidate) => candidate >= minWidth);
  return width ? variantUrl(path, width) : mediaUrl(path);
}

// ------------------------------------------------------------------ upload limits (browser-safe)
// The same numbers the upload pipeline enforces (~/lib/media/upload-limits.server: MAX_IMAGE_BYTES,
// MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, MAX_POST_BYTES, MAX_MEDIA_PER_POST), so the upload form
// can check files before sending them. The reasons behind them are in docs/media.md.

const UPLOAD_MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Largest image file accepted (a 48-megapixel phone HEIC or JPEG fits). */
  imageBytes: 15 * UPLOAD_MB,
  /** Largest video file accepted: a minute of 4K at 60 fps from a phone, with room to spare. */
  videoBytes: 1024 * UPLOAD_MB,
  /** Longest video accepted, in seconds. */
  videoSeconds: 60,
  /** Largest total of all the files of one post. */
  postBytes: 2048 * UPLOAD_MB,
  /** Most files in one post. */
  files: 20,
} as const;

/** Image types the pipeline decodes (re-encoded to WebP). */
export const UPLOAD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "image/heic", "image/heif"] as const;
/** Video types the pipeline takes (stored as H.264/AAC MP4). */
export const UPLOAD_VIDEO_TYPES = ["video/mp4", "video/x-m4v", "video/quicktime", "video/webm"] as const;

// ------------------------------------------------------------------ served types (browser-safe)

/**
 * The image type that a file's first bytes prove (JPEG, PNG, GIF, WebP, AVIF), or null.
 * The media route serves a stored file inline as an image only when its bytes agree with
 * its name: anything else (markup, a script, an SVG) goes out as a download.
 */
export function imageTypeOfBytes(bytes: Uint8Array): string | null {
  const at = (offset: number, ...values: number[]) => values.every((value, index) => bytes[offset + index] === value);
  const ascii = (offset: number, text: string) => at(offset, ...Array.from(text, (char) => char.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  if (ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis"))) return "image/avif";
  return null;
}

// ------------------------------------------------------------------ pictures of stored media

export type StoredPictureFields = {
  kind: string;
  path: string;
  variants: string;
  width?: number | null;
  height?: number | null;
  posterPath?: string | null;
  posterVariants?: string | null;
  posterWidth?: number | null;
  posterHeight?: number | null;
};

export type StoredPicture = { path: string; variants: string; width: number | null; height: number | null };

/**
 * The still picture that stands for a stored item in grids, covers and previews: a photo
 * itself, a video's poster frame; null for a video without one (grids then draw a video
 * placeholder, never a <video>).
 */
export function pictureOf(media: StoredPictureFields): StoredPicture | null {
  if (media.kind !== "video") return { path: media.path, variants: media.variants, width: media.width ?? null, height: media.height ?? null };
  if (!media.posterPath) return null;
  return { path: media.posterPath, variants: media.posterVariants ?? "", width: media.posterWidth ?? null, height: media.posterHeight ?? null };
}

/** The address of `media`'s picture (pictureOf) at least `minWidth` wide; null when it has none. */
export function pictureUrl(media: StoredPictureFields | null | undefined, minWidth: number): string | null {
  const picture = media ? pictureOf(media) : null;
  return picture ? imageUrlForWidth(picture.path, picture.variants, minWidth) : null;
}

/** "0:07", "1:00": a video's length for badges. */
export function formatDuration(durationMs: number | null | undefined): string | null {
  if (durationMs === null || durationMs === undefined || !Number.isFinite(durationMs) || durationMs < 0) return null;
  const seconds = Math.round(durationMs / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
