// The real type of an upload, sniffed from its first bytes: the file name and the declared
// type are ignored. Photos (JPEG, PNG, WebP, GIF, AVIF, HEIC/HEIF) and videos (MP4, MOV, M4V, WebM).
import { open } from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import type { MediaKind } from "~/lib/media/media-types";

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

export function isHeif(mime: string): boolean {
  return mime === "image/heic" || mime === "image/heif";
}

export async function readHead(file: string, length = 4100): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
