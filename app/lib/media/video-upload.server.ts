// Videos in the upload pipeline: the checks ffprobe makes possible (size, length, decoding
// cost, damage), and storing one as H.264/AAC MP4 without metadata with its poster frame.
import { rm } from "node:fs/promises";
import { UserError } from "~/lib/user-error";
import { deleteMedia, newKey, putMediaFile, scratchFileFor } from "~/lib/media/media-storage.server";
import { videoTimeoutMs } from "~/lib/server/env.server";
import { encodeVideo, ProbeError, probeVideo, posterFrame, VIDEO_MAX_DIMENSION, VIDEO_MAX_PIXEL_FRAMES, videoFacts, type VideoFacts } from "~/lib/media/video.server";
import { isTruncatedMp4 } from "~/lib/media/mp4-truncation.server";
import { MediaTimeoutError } from "~/lib/media/programs.server";
import { MAX_VIDEO_SECONDS, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";
import type { Sniffed } from "~/lib/media/media-sniffing.server";
import { storeImage } from "~/lib/media/photo-storage.server";
import { discardMedia, type InspectedUpload, type ProcessedMedia } from "~/lib/media/processed-media.server";

export async function inspectVideo(path: string, sniffed: Sniffed, size: number): Promise<InspectedUpload> {
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
 * A video: H.264/AAC MP4 without metadata (remuxed or transcoded), then its poster frame
 * through the photo pipeline. On failure the scratch output and anything stored are removed.
 */
export async function storeVideo(path: string, prefix?: string, onProgress?: (fraction: number) => void): Promise<ProcessedMedia> {
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
