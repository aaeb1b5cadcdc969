// Events: meets, drives and shows. Reads for the events pages, administrators' writes, and
// attendance ("going", optionally with one of your own cars).
// Searching events by text lives in search.server.ts (searchEvents), which narrows
// listEvents with `ids`.
import { z } from "zod";
import { normalizeText, textRules, userText, type TextOptions } from "~/lib/text-schemas";
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { isoText, jsonDialect, parseJsonCell, parseStoredDate, timestampSql } from "~/lib/db/json-sql";
import { UserError } from "~/lib/user-error";
import { EVENT_TEXT } from "~/lib/event-schemas";
import { imageUrlForWidth, pictureOf } from "~/lib/media-types";
import { featuringCarIds, postCoverSql } from "~/models/car.server";
import { countAttendees } from "~/models/counts.server";

const eventSelect = {
  id: true,
  name: true,
  dateTime: true,
  location: true,
  description: true,
  createdAt: true,
  createdBy: { select: { username: true } },
} as const;

type EventRow = {
  id: number;
  name: string;
  dateTime: Date;
  location: string | null;
  description: string | null;
  createdAt: Date;
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
];

/** The events `where` picks, in `order`, at most `limit`, with creators and attendee counts. */
function eventListSql(where: Prisma.Sql, order: Prisma.Sql, limit: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const tuple = json.tuple(Prisma.sql`e."id", e."name", e."dateTime", e."location", e."description", e."createdAt", u."username",
    (SELECT COUNT(*) FROM "event_attendees" a WHERE a."eventId" = e."id")`);
  return json.nested(Prisma.sql`
    SELECT ${json.tuples(tuple, order)}
    FROM (SELECT * FROM "events" e WHERE ${where} ORDER BY ${order} LIMIT ${limit}) e
    LEFT JOIN "users" u ON u."id" = e."createdById"`);
}

function readEvent([id, name, dateTime, location, description, createdAt, createdBy, goingCount]: EventTuple): EventSummary {
  return {
    id,
    name,
    dateTime: parseStoredDate(dateTime),
    location,
    description,
    createdAt: parseStoredDate(createdAt),
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
};

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

export async function createEvent(createdById: number, input: EventInput): Promise<EventView> {
  const event = await prisma.event.create({
    data: {
      name: input.name,
      dateTime: input.dateTime,
      location: input.location ?? null,
      description: input.description ?? null,
      createdById,
    },
    select: eventSelect,
  });
  return eventView({ ...event, goingCount: 0 });
}

/** Changes the given fields; UserError 404 when the event does not exist. */
export async function updateEvent(id: number, input: Partial<EventInput>): Promise<EventView> {
  if (!(await getEvent(id))) throw new UserError(404, EVENT_TEXT.notFound);
  const event = await prisma.event.update({
    where: { id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.dateTime !== undefined ? { dateTime: input.dateTime } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    },
    select: eventSelect,
  });
  const [counted] = await withGoingCounts([event]);
  return eventView(counted);
}

/** Deletes the event and its attendance; UserError 404 when it does not exist. */
export async function deleteEvent(id: number): Promise<void> {
  const { count } = await prisma.event.deleteMany({ where: { id } });
  if (count === 0) throw new UserError(404, EVENT_TEXT.notFound);
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
