// The upload form's checks before anything is sent (the server checks again, and sniffs
// the real type from the bytes): which files are photos or videos we take, their sizes,
// how many, the post's total, what their first bytes say they are, moving one in the order the
// author chooses, and what the Automatic layout would pick (single for 1, grid for more than 6, else carousel).
import { defaultLayout, LAYOUTS, type Layout } from "~/lib/rules/layout";
import { extensionOf, UPLOAD_IMAGE_TYPES, UPLOAD_LIMITS, UPLOAD_VIDEO_TYPES } from "~/lib/media/media-types";

const MB = 1024 * 1024;

/** The server's own words (upload-limits.server MEDIA_MESSAGES) where it has them. */
export const UPLOAD_MESSAGES = {
  unsupported: "Unsupported media type",
  imageTooLarge: `Images can be at most ${UPLOAD_LIMITS.imageBytes / MB} MB`,
  videoTooLarge: `Videos can be at most ${UPLOAD_LIMITS.videoBytes / MB} MB`,
  postTooLarge: `A post's files can be at most ${UPLOAD_LIMITS.postBytes / MB} MB in total`,
  tooManyFiles: `A post can have at most ${UPLOAD_LIMITS.files} photos and videos`,
  empty: "The file is empty",
  nothing: "Add a photo, a video, a story or a track",
  notMedia: "Not a photo or a video: its contents are something else",
  failed: "Upload failed. Please check your connection and try again.",
  uploading: "Uploading…",
  processing: "Processing…",
} as const;

const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "webp", "gif", "avif", "heic", "heif"]);
const VIDEO_EXTENSIONS = new Set(["mp4", "m4v", "mov", "webm"]);

/** The parts of a File the checks read (File itself fits). */
export type FileLike = { name: string; size: number; type: string };

export type UploadKind = "image" | "video";

/** Photo, video, or null for a type we do not take (by its declared type, else its extension). */
export function uploadKindOf(file: Pick<FileLike, "name" | "type">): UploadKind | null {
  const type = file.type.toLowerCase();
  if ((UPLOAD_IMAGE_TYPES as readonly string[]).includes(type)) return "image";
  if ((UPLOAD_VIDEO_TYPES as readonly string[]).includes(type)) return "video";
  if (type !== "" && type !== "application/octet-stream") return null;
  const ext = extensionOf(file.name);
  if (IMAGE_EXTENSIONS.has(ext)) return "image";
  if (VIDEO_EXTENSIONS.has(ext)) return "video";
  return null;
}

/** Why one file cannot be sent, or null when it can. */
export function checkFile(file: FileLike): string | null {
  const kind = uploadKindOf(file);
  if (!kind) return UPLOAD_MESSAGES.unsupported;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (kind === "image" && file.size > UPLOAD_LIMITS.imageBytes) return UPLOAD_MESSAGES.imageTooLarge;
  if (kind === "video" && file.size > UPLOAD_LIMITS.videoBytes) return UPLOAD_MESSAGES.videoTooLarge;
  return null;
}

export type Rejected = { name: string; reason: string };

/**
 * Adds `incoming` files to those already chosen: each is checked, and the post's count and
 * total size limits apply in order. Returns what was accepted and what was refused (why).
 */
export function addFiles<T extends FileLike>(current: readonly T[], incoming: readonly T[]): { accepted: T[]; rejected: Rejected[] } {
  const accepted: T[] = [];
  const rejected: Rejected[] = [];
  let count = current.length;
  let total = current.reduce((sum, file) => sum + file.size, 0);
  for (const file of incoming) {
    const reason = checkFile(file);
    if (reason) {
      rejected.push({ name: file.name, reason });
      continue;
    }
    if (count + 1 > UPLOAD_LIMITS.files) {
      rejected.push({ name: file.name, reason: UPLOAD_MESSAGES.tooManyFiles });
      continue;
    }
    if (total + file.size > UPLOAD_LIMITS.postBytes) {
      rejected.push({ name: file.name, reason: UPLOAD_MESSAGES.postTooLarge });
      continue;
    }
    accepted.push(file);
    count += 1;
    total += file.size;
  }
  return { accepted, rejected };
}

/**
 * Moves the item at `from` to the place `to` (photos and videos alike: the post shows them in
 * this order, the first is the cover). Returns the same array when the move is not possible.
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): readonly T[] {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * How much of each file is sent (whole percent), when `loaded` of the body's `total` bytes
 * are: the files go in order after the other fields, whose bytes count first.
 */
export function sentPerFile(loaded: number, total: number, sizes: readonly number[]): number[] {
  let start = Math.max(0, total - sizes.reduce((sum, size) => sum + size, 0));
  return sizes.map((size) => {
    const done = size === 0 ? (loaded >= start ? 1 : 0) : Math.min(1, Math.max(0, (loaded - start) / size));
    start += size;
    return Math.floor(done * 100);
  });
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** Brands of an ISO media file ("ftyp") that hold a still photo rather than a video. */
const PHOTO_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]);

/**
 * What a file's first bytes (16 are enough) say it is: a photo, a video, or null for
 * anything else (a text file named .jpg). The server reads the bytes again.
 */
export function sniffKind(bytes: Uint8Array): UploadKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "image";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "image";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image";
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "video";
  if (bytes.length >= 8) {
    const box = ascii(bytes, 4, 8);
    if (box === "ftyp") return bytes.length >= 12 && PHOTO_BRANDS.has(ascii(bytes, 8, 12)) ? "image" : "video";
    // QuickTime files may open with other boxes before their "moov".
    if (["moov", "mdat", "wide", "free", "skip"].includes(box)) return "video";
  }
  return null;
}

/** "3.4 MB", "820 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(bytes >= 10 * MB ? 0 : 1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const LAYOUT_LABELS: Record<Layout, { title: string; text: string }> = {
  album: { title: "Album", text: "A big first shot, the rest below" },
  grid: { title: "Grid", text: `Up to 6 tiles, '+N' for the rest` },
  carousel: { title: "Carousel", text: "Swipe through one at a time" },
  single: { title: "Single", text: "One photo or video, full width" },
};

export const LAYOUT_CHOICES: readonly Layout[] = LAYOUTS;

/** What the Automatic choice shows: the layout the default picks for `count` items. */
export function automaticLayoutText(count: number): string {
  if (count === 0) return "Picks single, carousel or grid from the number of photos";
  const layout = defaultLayout(count);
  return `${LAYOUT_LABELS[layout].title} for ${count} ${count === 1 ? "item" : "items"}`;
}
