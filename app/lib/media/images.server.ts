// The upload pipeline. Uploads are untrusted: the real type is sniffed from the bytes (the
// file name and the declared type are ignored). Photos are decoded (HEIC/HEIF through
// libheif, everything else through sharp) and re-encoded to WebP, which drops EXIF, GPS and
// anything smuggled in the file; they are turned upright, limited in pixels, and written with
// resized copies for responsive srcset. Videos are probed with ffprobe and stored as H.264/AAC
// MP4 without metadata (~/lib/media/video.server), with a poster frame stored like a photo.
//
// Two steps, so the heavy work can run off the request: inspectUploadFile does the fast
// checks (type, size, length, header, damage), processUploadFile the conversion. Every
// refusal is a UserError whose message starts with the file's name.
import { open, readFile, rm, stat, writeFile } from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { decodeHeic, HeicError } from "~/lib/media/heic.server";
import { UserError } from "~/lib/user-error";
import { deleteMedia, newKey, putMedia, putMediaFile, scratchFileFor } from "~/lib/media/media-storage.server";
import {
  AVATAR_SIZE,
  AVATAR_SMALL_SIZE,
  IMAGE_MAX_EDGE,
  IMAGE_VARIANT_WIDTHS,
  localMediaUrl,
  parseVariants,
  UPLOAD_LIMITS,
  variantPath,
  type MediaKind,
} from "~/lib/media/media-types";
import { videoTimeoutMs } from "~/lib/server/env.server";
import { encodeVideo, ProbeError, probeVideo, posterFrame, VIDEO_MAX_DIMENSION, VIDEO_MAX_PIXEL_FRAMES, videoFacts, type VideoFacts } from "~/lib/media/video.server";
import { isTruncatedMp4 } from "~/lib/media/mp4-truncation.server";
import { MediaTimeoutError } from "~/lib/media/programs.server";

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
/** Stored photos are WebP at quality 75. */
export const WEBP_QUALITY = 75;
/** WebP encoder effort (0-6): 2 is several times faster than the default 4 on these 2-core machines, for files a few percent larger. */
export const WEBP_EFFORT = 2;

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
async function namingFile<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (name === undefined || !(error instanceof UserError) || error.file !== undefined) throw error;
    throw new UserError(error.status, fileMessage(name, error.status, error.message), { file: name });
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

/** Video containers we take, by the extension `file-type` finds. */
const VIDEO_TYPES = new Map<string, { ext: string; mime: string }>([
  ["mp4", { ext: "mp4", mime: "video/mp4" }],
  ["m4v", { ext: "m4v", mime: "video/x-m4v" }],
  ["mov", { ext: "mov", mime: "video/quicktime" }],
  ["webm", { ext: "webm", mime: "video/webm" }],
]);

type Poster = { path: string; variants: string; width: number; height: number };

/** What processing stored: the fields of a `Media` row (plus its public URL). */
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
  /** Videos: their length. */
  durationMs: number | null;
  /** Videos: a still frame, stored like a photo (WebP with resized copies). */
  poster: Poster | null;
};

/** A file already on disk; `name` is the user's own name for it. */
export type UploadFile = { path: string; name: string };

/** What the fast checks found. */
export type InspectedUpload = {
  kind: "image" | "video";
  mime: string;
  ext: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
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
  if (sizes.length > MAX_MEDIA_PER_POST) throw new UserError(413, MEDIA_MESSAGES.tooManyFiles);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total > MAX_POST_BYTES) throw new UserError(413, MEDIA_MESSAGES.postTooLarge);
}

export type ProcessOptions = {
  /** A further cap for this file (e.g. what is left of the post's budget). */
  maxBytes?: number;
  /** A folder inside the store ("avatars"); none by default. */
  prefix?: string;
  /** Photos: the part to keep, in pixels of the upright photo (animated images are kept whole). */
  crop?: { x: number; y: number; w: number; h: number } | null;
  /** Videos: told the share of the clip encoded so far, 0 to 1, as it grows. */
  onProgress?: (fraction: number) => void;
};

function isHeif(mime: string): boolean {
  return mime === "image/heic" || mime === "image/heif";
}

async function readHead(file: string, length = 4100): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The fast checks on an uploaded file, done while the request is open: its real type, its
 * size and (for a video) its length, its header, and whether it was cut short. Throws a
 * UserError naming the file: 400 empty or damaged, 413 over a limit, 415 a type we do not
 * take (or a video ffprobe cannot read).
 */
export async function inspectUploadFile(file: UploadFile, options: Pick<ProcessOptions, "maxBytes"> = {}): Promise<InspectedUpload> {
  return namingFile(file.name, () => inspect(file.path, options.maxBytes));
}

async function inspect(path: string, maxBytes = Number.POSITIVE_INFINITY): Promise<InspectedUpload> {
  const { size } = await stat(path);
  if (size === 0) throw new UserError(400, MEDIA_MESSAGES.empty);
  // The type from the first bytes only; the limits then depend on it.
  const sniffed = await sniffMedia(await readHead(path));
  if (!sniffed) throw new UserError(415, MEDIA_MESSAGES.unsupported);

  if (sniffed.kind === "video") {
    if (size > MAX_VIDEO_BYTES) throw new UserError(413, MEDIA_MESSAGES.videoTooLarge);
    if (size > maxBytes) throw new UserError(413, MEDIA_MESSAGES.fileTooLarge);
    return inspectVideo(path, sniffed, size);
  }
  if (size > MAX_IMAGE_BYTES) throw new UserError(413, MEDIA_MESSAGES.imageTooLarge);
  if (size > maxBytes) throw new UserError(413, MEDIA_MESSAGES.fileTooLarge);
  const info = await inspectImage(path);
  // A cut-off file fails while decoding: a small decode finds it now (HEIC is decoded later).
  if (!isHeif(sniffed.mime)) {
    try {
      await decoder(path).resize({ width: 64, height: 64, fit: "inside" }).raw().toBuffer();
    } catch (error) {
      throw decodeError(error);
    }
  }
  return { kind: "image", mime: sniffed.mime, ext: sniffed.ext, bytes: size, width: info.width, height: info.height, durationMs: null };
}

async function inspectVideo(path: string, sniffed: Sniffed, size: number): Promise<InspectedUpload> {
  if (sniffed.ext !== "webm" && (await isTruncatedMp4(path))) throw new UserError(400, MEDIA_MESSAGES.damaged);
  const facts = videoFacts(await probeFile(path));
  if (!facts) throw new UserError(415, MEDIA_MESSAGES.notVideo);
  if (facts.width > VIDEO_MAX_DIMENSION || facts.height > VIDEO_MAX_DIMENSION) {
    throw new UserError(413, MEDIA_MESSAGES.videoDimensionsTooLarge);
  }
  // Half a second over is rounding (a phone's "60 s" clip is often 60.02 s).
  if (facts.durationMs !== null && facts.durationMs > MAX_VIDEO_SECONDS * 1000 + 500) {
    throw new UserError(413, MEDIA_MESSAGES.videoTooLong);
  }
  checkVideoCost(facts);
  return { kind: "video", mime: sniffed.mime, ext: sniffed.ext, bytes: size, width: facts.width, height: facts.height, durationMs: facts.durationMs };
}

/** Refuses a video that would cost the decoder more than VIDEO_MAX_PIXEL_FRAMES (413). */
function checkVideoCost(facts: VideoFacts): void {
  if (facts.pixelFrames > VIDEO_MAX_PIXEL_FRAMES) throw new UserError(413, MEDIA_MESSAGES.videoTooCostly);
}

/** A run past its wall-clock limit, as the upload's error: the file is too heavy (413). */
function timeoutError(): UserError {
  const limit = videoTimeoutMs() / 1000;
  const span = limit >= 120 && limit % 60 === 0 ? `${limit / 60} minutes` : `${limit} second${limit === 1 ? "" : "s"}`;
  return new UserError(413, `${MEDIA_MESSAGES.videoTooSlow} (the limit is ${span})`);
}

/** ffprobe, with its failures as upload errors: damaged → 400, unreadable → 415, too slow → 413. */
async function probeFile(path: string) {
  try {
    return await probeVideo(path);
  } catch (error) {
    if (error instanceof ProbeError) throw probeError(error);
    if (error instanceof MediaTimeoutError) throw timeoutError();
    throw error;
  }
}

function probeError(error: ProbeError): UserError {
  return error.reason === "damaged" ? new UserError(400, MEDIA_MESSAGES.damaged) : new UserError(415, MEDIA_MESSAGES.notVideo);
}

/**
 * The heavy work for an inspected file: photos decoded and written as WebP with resized
 * copies; videos remuxed or transcoded to H.264/AAC MP4, with a poster frame. Writes into
 * the media store; when it throws (a UserError naming the file), nothing is left behind.
 */
export async function processUploadFile(file: UploadFile, inspected: InspectedUpload, options: ProcessOptions = {}): Promise<ProcessedMedia> {
  return namingFile(file.name, () =>
    inspected.kind === "video"
      ? storeVideo(file.path, options.prefix, options.onProgress)
      : storeImageFile(file.path, inspected.mime, options.prefix, options.crop ?? null),
  );
}

/**
 * Checks, converts and stores one file held in memory (the profile photo form, the seed).
 * The same steps as inspectUploadFile then processUploadFile, through a scratch file.
 * Throws UserError (unnamed messages); nothing is left in the store when it throws.
 */
export async function processUpload(input: Uint8Array, options: ProcessOptions & { name?: string } = {}): Promise<ProcessedMedia> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.byteLength === 0) throw new UserError(400, options.name ? fileMessage(options.name, 400, MEDIA_MESSAGES.empty) : MEDIA_MESSAGES.empty);
  const scratch = await scratchFileFor("upload");
  try {
    await writeFile(scratch, bytes);
    return await namingFile(options.name, async () => {
      const inspected = await inspect(scratch, options.maxBytes);
      return inspected.kind === "video" ? storeVideo(scratch, options.prefix) : storeImageFile(scratch, inspected.mime, options.prefix);
    });
  } finally {
    await rm(scratch, { force: true });
  }
}

type ImageInfo = { width: number; height: number; animated: boolean };

/** Reads the header only: refuses what sharp cannot read and oversized dimensions. */
async function inspectImage(input: Buffer | string): Promise<ImageInfo> {
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
function decodeError(error: unknown): UserError {
  if (error instanceof UserError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new UserError(413, MEDIA_MESSAGES.tooManyPixels);
  return new UserError(400, MEDIA_MESSAGES.damaged);
}

function decoder(input: Buffer | string, animated = false) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", animated });
}

/** HEIC/HEIF decoded (upright) by libheif, as a sharp image of its pixels. */
async function heifPixels(input: Buffer | string): Promise<Sharp> {
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

type Crop = NonNullable<ProcessOptions["crop"]>;

/** A photo file: HEIC/HEIF through libheif, the rest through sharp. */
async function storeImageFile(path: string, mime: string, prefix?: string, crop: Crop | null = null): Promise<ProcessedMedia> {
  if (isHeif(mime)) return storeImage(await heifPixels(path), prefix, crop);
  return storeImage(path, prefix, crop);
}

/**
 * Stores a photo: its file or bytes (decoded by sharp, auto-rotated by EXIF orientation), or
 * pixels already decoded and upright. The crop, when given, is cut from the upright photo.
 * WebP at most IMAGE_MAX_EDGE, plus resized copies.
 */
async function storeImage(input: Buffer | string | Sharp, prefix?: string, crop: Crop | null = null): Promise<ProcessedMedia> {
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

/**
 * A video: H.264/AAC MP4 without metadata (remuxed or transcoded), then its poster frame
 * through the photo pipeline. On failure the scratch output and anything stored are removed.
 */
async function storeVideo(path: string, prefix?: string, onProgress?: (fraction: number) => void): Promise<ProcessedMedia> {
  const probe = await probeFile(path);
  // Checked again here: the job may hold a file queued before the limit.
  const facts = videoFacts(probe);
  if (facts) checkVideoCost(facts);
  const scratch = await scratchFileFor("mp4");
  let posterStored: ProcessedMedia | null = null;
  let key: string | null = null;
  try {
    let encoded;
    try {
      encoded = await encodeVideo(path, scratch, probe, onProgress);
    } catch (error) {
      if (error instanceof ProbeError) throw probeError(error);
      if (error instanceof MediaTimeoutError) throw timeoutError();
      throw error;
    }
    let frame: Buffer;
    try {
      frame = await posterFrame(scratch, encoded.durationMs);
    } catch (error) {
      if (error instanceof ProbeError) throw probeError(error);
      if (error instanceof MediaTimeoutError) throw timeoutError();
      throw error;
    }
    posterStored = await storeImage(frame, prefix);
    key = newKey("mp4", prefix);
    const stored = await putMediaFile(key, scratch);
    return {
      kind: "video",
      path: stored.key,
      url: stored.url,
      mimeType: "video/mp4",
      bytes: stored.bytes,
      width: encoded.width,
      height: encoded.height,
      variants: "",
      durationMs: encoded.durationMs,
      poster: { path: posterStored.path, variants: posterStored.variants, width: posterStored.width ?? encoded.width, height: posterStored.height ?? encoded.height },
    };
  } catch (error) {
    if (posterStored) await discardMedia(posterStored);
    if (key) await deleteMedia(key);
    throw error;
  } finally {
    await rm(scratch, { force: true });
  }
}

/** The stored files of a media item: the main file, its resized copies, its poster and the poster's copies. */
export type StoredMediaFiles = {
  path: string;
  variants?: string | null;
  posterPath?: string | null;
  posterVariants?: string | null;
  poster?: Poster | null;
};

/** Removes every file of a stored media item: the main file, its resized copies, its poster and the poster's copies. */
export async function discardMedia(media: StoredMediaFiles) {
  if (/^(?:[a-z]+:|\/)/i.test(media.path)) return; // a URL, not something we store
  const posterPath = media.poster?.path ?? media.posterPath ?? null;
  const posterVariants = media.poster?.variants ?? media.posterVariants ?? "";
  const poster = posterPath && !/^(?:[a-z]+:|\/)/i.test(posterPath) ? posterPath : null;
  await deleteMedia(
    media.path,
    ...parseVariants(media.variants).map((width) => variantPath(media.path, width)),
    poster,
    ...(poster ? parseVariants(posterVariants).map((width) => variantPath(poster, width)) : []),
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

/** The columns of a `Media` row for what processing stored (position, post and uploader aside). */
export function mediaColumns(media: ProcessedMedia) {
  return {
    kind: media.kind,
    path: media.path,
    mimeType: media.mimeType,
    bytes: media.bytes,
    width: media.width,
    height: media.height,
    variants: media.variants,
    durationMs: media.durationMs,
    posterPath: media.poster?.path ?? null,
    posterVariants: media.poster?.variants ?? "",
    posterWidth: media.poster?.width ?? null,
    posterHeight: media.poster?.height ?? null,
  };
}
