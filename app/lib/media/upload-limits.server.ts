// What an upload may be and how a refusal is worded: the size and pixel limits, the
// messages, and the user's own file name put in front of them.
import { UserError } from "~/lib/user-error";
import { UPLOAD_LIMITS } from "~/lib/media/media-types";
import { VIDEO_MAX_DIMENSION, VIDEO_MAX_PIXEL_FRAMES } from "~/lib/media/video.server";

// Size limits live in the browser-safe module so the upload form checks the same numbers.
/** Largest image file accepted. */
export const MAX_IMAGE_BYTES = UPLOAD_LIMITS.imageBytes;
/** Largest video file accepted. */
export const MAX_VIDEO_BYTES = UPLOAD_LIMITS.videoBytes;
/** Longest video accepted, in seconds (a little more is let through for rounding). */
export const MAX_VIDEO_SECONDS = UPLOAD_LIMITS.videoSeconds;
/** Largest total of all the files of one post. */
export const MAX_POST_BYTES = UPLOAD_LIMITS.postBytes;
/** Most files in one post. */
export const MAX_MEDIA_PER_POST = UPLOAD_LIMITS.files;
/** Decoded pixels refused above this (decompression bombs); a 48-megapixel phone photo fits. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Images wider or taller than this are refused. */
export const MAX_IMAGE_DIMENSION = 10_000;

const MB = 1024 * 1024;

/** What we take, in words (the 415 answer names them). */
export const ACCEPTED_TYPES = "JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF photos; MP4, MOV, M4V or WebM videos";

export const MEDIA_MESSAGES = {
  unsupported: "Unsupported media type",
  imageTooLarge: `Images can be at most ${MAX_IMAGE_BYTES / MB} MB`,
  videoTooLarge: `Videos can be at most ${MAX_VIDEO_BYTES / MB} MB`,
  videoTooLong: `Videos can be at most ${MAX_VIDEO_SECONDS} seconds long`,
  videoDimensionsTooLarge: `Videos can be at most ${VIDEO_MAX_DIMENSION} pixels wide or tall`,
  videoTooCostly: `Videos can hold at most the frames of ${MAX_VIDEO_SECONDS} seconds of 1080p at 60 fps (${(VIDEO_MAX_PIXEL_FRAMES / 1e9).toFixed(1)} billion pixels); 4K fits 30 seconds at 30 fps or 15 seconds at 60 fps`,
  videoTooSlow: "Took too long to process",
  fileTooLarge: "File too large",
  postTooLarge: `A post's files can be at most ${MAX_POST_BYTES / MB} MB in total`,
  tooManyFiles: `A post can have at most ${MAX_MEDIA_PER_POST} photos and videos`,
  dimensionsTooLarge: `Images can be at most ${MAX_IMAGE_DIMENSION} pixels wide or tall`,
  tooManyPixels: "Image has too many pixels",
  empty: "The file is empty",
  damaged: "Could not be read (damaged or incomplete)",
  notVideo: "Not a video that can be read",
} as const;

/**
 * The message for a file the user named: "IMG_0412.HEIC: could not be read (damaged or
 * incomplete)". A 415 also says what we take.
 */
export function fileMessage(name: string, status: number, message: string): string {
  const reason = message.charAt(0).toLowerCase() + message.slice(1);
  const label = displayName(name);
  return status === 415 ? `${label}: ${reason} (accepted: ${ACCEPTED_TYPES})` : `${label}: ${reason}`;
}

/** The user's file name made safe to show: no path, no control characters, at most 120 characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  const short = clean.length > 120 ? `${clean.slice(0, 117)}…` : clean;
  return short || "file";
}

/** Runs `work` and names the file in any UserError it throws (a refused upload: 415 for a type we do not take, 413 for a size, 400 for an empty or damaged file). */
export async function namingFile<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (name === undefined || !(error instanceof UserError) || error.file !== undefined) throw error;
    throw new UserError(error.status, fileMessage(name, error.status, error.message), { file: name });
  }
}

/** Refuses a post whose files are too many or too big together (call before processing). */
export function checkPostUpload(sizes: readonly number[]) {
  if (sizes.length > MAX_MEDIA_PER_POST) throw new UserError(413, MEDIA_MESSAGES.tooManyFiles);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total > MAX_POST_BYTES) throw new UserError(413, MEDIA_MESSAGES.postTooLarge);
}
