// What the author says about each file of a new post, shared by the upload form and
// POST /api/posts: its place in the post, its description (alt text) and, for a photo, the
// part to keep (a crop in pixels of the upright photo).
//
// A file is known by its number: a part named `media.N` is file N (the form's fields
// without JavaScript), any other file part is numbered by its place among the files sent
// (1, 2, …). Its fields are `position.N` (1 is the cover), `alt.N` and `crop.N`
// ("x,y,w,h", or empty / "original" to keep the whole photo). Without positions the files
// keep the order they were sent in; photos and videos are never reordered by kind.
import { z } from "zod";
import { wholeNumber } from "~/lib/rules/formats";
import { UPLOAD_LIMITS } from "~/lib/media/media-types";

/** Longest description (alt text) of one photo or video. */
export const MAX_ALT_LENGTH = 1500;

export const MEDIA_FIELD_MESSAGES = {
  altTooLong: `A description can be at most ${wholeNumber(MAX_ALT_LENGTH)} characters`,
  badCrop: "The crop must be four whole numbers of pixels: x, y, width and height",
  cropOutside: "The crop goes outside the photo",
  cropVideo: "Only photos can be cropped",
  badPosition: `The position must be a whole number from 1 to ${UPLOAD_LIMITS.files}`,
} as const;

/** A rectangle of the upright photo, in its pixels. */
export type Crop = { x: number; y: number; w: number; h: number };

/** The crop as the form and the database hold it: "x,y,w,h". */
export function cropText(crop: Crop): string {
  return `${crop.x},${crop.y},${crop.w},${crop.h}`;
}

const pixel = z.coerce.number().int().min(0).max(100_000);

/** "x,y,w,h" → a crop; "" or "original" → null (the whole photo). */
export const cropSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z.union([
    z.literal("").transform(() => null),
    z.literal("original").transform(() => null),
    z
      .string()
      .regex(/^\d{1,6}\s*,\s*\d{1,6}\s*,\s*\d{1,6}\s*,\s*\d{1,6}$/)
      .transform((text) => text.split(",").map((part) => part.trim()))
      .pipe(z.tuple([pixel, pixel, pixel.min(1), pixel.min(1)]))
      .transform(([x, y, w, h]): Crop => ({ x, y, w, h })),
  ]),
);

/** A stored crop ("x,y,w,h") back as a rectangle; null for none or anything unreadable. */
export function parseCrop(text: string | null | undefined): Crop | null {
  if (!text) return null;
  const result = cropSchema.safeParse(text);
  return result.success ? result.data : null;
}

/** Whether `crop` lies inside a photo of `width` × `height` pixels. */
export function cropFits(crop: Crop, width: number, height: number): boolean {
  return crop.x + crop.w <= width && crop.y + crop.h <= height;
}

/** The largest centred crop of a `width` × `height` photo with the shape `ratio` (width / height). */
export function centredCrop(width: number, height: number, ratio: number): Crop {
  let w = width;
  let h = Math.round(width / ratio);
  if (h > height) {
    h = height;
    w = Math.min(width, Math.round(height * ratio));
  }
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), w, h };
}

/** A typed description: forms send line breaks as CRLF, counted as one character as the textarea does; trimmed. */
export function typedAlt(value: string): string {
  return value.replace(/\r\n/g, "\n").trim();
}

/** A description at most MAX_ALT_LENGTH long; "" is none (null). */
export function altText(text: z.ZodString) {
  return text.max(MAX_ALT_LENGTH, MEDIA_FIELD_MESSAGES.altTooLong).transform((value) => (value === "" ? null : value));
}

/** A place in the post's order: a whole number from 1 to `max`, else `message`. */
export function positionNumber(max: number, message: string) {
  return z.coerce.number({ message }).int(message).min(1, message).max(max, message);
}

const altSchema = z.preprocess((value) => (typeof value === "string" ? typedAlt(value) : (value ?? "")), altText(z.string()));

const positionSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z.union([z.literal("").transform(() => null), z.undefined().transform(() => null), positionNumber(UPLOAD_LIMITS.files, MEDIA_FIELD_MESSAGES.badPosition)]),
);

const fileFieldsSchema = z.object({
  alt: altSchema,
  crop: z.unknown().transform((value, ctx) => {
    const result = cropSchema.safeParse(value ?? "");
    if (!result.success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: MEDIA_FIELD_MESSAGES.badCrop });
      return z.NEVER;
    }
    return result.data;
  }),
  position: positionSchema,
});

export type MediaFileFields = z.output<typeof fileFieldsSchema>;

/** The number of a file part: N for `media.N`, else its place among the files (from 1). */
export function fileNumber(field: string, index: number): number {
  const match = /^media\.(\d{1,2})$/.exec(field);
  return match ? Number(match[1]) : index + 1;
}

/** The file field names of the numbered parts (`media.1` … `media.20`). */
export const NUMBERED_FILE_FIELDS: readonly string[] = Array.from({ length: UPLOAD_LIMITS.files }, (_, index) => `media.${index + 1}`);

function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/**
 * The fields of file number `number` in a body's field map. Throws nothing: answers the
 * first problem's message instead.
 */
export function readFileFields(fields: Record<string, unknown>, number: number): { ok: true; data: MediaFileFields } | { ok: false; error: string } {
  const result = fileFieldsSchema.safeParse({
    alt: single(fields[`alt.${number}`]),
    crop: single(fields[`crop.${number}`]),
    position: single(fields[`position.${number}`]),
  });
  if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? "Invalid file fields" };
  return { ok: true, data: result.data };
}

/**
 * The files in the order the post shows them: by their position when given, else by their
 * number (the order they were sent in); a tie keeps the order they were sent in.
 */
export function orderFiles<T extends { number: number; position: number | null }>(files: readonly T[]): T[] {
  return files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => (a.file.position ?? a.file.number) - (b.file.position ?? b.file.number) || a.index - b.index)
    .map(({ file }) => file);
}
