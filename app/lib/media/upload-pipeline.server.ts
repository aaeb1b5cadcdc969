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
import { rm, stat, writeFile } from "node:fs/promises";
import { UserError } from "~/lib/user-error";
import { scratchFileFor } from "~/lib/media/media-storage.server";
import { fileMessage, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, MEDIA_MESSAGES, namingFile } from "~/lib/media/upload-limits.server";
import { isHeif, readHead, sniffMedia } from "~/lib/media/media-sniffing.server";
import { decodeError, decoder, inspectImage } from "~/lib/media/photo-decoding.server";
import { storeImageFile } from "~/lib/media/photo-storage.server";
import { inspectVideo, storeVideo } from "~/lib/media/video-upload.server";
import type { InspectedUpload, ProcessedMedia, ProcessOptions, UploadFile } from "~/lib/media/processed-media.server";

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
