// Reading a photo safely: its header checked before any decoding, sharp's decoder held to the
// pixel limit, and HEIC/HEIF decoded by libheif; failures become the upload's errors.
import { readFile } from "node:fs/promises";
import sharp, { type Metadata, type Sharp } from "sharp";
import { decodeHeic, HeicError } from "~/lib/media/heic.server";
import { UserError } from "~/lib/user-error";
import { MAX_IMAGE_DIMENSION, MAX_INPUT_PIXELS, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";

export type ImageInfo = { width: number; height: number; animated: boolean };

/** Reads the header only: refuses what sharp cannot read and oversized dimensions. */
export async function inspectImage(input: Buffer | string): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UserError(400, MEDIA_MESSAGES.damaged);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.pageHeight ?? meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new UserError(400, MEDIA_MESSAGES.damaged);
  if (width > MAX_IMAGE_DIMENSION || height > MAX_IMAGE_DIMENSION) {
    throw new UserError(413, MEDIA_MESSAGES.dimensionsTooLarge);
  }
  const pages = meta.format === "heif" ? 1 : (meta.pages ?? 1);
  if (width * height * pages > MAX_INPUT_PIXELS) throw new UserError(413, MEDIA_MESSAGES.tooManyPixels);
  return { width, height, animated: pages > 1 && (meta.format === "gif" || meta.format === "webp") };
}

/** Maps sharp's decoding failures to the upload errors (pixel limit → 413, else damaged → 400). */
export function decodeError(error: unknown): UserError {
  if (error instanceof UserError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new UserError(413, MEDIA_MESSAGES.tooManyPixels);
  return new UserError(400, MEDIA_MESSAGES.damaged);
}

export function decoder(input: Buffer | string, animated = false) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", animated });
}

/** HEIC/HEIF decoded (upright) by libheif, as a sharp image of its pixels. */
export async function heifPixels(input: Buffer | string): Promise<Sharp> {
  const bytes = typeof input === "string" ? await readFile(input) : input;
  try {
    const pixels = await decodeHeic(bytes, { maxSide: MAX_IMAGE_DIMENSION, maxPixels: MAX_INPUT_PIXELS });
    return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
  } catch (error) {
    if (error instanceof HeicError) {
      if (error.reason === "too-large") throw new UserError(413, MEDIA_MESSAGES.dimensionsTooLarge);
      if (error.reason === "too-many-pixels") throw new UserError(413, MEDIA_MESSAGES.tooManyPixels);
      throw new UserError(400, MEDIA_MESSAGES.damaged);
    }
    throw error;
  }
}
