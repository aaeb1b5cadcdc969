// What the media picker holds for each chosen file: its kind, thumbnail, size, crop and
// description; the crop choices, and freeing a file's object URLs.
import { isKeptPreview } from "~/lib/client/upload-previews";
import { centredCrop, type Crop } from "~/lib/schemas/upload-media-fields";
import type { UploadKind } from "./upload-rules";

export type CropChoice = "original" | "4:5" | "1:1";

export const CROP_CHOICES: ReadonlyArray<{ value: CropChoice; label: string; ratio: number | null }> = [
  { value: "original", label: "Original", ratio: null },
  { value: "4:5", label: "4:5", ratio: 4 / 5 },
  { value: "1:1", label: "1:1", ratio: 1 },
];

export type PickedFile = {
  id: string;
  file: File;
  kind: UploadKind;
  /** The file itself, as an object URL. */
  url: string;
  /** What the thumbnail shows: undefined while it is being made, null when the browser cannot preview the file. */
  thumb: string | null | undefined;
  /** Upright size in pixels, once the browser has read it. */
  width: number | null;
  height: number | null;
  crop: CropChoice;
  alt: string;
};

/** The crop to send for `item` ("original", or a photo whose size the browser could not read: none). */
export function cropOf(item: PickedFile): Crop | null {
  const ratio = CROP_CHOICES.find((choice) => choice.value === item.crop)?.ratio ?? null;
  if (item.kind !== "image" || ratio === null || !item.width || !item.height) return null;
  return centredCrop(item.width, item.height, ratio);
}

/** The shape the thumbnail shows: the crop's, else the file's own (square until known). */
export function shapeOf(item: PickedFile): number {
  const ratio = CROP_CHOICES.find((choice) => choice.value === item.crop)?.ratio ?? null;
  if (ratio !== null) return ratio;
  return item.width && item.height ? item.width / item.height : 1;
}

export const PREVIEW_TEXT = {
  videoUnavailable: "Video — preview not available in this browser",
  photoUnavailable: "Photo — preview not available in this browser",
  altMissing: "No description yet. A few words help people who cannot see it.",
} as const;

/** Frees what a picked file holds (unless it now shows a post being prepared). */
export function release(item: PickedFile) {
  for (const src of [item.url, item.thumb]) {
    if (src && src.startsWith("blob:") && !isKeptPreview(src)) URL.revokeObjectURL(src);
  }
}
