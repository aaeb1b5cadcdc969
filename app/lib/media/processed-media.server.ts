// What the upload pipeline works on and leaves: an upload on disk, what its fast checks found,
// what processing stored, the columns of its Media row, and removing every stored file.
import { deleteMedia } from "~/lib/media/media-storage.server";
import { parseVariants, variantPath, type MediaKind } from "~/lib/media/media-types";

export type Poster = { path: string; variants: string; width: number; height: number };

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

export type Crop = NonNullable<ProcessOptions["crop"]>;

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
