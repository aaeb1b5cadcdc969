// Photos stored: decoded once, upright, capped at IMAGE_MAX_EDGE and re-encoded to WebP (no
// metadata survives) with resized copies for srcset; animated images and profile photos apart.
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { UserError } from "~/lib/user-error";
import { deleteMedia, newKey, putMedia } from "~/lib/media/media-storage.server";
import { AVATAR_SIZE, AVATAR_SMALL_SIZE, IMAGE_MAX_EDGE, IMAGE_VARIANT_WIDTHS, localMediaUrl, variantPath } from "~/lib/media/media-types";
import { MAX_IMAGE_BYTES, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";
import { isHeif, sniffMedia } from "~/lib/media/media-sniffing.server";
import { decodeError, decoder, heifPixels, inspectImage } from "~/lib/media/photo-decoding.server";
import type { Crop, ProcessedMedia } from "~/lib/media/processed-media.server";

/** Stored photos are WebP at quality 75. */
export const WEBP_QUALITY = 75;
/** WebP encoder effort (0-6): 2 is several times faster than the default 4 on these 2-core machines, for files a few percent larger. */
export const WEBP_EFFORT = 2;

/** A photo file: HEIC/HEIF through libheif, the rest through sharp. */
export async function storeImageFile(path: string, mime: string, prefix?: string, crop: Crop | null = null): Promise<ProcessedMedia> {
  if (isHeif(mime)) return storeImage(await heifPixels(path), prefix, crop);
  return storeImage(path, prefix, crop);
}

/**
 * Stores a photo: its file or bytes (decoded by sharp, auto-rotated by EXIF orientation), or
 * pixels already decoded and upright. The crop, when given, is cut from the upright photo.
 * WebP at most IMAGE_MAX_EDGE, plus resized copies.
 */
export async function storeImage(input: Buffer | string | Sharp, prefix?: string, crop: Crop | null = null): Promise<ProcessedMedia> {
  let image: Sharp;
  if (typeof input === "string" || Buffer.isBuffer(input)) {
    const info = await inspectImage(input);
    if (info.animated) return storeAnimated(input, prefix);
    // autoOrient turns the photo upright before any other step, so the crop's pixels are the upright photo's.
    image = crop ? decoder(input).autoOrient() : decoder(input).rotate();
  } else {
    image = input;
  }
  if (crop) image = image.extract({ left: crop.x, top: crop.y, width: crop.w, height: crop.h });

  // Decode once: upright, capped in size, sRGB 8-bit. Every stored copy is encoded from
  // these pixels; no metadata survives the re-encode.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await image
      .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeError(error);
  }
  const { width, height, channels } = pixels.info;
  const raw = { raw: { width, height, channels } } as const;
  const widths = IMAGE_VARIANT_WIDTHS.filter((candidate) => candidate < width);

  const key = newKey("webp", prefix);
  const encode = (resizeTo?: number) => {
    const copy = sharp(pixels.data, raw);
    if (resizeTo) copy.resize({ width: resizeTo });
    return copy.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
  };
  const written: string[] = [];
  try {
    const [full, ...copies] = await Promise.all([encode(), ...widths.map((w) => encode(w))]);
    const stored = await putMedia(key, full);
    written.push(key);
    await Promise.all(
      copies.map(async (copy, index) => {
        const variantKey = variantPath(key, widths[index]);
        await putMedia(variantKey, copy);
        written.push(variantKey);
      }),
    );
    return {
      kind: "image",
      path: key,
      url: stored.url,
      mimeType: "image/webp",
      bytes: stored.bytes,
      width,
      height,
      variants: widths.join(","),
      durationMs: null,
      poster: null,
    };
  } catch (error) {
    await deleteMedia(...written);
    throw error;
  }
}

/** Animated GIF/WebP: one animated WebP, capped in size, no resized copies. */
async function storeAnimated(input: Buffer | string, prefix?: string): Promise<ProcessedMedia> {
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await decoder(input, true)
      .resize({ width: 1080, height: 1080, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeError(error);
  }
  const stored = await putMedia(newKey("webp", prefix), output.data);
  return {
    kind: "image",
    path: stored.key,
    url: stored.url,
    mimeType: "image/webp",
    bytes: stored.bytes,
    width: output.info.width,
    height: output.info.pageHeight ?? output.info.height,
    variants: "",
    durationMs: null,
    poster: null,
  };
}

export type ProcessedAvatar = {
  path: string;
  /** The URL of the 256 px image: what `User.profileImage` holds. */
  url: string;
  /** The URL of the 64 px copy. */
  smallUrl: string;
  variants: string;
};

/** A profile image: square-cropped (the interesting part kept) to 256 and 64 px WebP. */
export async function processAvatar(input: Uint8Array): Promise<ProcessedAvatar> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.byteLength === 0) throw new UserError(400, MEDIA_MESSAGES.empty);
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new UserError(413, MEDIA_MESSAGES.imageTooLarge);
  const sniffed = await sniffMedia(bytes);
  if (!sniffed || sniffed.kind !== "image") throw new UserError(415, MEDIA_MESSAGES.unsupported);
  await inspectImage(bytes);
  // HEIC/HEIF: decoded once by libheif (upright), then cropped like any photo.
  const heif = isHeif(sniffed.mime) ? await (await heifPixels(bytes)).png({ compressionLevel: 0 }).toBuffer() : null;

  const square = (size: number) =>
    (heif ? sharp(heif) : decoder(bytes).rotate())
      .resize({ width: size, height: size, fit: "cover", position: sharp.strategy.attention })
      .webp({ quality: 80, effort: WEBP_EFFORT })
      .toBuffer();
  let large: Buffer;
  let small: Buffer;
  try {
    [large, small] = await Promise.all([square(AVATAR_SIZE), square(AVATAR_SMALL_SIZE)]);
  } catch (error) {
    throw decodeError(error);
  }
  const key = newKey("webp", "avatars");
  const smallKey = variantPath(key, AVATAR_SMALL_SIZE);
  try {
    await putMedia(key, large);
    await putMedia(smallKey, small);
  } catch (error) {
    await deleteMedia(key, smallKey);
    throw error;
  }
  return { path: key, url: localMediaUrl(key), smallUrl: localMediaUrl(smallKey), variants: String(AVATAR_SMALL_SIZE) };
}
