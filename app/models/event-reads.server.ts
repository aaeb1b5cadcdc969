// Reading events: one event, and the upcoming and past lists (one statement), with their
// attendee counts; and the event as the API and calendars see it.
// Searching events by text lives in search.server.ts (searchEvents), which narrows
// listEvents with `ids`.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, parseJsonCell, parseStoredDate, timestampSql } from "~/lib/db/json-sql";
import { mediaUrl, srcSetFor } from "~/lib/media/media-types";
import type { CalendarEvent } from "~/lib/rules/event-calendar";
import type { EventCoverView, EventView } from "~/lib/wire";
import { eventPath } from "~/lib/paths";
import { countAttendees } from "~/models/counts.server";

export const eventSelect = {
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
export async function withGoingCounts(rows: EventRow[]): Promise<EventSummary[]> {
  const going = await countAttendees(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, goingCount: going.get(row.id) ?? 0 }));
}

/** One event, or null. */
export async function getEvent(id: number): Promise<EventSummary | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await prisma.event.findUnique({ where: { id }, select: eventSelect });
  return row ? (await withGoingCounts([row]))[0] : null;
}

export type EventTuple = [
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
export function eventListSql(where: Prisma.Sql, order: Prisma.Sql, limit: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const tuple = json.tuple(Prisma.sql`e."id", e."name", e."dateTime", e."location", e."description", e."createdAt", u."username",
    (SELECT COUNT(*) FROM "event_attendees" a WHERE a."eventId" = e."id"),
    e."updatedAt", e."coverPath", e."coverVariants", e."coverWidth", e."coverHeight"`);
  return json.nested(Prisma.sql`
    SELECT ${json.tuples(tuple, order)}
    FROM (SELECT * FROM "events" e WHERE ${where} ORDER BY ${order} LIMIT ${limit}) e
    LEFT JOIN "users" u ON u."id" = e."createdById"`);
}

export function readEvent([
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
    url: `${origin.replace(/\/+$/, "")}${eventPath(event.id)}`,
    updatedAt: event.updatedAt,
  };
}

/** Upcoming (soonest first) then past (newest first), as one API list. */
export function flattenEvents(lists: { upcoming: EventSummary[]; past: EventSummary[] }, now = new Date()): EventView[] {
  return [...lists.upcoming, ...lists.past].map((event) => eventView(event, now));
}
