// Events: meets, drives and shows. Reads for the events pages, administrators' writes, and
// attendance ("going", optionally with one of your own cars).
// Searching events by text lives in search.server.ts (searchEvents), which narrows
// listEvents with `ids`.
import { z } from "zod";
import { normalizeText, type TextOptions } from "~/lib/rules/text-rules";
import { textRules, userText } from "~/lib/schemas/text-schemas";
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { isoText, jsonDialect, parseJsonCell, parseStoredDate, timestampSql } from "~/lib/db/json-sql";
import { UserError } from "~/lib/user-error";
import { EVENT_TEXT } from "~/lib/schemas/event-schemas";
import { imageUrlForWidth, mediaUrl, pictureOf, srcSetFor } from "~/lib/media/media-types";
import { discardMedia, MAX_IMAGE_BYTES, MEDIA_MESSAGES, processUpload, sniffMedia } from "~/lib/media/images.server";
import type { MultipartLimits } from "~/lib/server/multipart.server";
import type { CalendarEvent } from "~/lib/rules/event-calendar";
import { featuringCarIds, postCoverSql } from "~/models/car.server";
import { countAttendees } from "~/models/counts.server";

const eventSelect = {
  id: true,
  name: true,
  dateTime: true,
  location: true,
  description: true,
  createdAt: true,
  updatedAt: true,
  coverPath: true,
  coverVariants: true,
  coverWidth: true,
  coverHeight: true,
  createdBy: { select: { username: true } },
} as const;

type EventRow = {
  id: number;
  name: string;
  dateTime: Date;
  location: string | null;
  description: string | null;
  createdAt: Date;
  /** When the event last changed: a calendar's DTSTAMP. */
  updatedAt: Date;
  coverPath: string | null;
  coverVariants: string;
  coverWidth: number | null;
  coverHeight: number | null;
  createdBy: { username: string } | null;
};

export type EventSummary = EventRow & { goingCount: number };

/** The rows with their attendee counts: one grouped count for the whole list. */
async function withGoingCounts(rows: EventRow[]): Promise<EventSummary[]> {
  const going = await countAttendees(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, goingCount: going.get(row.id) ?? 0 }));
}

/** One event, or null. */
export async function getEvent(id: number): Promise<EventSummary | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await prisma.event.findUnique({ where: { id }, select: eventSelect });
  return row ? (await withGoingCounts([row]))[0] : null;
}

type EventTuple = [
  id: number,
  name: string,
  dateTime: string | number,
  location: string | null,
  description: string | null,
  createdAt: string | number,
  createdBy: string | null,
  goingCount: number,
  updatedAt: string | number,
  coverPath: string | null,
  coverVariants: string,
  coverWidth: number | null,
  coverHeight: number | null,
];

/** The events `where` picks, in `order`, at most `limit`, with creators and attendee counts. */
function eventListSql(where: Prisma.Sql, order: Prisma.Sql, limit: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const tuple = json.tuple(Prisma.sql`e."id", e."name", e."dateTime", e."location", e."description", e."createdAt", u."username",
    (SELECT COUNT(*) FROM "event_attendees" a WHERE a."eventId" = e."id"),
    e."updatedAt", e."coverPath", e."coverVariants", e."coverWidth", e."coverHeight"`);
  return json.nested(Prisma.sql`
    SELECT ${json.tuples(tuple, order)}
    FROM (SELECT * FROM "events" e WHERE ${where} ORDER BY ${order} LIMIT ${limit}) e
    LEFT JOIN "users" u ON u."id" = e."createdById"`);
}

function readEvent([
  id,
  name,
  dateTime,
  location,
  description,
  createdAt,
  createdBy,
  goingCount,
  updatedAt,
  coverPath,
  coverVariants,
  coverWidth,
  coverHeight,
]: EventTuple): EventSummary {
  return {
    id,
    name,
    dateTime: parseStoredDate(dateTime),
    location,
    description,
    createdAt: parseStoredDate(createdAt),
    updatedAt: parseStoredDate(updatedAt),
    coverPath,
    coverVariants: coverVariants ?? "",
    coverWidth: coverWidth === null ? null : Number(coverWidth),
    coverHeight: coverHeight === null ? null : Number(coverHeight),
    createdBy: createdBy === null ? null : { username: createdBy },
    goingCount: Number(goingCount),
  };
}

/**
 * Upcoming events soonest first, then (when asked) past ones most recent first, both lists
 * in one statement (~/lib/db/json-sql). `now` is a parameter so tests can pin the clock;
 * `ids` narrows the list (a search).
 */
export async function listEvents(
  options: { now?: Date; upcomingLimit?: number; pastLimit?: number; ids?: number[] } = {},
): Promise<{ upcoming: EventSummary[]; past: EventSummary[] }> {
  const now = timestampSql(databaseProvider, options.now ?? new Date());
  if (options.ids && options.ids.length === 0) return { upcoming: [], past: [] };
  const json = jsonDialect(databaseProvider);
  const only = options.ids ? Prisma.sql`e."id" IN (${json.ids(options.ids)}) AND ` : Prisma.empty;
  const upcoming = eventListSql(Prisma.sql`${only}e."dateTime" >= ${now}`, Prisma.sql`e."dateTime" ASC, e."id" ASC`, options.upcomingLimit ?? 50);
  const past = eventListSql(Prisma.sql`${only}e."dateTime" < ${now}`, Prisma.sql`e."dateTime" DESC, e."id" DESC`, options.pastLimit ?? 12);
  const [row] = await prisma.$queryRaw<{ upcoming: string | null; past: string | null }[]>`
    SELECT ${json.text(upcoming)} AS "upcoming", ${json.text(past)} AS "past"`;
  return {
    upcoming: parseJsonCell<EventTuple[]>(row?.upcoming, []).map(readEvent),
    past: parseJsonCell<EventTuple[]>(row?.past, []).map(readEvent),
  };
}

// ------------------------------------------------------------------ API shape

/** An event's cover photo as pages draw it: the full photo, its resized copies, its size. */
export type EventCoverView = { url: string; srcset: string; width: number | null; height: number | null };

/** An event as the API sends it. */
export type EventView = {
  id: number;
  name: string;
  date_time: string;
  location: string | null;
  description: string | null;
  going_count: number;
  is_past: boolean;
  created_by: string | null;
  cover: EventCoverView | null;
};

function coverView(event: Pick<EventRow, "coverPath" | "coverVariants" | "coverWidth" | "coverHeight">): EventCoverView | null {
  if (!event.coverPath) return null;
  return {
    url: mediaUrl(event.coverPath),
    srcset: srcSetFor(event.coverPath, event.coverVariants, event.coverWidth),
    width: event.coverWidth,
    height: event.coverHeight,
  };
}

export function eventView(event: EventSummary, now = new Date()): EventView {
  return {
    id: event.id,
    name: event.name,
    date_time: event.dateTime.toISOString(),
    location: event.location,
    description: event.description,
    going_count: event.goingCount,
    is_past: event.dateTime.getTime() < now.getTime(),
    created_by: event.createdBy?.username ?? null,
    cover: coverView(event),
  };
}

/** The event as calendars see it; `origin` makes the page's absolute address. */
export function calendarEventOf(event: EventSummary, origin: string): CalendarEvent {
  return {
    id: event.id,
    name: event.name,
    start: event.dateTime,
    location: event.location,
    description: event.description,
    url: `${origin.replace(/\/+$/, "")}/events/${event.id}`,
    updatedAt: event.updatedAt,
  };
}

/** Upcoming (soonest first) then past (newest first), as one API list. */
export function flattenEvents(lists: { upcoming: EventSummary[]; past: EventSummary[] }, now = new Date()): EventView[] {
  return [...lists.upcoming, ...lists.past].map((event) => eventView(event, now));
}

// ------------------------------------------------------------------ administrators' writes

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

/** At most one cover photo per request, streamed to disk as it arrives (413 past the photo limit). */
export const EVENT_COVER_UPLOAD: MultipartLimits = {
  fileFields: new Set(["cover"]),
  maxFiles: 1,
  maxFileBytes: MAX_IMAGE_BYTES,
  maxTotalBytes: MAX_IMAGE_BYTES,
  messages: { tooManyFiles: "Send one cover photo", fileTooLarge: MEDIA_MESSAGES.imageTooLarge, totalTooLarge: MEDIA_MESSAGES.imageTooLarge },
};

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

// ------------------------------------------------------------------ attendance

export type AttendanceState = { going: boolean; going_count: number; car_id: number | null };

/**
 * Marks `userId` going to the event (with `carId`, which must be theirs) or not going.
 * `going` undefined toggles, except that choosing a different car while going keeps the
 * user going with the new car. A past event can be left but not joined.
 */
export async function setAttendance(eventId: number, userId: number, options: { carId?: number | null; going?: boolean } = {}): Promise<AttendanceState> {
  const event = await prisma.event.findUnique({ where: { id: eventId }, select: { id: true, dateTime: true } });
  if (!event) throw new UserError(404, EVENT_TEXT.notFound);
  const carId = options.carId ?? null;
  if (carId !== null) {
    const car = await prisma.car.findFirst({ where: { id: carId, ownerId: userId }, select: { id: true } });
    if (!car) throw new UserError(403, EVENT_TEXT.notYourCar);
  }

  const key = { eventId_userId: { eventId, userId } };
  const existing = await prisma.eventAttendee.findUnique({ where: key, select: { carId: true } });
  let going: boolean;
  if (options.going !== undefined) going = options.going;
  else if (!existing) going = true;
  else going = carId !== null && carId !== existing.carId;

  let finalCar: number | null = null;
  if (going) {
    if (!existing && event.dateTime.getTime() < Date.now()) throw new UserError(400, EVENT_TEXT.finished);
    finalCar = carId ?? (options.going === true ? (existing?.carId ?? null) : null);
    await prisma.eventAttendee.upsert({
      where: key,
      create: { eventId, userId, carId: finalCar },
      update: { carId: finalCar },
    });
  } else if (existing) {
    await prisma.eventAttendee.deleteMany({ where: { eventId, userId } });
  }
  const goingCount = await prisma.eventAttendee.count({ where: { eventId } });
  return { going, going_count: goingCount, car_id: going ? finalCar : null };
}

// ------------------------------------------------------------------ the event page

/** The largest number of attendees the event page lists. */
export const ATTENDEES_LIMIT = 200;

export type AttendeeCar = {
  id: number;
  make: string;
  model: string;
  year: number;
  trim: string | null;
  nickname: string | null;
  bodystyle: string | null;
};

export type AttendeePost = {
  id: number;
  story: string;
  created_at: string;
  /** A picture for the card: the first image (or a video's poster), small variant. */
  cover_image: string | null;
  media_count: number;
};

export type Attendee = {
  user: { id: number; username: string; nickname: string | null; profileImage: string | null };
  car: AttendeeCar | null;
  /** The newest post that features the attendee's car. */
  newest_post: AttendeePost | null;
  going_since: string;
};

export type EventDetail = {
  event: EventView;
  attendees: Attendee[];
  /** The viewer's own state and cars for the "I'm going" form; null when signed out. */
  viewer: { going: boolean; car_id: number | null; cars: AttendeeCar[] } | null;
};

/** A car as the event page's statement answers it, in AttendeeCar's order. */
type AttendeeCarTuple = [id: number, make: string, model: string, year: number, trim: string | null, nickname: string | null, bodystyle: string | null];

/** The cover of a post: the fields pictureOf reads. */
type CoverTuple = [kind: string, path: string, variants: string, posterPath: string | null, posterVariants: string];

type AttendeePostTuple = [id: number, story: string, createdAt: string | number, mediaCount: number, cover: CoverTuple[]];

type AttendeeTuple = [
  goingSince: string | number,
  userId: number,
  username: string,
  nickname: string | null,
  profileImage: string | null,
  /** The attendee's car, a list of 0 or 1. */
  car: AttendeeCarTuple[],
  /** The car's newest post, a list of 0 or 1. */
  newestPost: AttendeePostTuple[],
];

type EventDetailTuple = [
  /** The event as listEvents reads it, a list of 0 or 1. */
  event: EventTuple[],
  attendees: AttendeeTuple[],
  /** The viewer's attendance (its car), a list of 0 or 1. */
  attendance: [carId: number | null][],
  viewerCars: AttendeeCarTuple[],
];

/**
 * The event page as one row with one JSON text (~/lib/db/json-sql): the event (eventListSql),
 * its first ATTENDEES_LIMIT attendees with their users, cars and each car's newest ready post
 * (the highest id tagged through post_cars or the legacy single car) with its cover (the first
 * media by position that is an image or a video with a poster) and media count, and the
 * viewer's attendance and cars. A visitor is viewer 0: user ids start at 1.
 */
function eventDetailStatement(id: number, viewerId: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const carColumns = json.tuple(Prisma.sql`c."id", c."make", c."model", c."year", c."trim", c."nickname", c."bodystyle"`);
  const newestPostId = Prisma.sql`SELECT MAX(n."postId") FROM (${featuringCarIds(Prisma.sql`a."carId"`)}) n`;
  const post = json.tuple(Prisma.sql`
    p."id", p."story", p."createdAt", (SELECT COUNT(*) FROM "photos" m WHERE m."postId" = p."id"),
    ${postCoverSql(Prisma.sql`p."id"`, Prisma.sql`m."kind", m."path", m."variants", m."posterPath", m."posterVariants"`)}`);
  const attendee = json.tuple(Prisma.sql`
    a."createdAt", u."id", u."username", u."nickname", u."profileImage",
    ${json.nested(Prisma.sql`SELECT ${json.tuples(carColumns, Prisma.sql`c."id"`)} FROM "cars" c WHERE c."id" = a."carId"`)},
    ${json.nested(Prisma.sql`SELECT ${json.tuples(post, Prisma.sql`p."id"`)} FROM "posts" p WHERE p."id" = (${newestPostId})`)}`);
  const detail = json.tuple(Prisma.sql`
    ${eventListSql(Prisma.sql`e."id" = ${id}`, Prisma.sql`e."id"`, 1)},
    ${json.nested(Prisma.sql`SELECT ${json.tuples(attendee, Prisma.sql`a."createdAt", a."userId"`)} FROM (
      SELECT * FROM "event_attendees" a WHERE a."eventId" = ${id} ORDER BY a."createdAt", a."userId" LIMIT ${ATTENDEES_LIMIT}) a
      JOIN "users" u ON u."id" = a."userId"`)},
    ${json.nested(Prisma.sql`SELECT ${json.tuples(json.tuple(Prisma.sql`a."carId"`), Prisma.sql`a."userId"`)}
      FROM "event_attendees" a WHERE a."eventId" = ${id} AND a."userId" = ${viewerId}`)},
    ${json.nested(Prisma.sql`SELECT ${json.tuples(carColumns, Prisma.sql`c."createdAt" DESC, c."id"`)} FROM "cars" c WHERE c."ownerId" = ${viewerId}`)}`);
  return Prisma.sql`SELECT ${json.text(detail)} AS "detail"`;
}

function readCar([id, make, model, year, trim, nickname, bodystyle]: AttendeeCarTuple): AttendeeCar {
  return { id, make, model, year, trim, nickname, bodystyle };
}

/** The card's picture: the cover's small variant (a video's poster frame). */
function coverOf(cover: CoverTuple | undefined): string | null {
  if (!cover) return null;
  const [kind, path, variants, posterPath, posterVariants] = cover;
  const picture = pictureOf({ kind, path, variants, posterPath, posterVariants });
  return picture ? imageUrlForWidth(picture.path, picture.variants, 320) : null;
}

function readAttendeePost([id, story, createdAt, mediaCount, [cover]]: AttendeePostTuple): AttendeePost {
  return {
    id,
    story: story.length > 280 ? `${story.slice(0, 279)}…` : story,
    created_at: isoText(createdAt),
    cover_image: coverOf(cover),
    media_count: Number(mediaCount),
  };
}

function readAttendee([goingSince, id, username, nickname, profileImage, [car], [post]]: AttendeeTuple): Attendee {
  return {
    user: { id, username, nickname, profileImage },
    car: car ? readCar(car) : null,
    newest_post: post ? readAttendeePost(post) : null,
    going_since: isoText(goingSince),
  };
}

/** Everything the event page shows, in one statement; null when the event does not exist. */
export async function getEventDetail(id: number, viewerId: number | null): Promise<EventDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await prisma.$queryRaw<{ detail: string | null }[]>(eventDetailStatement(id, viewerId ?? 0));
  const tuple = parseJsonCell<EventDetailTuple | null>(row?.detail, null);
  const event = tuple?.[0][0];
  if (!tuple || !event) return null;
  const [, attendees, [mine], cars] = tuple;
  return {
    event: eventView(readEvent(event)),
    attendees: attendees.map(readAttendee),
    viewer: viewerId === null ? null : { going: Boolean(mine), car_id: mine?.[0] ?? null, cars: cars.map(readCar) },
  };
}
