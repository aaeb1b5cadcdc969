// The JPEG renditions shared links unfurl with. Stored photos are WebP, which several
// link-preview scrapers cannot read; /og-image/<key>.jpg answers the JPEG of the stored
// WebP <key>.webp, made with sharp on the first request and kept beside the store (see
// renditions in ~/lib/media/media-storage.server), so each picture is converted once.
import sharp from "sharp";
import { imageTypeOfBytes } from "~/lib/media/media-types";
import { isValidKey, putRendition, readMedia, readRendition, statMedia } from "~/lib/media/media-storage.server";

export const SHARE_JPEG_QUALITY = 82;

/** The stored WebP that a rendition path names: `ab/cd/x-w1080.jpg` → `ab/cd/x-w1080.webp`; null for anything else. */
export function sourceKeyOf(requested: string): string | null {
  if (!requested.endsWith(".jpg")) return null;
  const key = `${requested.slice(0, -".jpg".length)}.webp`;
  return isValidKey(key) ? key : null;
}

// One conversion per picture at a time, however many scrapers ask at once.
const making = new Map<string, Promise<Buffer | null>>();

async function makeRendition(key: string): Promise<Buffer | null> {
  const source = await readMedia(key);
  // Only a file whose bytes prove it a WebP picture is converted.
  if (!source || imageTypeOfBytes(source) !== "image/webp") return null;
  let jpeg: Buffer;
  try {
    // The first frame of an animation; transparency on white; no metadata is carried over.
    jpeg = await sharp(source, { animated: false })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality: SHARE_JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch {
    return null; // a damaged file has no rendition
  }
  await putRendition(key, "jpg", jpeg);
  return jpeg;
}

/**
 * The JPEG rendition of a stored WebP picture, made now or read from where it was kept; null
 * when the path names no stored picture (malformed, unknown, deleted, or not a WebP).
 */
export async function shareJpeg(requested: string): Promise<Buffer | null> {
  const key = sourceKeyOf(requested);
  if (!key) return null;
  // The picture must still be stored: a deleted photo's rendition is never served.
  if (!(await statMedia(key))) return null;
  const kept = await readRendition(key, "jpg");
  if (kept) return kept;
  let job = making.get(key);
  if (!job) {
    job = makeRendition(key).finally(() => making.delete(key));
    making.set(key, job);
  }
  return job;
}
