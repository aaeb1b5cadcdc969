// The upload pipeline. Uploads are untrusted: the real type is sniffed from the bytes (the
// file name and the declared type are ignored), images are decoded and re-encoded to WebP
// (which drops EXIF, GPS and anything smuggled in the file), auto-rotated, limited in pixels,
// and written with resized copies for responsive srcset; videos are accepted only when they
// really are mp4, mov, m4v or webm, and are stored as they came.
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { HttpError } from "~/lib/http.server";
import { deleteMedia, newKey, putMedia } from "~/lib/media-storage.server";
import {
  AVATAR_SIZE,
  AVATAR_SMALL_SIZE,
  IMAGE_MAX_EDGE,
  IMAGE_VARIANT_WIDTHS,
  mediaUrl,
  parseVariants,
  UPLOAD_LIMITS,
  variantPath,
  type MediaKind,
} from "~/lib/media-types";

// Size limits live in the browser-safe module so the upload form checks the same numbers.
/** Largest image file accepted (15 MB). */
export const MAX_IMAGE_BYTES = UPLOAD_LIMITS.imageBytes;
/** Largest video file accepted (60 MB). */
export const MAX_VIDEO_BYTES = UPLOAD_LIMITS.videoBytes;
/** Largest total of all the files of one post (120 MB). */
export const MAX_POST_BYTES = UPLOAD_LIMITS.postBytes;
/** Most files in one post. */
export const MAX_MEDIA_PER_POST = UPLOAD_LIMITS.files;
/** Decoded pixels refused above this (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Images wider or taller than this are refused. */
export const MAX_IMAGE_DIMENSION = 10_000;
/** WebP quality of stored images (SPEC §9: default quality 75). */
export const WEBP_QUALITY = 75;
/** WebP encoder effort (0-6): 2 is several times faster than the default 4 on these 2-core machines, for files a few percent larger. */
export const WEBP_EFFORT = 2;

export const MEDIA_MESSAGES = {
  unsupported: "Unsupported media type",
  imageTooLarge: `Images can be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  videoTooLarge: `Videos can be at most ${MAX_VIDEO_BYTES / 1024 / 1024} MB`,
  fileTooLarge: "File too large",
  postTooLarge: `A post's files can be at most ${MAX_POST_BYTES / 1024 / 1024} MB in total`,
  tooManyFiles: `A post can have at most ${MAX_MEDIA_PER_POST} photos and videos`,
  dimensionsTooLarge: `Images can be at most ${MAX_IMAGE_DIMENSION} pixels wide or tall`,
  tooManyPixels: "Image has too many pixels",
  empty: "The file is empty",
} as const;

/** A refused upload: 415 for a type we do not take, 413 for a size, 400 for an empty file. */
export class MediaError extends HttpError {
  constructor(status: 400 | 413 | 415, message: string) {
    super(status, message);
    this.name = "MediaError";
  }
}

const IMAGE_TYPES = new Map<string, string>([
  ["image/jpeg", "jpeg"],
  ["image/png", "png"],
  ["image/webp", "webp"],
  ["image/gif", "gif"],
  ["image/avif", "avif"],
  ["image/heic", "heic"],
  ["image/heif", "heif"],
]);

/** Videos kept as they are, by the extension `file-type` finds: stored extension and MIME type. */
const VIDEO_TYPES = new Map<string, { ext: string; mime: string }>([
  ["mp4", { ext: "mp4", mime: "video/mp4" }],
  ["m4v", { ext: "m4v", mime: "video/x-m4v" }],
  ["mov", { ext: "mov", mime: "video/quicktime" }],
  ["webm", { ext: "webm", mime: "video/webm" }],
]);

/** What processUpload stored: the fields of a `Media` row (plus its public URL). */
export type ProcessedMedia = {
  kind: MediaKind;
  /** Storage key of the main file (the Media row's `path`). */
  path: string;
  url: string;
  mimeType: string;
  /** Size of the main stored file. */
  bytes: number;
  width: number | null;
  height: number | null;
  /** Resized widths written next to the main file, comma-separated ("320,640,1080"). */
  variants: string;
};

export type Sniffed = { kind: MediaKind; mime: string; ext: string };

/** The real type of the bytes, or null for anything we do not take. */
export async function sniffMedia(bytes: Uint8Array): Promise<Sniffed | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (IMAGE_TYPES.has(found.mime)) return { kind: "image", mime: found.mime, ext: found.ext };
  const video = VIDEO_TYPES.get(found.ext);
  if (video) return { kind: "video", mime: video.mime, ext: video.ext };
  return null;
}

/** Refuses a post whose files are too many or too big together (call before processing). */
export function checkPostUpload(sizes: readonly number[]) {
  if (sizes.length > MAX_MEDIA_PER_POST) throw new MediaError(413, MEDIA_MESSAGES.tooManyFiles);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total > MAX_POST_BYTES) throw new MediaError(413, MEDIA_MESSAGES.postTooLarge);
}

export type ProcessOptions = {
  /** A further cap for this file (e.g. what is left of the post's budget). */
  maxBytes?: number;
  /** A folder inside the store ("avatars"); none by default. */
  prefix?: string;
};

/**
 * Checks, converts and stores one uploaded file. Throws MediaError (415 'Unsupported media
 * type', 413 for sizes) for anything refused; nothing is left in the store when it throws.
 */
export async function processUpload(input: Uint8Array, options: ProcessOptions = {}): Promise<ProcessedMedia> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.byteLength === 0) throw new MediaError(400, MEDIA_MESSAGES.empty);
  const cap = options.maxBytes ?? Number.POSITIVE_INFINITY;
  if (bytes.byteLength > Math.max(MAX_IMAGE_BYTES, MAX_VIDEO_BYTES)) throw new MediaError(413, MEDIA_MESSAGES.fileTooLarge);

  const sniffed = await sniffMedia(bytes);
  if (!sniffed) throw new MediaError(415, MEDIA_MESSAGES.unsupported);

  if (sniffed.kind === "video") {
    if (bytes.byteLength > MAX_VIDEO_BYTES) throw new MediaError(413, MEDIA_MESSAGES.videoTooLarge);
    if (bytes.byteLength > cap) throw new MediaError(413, MEDIA_MESSAGES.fileTooLarge);
    return storeVideo(bytes, sniffed, options.prefix);
  }
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new MediaError(413, MEDIA_MESSAGES.imageTooLarge);
  if (bytes.byteLength > cap) throw new MediaError(413, MEDIA_MESSAGES.fileTooLarge);
  return storeImage(bytes, options.prefix);
}

type ImageInfo = { width: number; height: number; animated: boolean };

/** Reads the header only: refuses what sharp cannot read and oversized dimensions. */
async function inspectImage(bytes: Buffer): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError(415, MEDIA_MESSAGES.unsupported);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.pageHeight ?? meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new MediaError(415, MEDIA_MESSAGES.unsupported);
  if (width > MAX_IMAGE_DIMENSION || height > MAX_IMAGE_DIMENSION) {
    throw new MediaError(413, MEDIA_MESSAGES.dimensionsTooLarge);
  }
  const pages = meta.pages ?? 1;
  if (width * height * pages > MAX_INPUT_PIXELS) throw new MediaError(413, MEDIA_MESSAGES.tooManyPixels);
  return { width, height, animated: pages > 1 && (meta.format === "gif" || meta.format === "webp") };
}

/** Maps sharp's decoding failures to the upload errors (pixel limit → 413, else 415). */
function decodeError(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new MediaError(413, MEDIA_MESSAGES.tooManyPixels);
  return new MediaError(415, MEDIA_MESSAGES.unsupported);
}

function decoder(bytes: Buffer, animated = false) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated });
}

async function storeImage(bytes: Buffer, prefix?: string): Promise<ProcessedMedia> {
  const info = await inspectImage(bytes);
  if (info.animated) return storeAnimated(bytes, prefix);

  // Decode once: auto-rotate (EXIF orientation), cap the size, sRGB 8-bit. Every stored
  // copy is encoded from these pixels; no metadata survives the re-encode.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await decoder(bytes)
      .rotate()
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
    const image = sharp(pixels.data, raw);
    if (resizeTo) image.resize({ width: resizeTo });
    return image.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
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
    };
  } catch (error) {
    await deleteMedia(...written);
    throw error;
  }
}

/** Animated GIF/WebP: one animated WebP, capped in size, no resized copies. */
async function storeAnimated(bytes: Buffer, prefix?: string): Promise<ProcessedMedia> {
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await decoder(bytes, true)
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
  };
}

async function storeVideo(bytes: Buffer, sniffed: Sniffed, prefix?: string): Promise<ProcessedMedia> {
  const size = sniffed.ext === "webm" ? null : mp4Dimensions(bytes);
  const stored = await putMedia(newKey(sniffed.ext, prefix), bytes);
  return {
    kind: "video",
    path: stored.key,
    url: stored.url,
    mimeType: sniffed.mime,
    bytes: stored.bytes,
    width: size?.width ?? null,
    height: size?.height ?? null,
    variants: "",
  };
}

/**
 * Display size of the first video track of an MP4/QuickTime file, read from its `tkhd` box
 * (rotation in the track matrix swaps width and height). Null when not found.
 */
export function mp4Dimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const containers = new Set(["moov", "trak"]);

  function walk(start: number, end: number, depth: number): { width: number; height: number } | null {
    let offset = start;
    while (offset + 8 <= end && depth < 4) {
      let size = view.getUint32(offset);
      const type = String.fromCharCode(bytes[offset + 4], bytes[offset + 5], bytes[offset + 6], bytes[offset + 7]);
      let header = 8;
      if (size === 1) {
        if (offset + 16 > end) return null;
        size = Number(view.getBigUint64(offset + 8));
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header || offset + size > end) return null;
      if (containers.has(type)) {
        const found = walk(offset + header, offset + size, depth + 1);
        if (found) return found;
      } else if (type === "tkhd") {
        const found = readTkhd(offset + header, offset + size);
        if (found) return found;
      }
      offset += size;
    }
    return null;
  }

  function readTkhd(start: number, end: number) {
    const version = bytes[start];
    const matrix = start + 4 + (version === 1 ? 32 : 20) + 8 + 8;
    const sizeAt = matrix + 36;
    if (sizeAt + 8 > end) return null;
    const width = Math.round(view.getUint32(sizeAt) / 65536);
    const height = Math.round(view.getUint32(sizeAt + 4) / 65536);
    if (!width || !height) return null; // an audio track
    const a = view.getInt32(matrix);
    const b = view.getInt32(matrix + 4);
    const rotated = a === 0 && Math.abs(b) === 65536;
    return rotated ? { width: height, height: width } : { width, height };
  }

  try {
    return walk(0, bytes.byteLength, 0);
  } catch {
    return null;
  }
}

/** Removes every file of a stored media item: the main file, its resized copies, its poster. */
export async function discardMedia(media: { path: string; variants?: string | null; posterPath?: string | null }) {
  if (/^(?:[a-z]+:|\/)/i.test(media.path)) return; // a URL, not something we store
  await deleteMedia(
    media.path,
    ...parseVariants(media.variants).map((width) => variantPath(media.path, width)),
    media.posterPath,
  );
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
  if (bytes.byteLength === 0) throw new MediaError(400, MEDIA_MESSAGES.empty);
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new MediaError(413, MEDIA_MESSAGES.imageTooLarge);
  const sniffed = await sniffMedia(bytes);
  if (!sniffed || sniffed.kind !== "image") throw new MediaError(415, MEDIA_MESSAGES.unsupported);
  await inspectImage(bytes);

  const square = (size: number) =>
    decoder(bytes)
      .rotate()
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
  return { path: key, url: mediaUrl(key), smallUrl: mediaUrl(smallKey), variants: String(AVATAR_SMALL_SIZE) };
}

// ============================================================================================
// TEMPORARY STAND-IN (helper H5, background jobs). H4 delivers the real inspectUploadFile and
// processUploadFile (ffprobe, transcoding, posters, HEIC); the lead replaces this block with
// H4's version when merging. Same names and shapes; built on sniffMedia and processUpload.
// ============================================================================================

/** A file already on disk; `name` is the name it had on the user's device. */
export type UploadFile = { path: string; name: string };

export type InspectedUpload = {
  kind: "image" | "video";
  mime: string;
  ext: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
};

/** A MediaError whose message starts with the file's name ("IMG_0412.HEIC: …"). */
function namedError(file: UploadFile, error: MediaError): MediaError {
  const prefix = `${file.name}: `;
  return error.message.startsWith(prefix) ? error : new MediaError(error.status as 400 | 413 | 415, `${prefix}${error.message}`);
}

/** Fast checks done during the request. Throws MediaError (400/413/415) whose message starts with the file name. */
export async function inspectUploadFile(file: UploadFile): Promise<InspectedUpload> {
  const { open } = await import("node:fs/promises");
  const handle = await open(file.path, "r");
  let head: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    head = Buffer.alloc(Math.min(size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (size === 0) throw namedError(file, new MediaError(400, MEDIA_MESSAGES.empty));
  const sniffed = await sniffMedia(head);
  if (!sniffed) throw namedError(file, new MediaError(415, MEDIA_MESSAGES.unsupported));
  if (sniffed.kind === "video" && size > MAX_VIDEO_BYTES) throw namedError(file, new MediaError(413, MEDIA_MESSAGES.videoTooLarge));
  if (sniffed.kind === "image" && size > MAX_IMAGE_BYTES) throw namedError(file, new MediaError(413, MEDIA_MESSAGES.imageTooLarge));
  let size2d: { width: number; height: number } | null = null;
  if (sniffed.kind === "image") {
    // The header's dimensions and pixel count, before any decoding (bombs are refused here).
    const { readFile } = await import("node:fs/promises");
    try {
      size2d = await inspectImage(await readFile(file.path));
    } catch (error) {
      throw error instanceof MediaError ? namedError(file, error) : error;
    }
  }
  return { kind: sniffed.kind, mime: sniffed.mime, ext: sniffed.ext, bytes: size, width: size2d?.width ?? null, height: size2d?.height ?? null, durationMs: null };
}

/** The heavy work; runs in a background job. Writes into the media store; leaves nothing behind when it throws. */
export async function processUploadFile(file: UploadFile, _inspected: InspectedUpload, options: ProcessOptions = {}): Promise<ProcessedMedia> {
  const { readFile } = await import("node:fs/promises");
  try {
    return await processUpload(await readFile(file.path), options);
  } catch (error) {
    throw error instanceof MediaError ? namedError(file, error) : error;
  }
}
// ======================================================================= end of the stand-in
