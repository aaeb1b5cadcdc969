// Administrators' writes to events: their fields checked from a form or the API, a cover photo
// stored through the photo pipeline, and creating, changing and deleting an event.
import { z } from "zod";
import { normalizeText, type TextOptions } from "~/lib/rules/text-rules";
import { textRules, userText } from "~/lib/schemas/text-schemas";
import { prisma } from "~/db.server";
import { UserError } from "~/lib/user-error";
import { EVENT_TEXT } from "~/lib/schemas/event-schemas";
import type { EventView } from "~/lib/wire";
import { discardMedia } from "~/lib/media/processed-media.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { sniffMedia } from "~/lib/media/media-sniffing.server";
import { onePhotoUpload } from "~/lib/server/multipart.server";
import { eventSelect, eventView, withGoingCounts } from "~/models/event-reads.server";

function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

const optionalText = (label: string, max: number, message: string, options: TextOptions = {}) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (typeof value === "string" ? (normalizeText(value, options) as string) : value))
    .superRefine((value, ctx) => {
      if (typeof value === "string") textRules(label, options)(value, ctx);
    })
    .refine((value) => value === undefined || value === null || value.length <= max, message)
    .transform((value) => (value === "" ? null : value));

const eventFieldsSchema = z.object({
  name: userText("The name", { invalid_type_error: EVENT_TEXT.nameRequired }).pipe(z.string().min(1, EVENT_TEXT.nameRequired).max(120, EVENT_TEXT.nameTooLong)),
  dateTime: z
    .string({ invalid_type_error: EVENT_TEXT.dateRequired })
    .trim()
    .min(1, EVENT_TEXT.dateRequired)
    .transform((value, context) => {
      const date = parseEventDate(value);
      if (!date) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: EVENT_TEXT.dateInvalid });
        return z.NEVER;
      }
      return date;
    }),
  location: optionalText("The place", 200, EVENT_TEXT.locationTooLong),
  description: optionalText("The description", 5000, EVENT_TEXT.descriptionTooLong, { multiline: true }),
});

export type EventInput = { name: string; dateTime: Date; location?: string | null; description?: string | null };

/** A new cover photo (`cover`, a file) or none (`remove_cover`), from a form. */
export type EventCoverInput = { file: File | null; remove: boolean };

/** At most one cover photo per request. */
export const EVENT_COVER_UPLOAD = onePhotoUpload("cover", "Send one cover photo");

/** The cover fields of a form: an empty file input means "no change". */
export function parseEventCover(fields: Record<string, unknown>): EventCoverInput {
  const value = single(fields.cover);
  const file = value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
  const remove = single(fields.remove_cover);
  return { file, remove: remove === true || remove === "true" || remove === "on" || remove === "1" };
}

type StoredCover = { coverPath: string; coverVariants: string; coverWidth: number | null; coverHeight: number | null };

/**
 * Stores a cover photo through the photo pipeline: WebP with resized copies, upright, with
 * no EXIF or GPS. Photos only: a video or anything else is refused (415).
 */
async function storeCover(file: File): Promise<StoredCover> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0) throw new UserError(400, EVENT_TEXT.coverEmpty);
  const sniffed = await sniffMedia(bytes);
  if (!sniffed || sniffed.kind !== "image") throw new UserError(415, EVENT_TEXT.coverNotPhoto);
  const stored = await processUpload(bytes, { prefix: "events" });
  return { coverPath: stored.path, coverVariants: stored.variants, coverWidth: stored.width, coverHeight: stored.height };
}

async function discardCover(cover: { coverPath: string | null; coverVariants: string } | null | undefined): Promise<void> {
  if (!cover?.coverPath) return;
  await discardMedia({ path: cover.coverPath, variants: cover.coverVariants }).catch((error) => console.error("Could not delete an event's cover photo", error));
}

/** Runs `write` with the new cover stored first; when the write fails, the new files go. */
async function withCover<T>(cover: EventCoverInput | undefined, write: (stored: StoredCover | null) => Promise<T>): Promise<T> {
  const stored = cover?.file ? await storeCover(cover.file) : null;
  try {
    return await write(stored);
  } catch (error) {
    await discardCover(stored);
    throw error;
  }
}

/**
 * A date from an API or a form: ISO 8601 with a zone ("2026-12-05T10:00:00Z"), or a
 * `datetime-local` value ("2026-12-05T10:00"), which has no zone and is read as UTC
 * unless `offsetMinutes` (the browser's getTimezoneOffset(), sent by the form) says otherwise.
 */
export function parseEventDate(value: string, offsetMinutes = 0): Date | null {
  const text = value.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  let date: Date;
  if (local) {
    const [, y, mo, d, h, mi, s] = local;
    date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, s ? +s : 0) + offsetMinutes * 60_000);
    // Reject rolled-over dates such as 2026-02-31.
    const check = new Date(Date.UTC(+y, +mo - 1, +d));
    if (check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d) return null;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    date = new Date(text);
  } else {
    return null;
  }
  const time = date.getTime();
  if (!Number.isFinite(time)) return null;
  const year = date.getUTCFullYear();
  return year >= 1900 && year <= 2200 ? date : null;
}

/**
 * Checks event fields (`date_time` or `dateTime`, plus an optional `tz_offset` in minutes
 * from a form). `partial` allows any subset (PATCH). Throws UserError 400 with the first
 * problem in words users understand.
 */
export function parseEventInput(fields: Record<string, unknown>, partial: false): EventInput;
export function parseEventInput(fields: Record<string, unknown>, partial: true): Partial<EventInput>;
export function parseEventInput(fields: Record<string, unknown>, partial: boolean): Partial<EventInput> {
  const rawDate = single(fields.date_time ?? fields.dateTime);
  const offset = Number(single(fields.tz_offset));
  const input: Record<string, unknown> = {};
  for (const key of ["name", "location", "description"] as const) {
    if (fields[key] !== undefined) input[key] = single(fields[key]);
  }
  if (rawDate !== undefined) input.dateTime = rawDate;
  const schema = partial ? eventFieldsSchema.partial() : eventFieldsSchema;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new UserError(400, parsed.error.issues[0]?.message ?? "Invalid event");
  const value = parsed.data as Partial<EventInput>;
  // A form's datetime-local value is in the administrator's own time zone.
  if (value.dateTime && typeof rawDate === "string" && Number.isFinite(offset) && Math.abs(offset) <= 14 * 60) {
    const local = parseEventDate(rawDate, offset);
    if (local && !/(Z|[+-]\d{2}:?\d{2})$/i.test(rawDate.trim())) value.dateTime = local;
  }
  return value;
}

export async function createEvent(createdById: number, input: EventInput, cover?: EventCoverInput): Promise<EventView> {
  const event = await withCover(cover, (stored) =>
    prisma.event.create({
      data: {
        name: input.name,
        dateTime: input.dateTime,
        location: input.location ?? null,
        description: input.description ?? null,
        createdById,
        ...(stored ?? {}),
      },
      select: eventSelect,
    }),
  );
  return eventView({ ...event, goingCount: 0 });
}

/**
 * Changes the given fields, and the cover photo when one is sent (or removed); the replaced
 * photo's files are deleted. UserError 404 when the event does not exist.
 */
export async function updateEvent(id: number, input: Partial<EventInput>, cover?: EventCoverInput): Promise<EventView> {
  const before = await prisma.event.findUnique({ where: { id }, select: { coverPath: true, coverVariants: true } });
  if (!before) throw new UserError(404, EVENT_TEXT.notFound);
  const removing = Boolean(cover?.remove) && !cover?.file;
  const event = await withCover(cover, (stored) =>
    prisma.event.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.dateTime !== undefined ? { dateTime: input.dateTime } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(stored ?? {}),
        ...(removing ? { coverPath: null, coverVariants: "", coverWidth: null, coverHeight: null } : {}),
      },
      select: eventSelect,
    }),
  );
  if ((removing || cover?.file) && before.coverPath !== event.coverPath) await discardCover(before);
  const [counted] = await withGoingCounts([event]);
  return eventView(counted);
}

/** Deletes the event, its attendance and its cover photo; UserError 404 when it does not exist. */
export async function deleteEvent(id: number): Promise<void> {
  const before = await prisma.event.findUnique({ where: { id }, select: { coverPath: true, coverVariants: true } });
  const { count } = await prisma.event.deleteMany({ where: { id } });
  if (count === 0) throw new UserError(404, EVENT_TEXT.notFound);
  await discardCover(before);
}
