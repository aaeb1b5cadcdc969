// The event page in one statement: the event, its attendees with their cars and each car's
// newest post, and the viewer's own attendance and cars.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { isoText, jsonDialect, parseJsonCell } from "~/lib/db/json-sql";
import { imageUrlForWidth, pictureOf } from "~/lib/media/media-types";
import type { CarNameJson } from "~/lib/rules/cars";
import type { EventView } from "~/lib/wire";
import { featuringCarIds, postCoverSql } from "~/models/car.server";
import { eventListSql, eventView, readEvent, type EventTuple } from "~/models/event-reads.server";

/** The largest number of attendees the event page lists. */
export const ATTENDEES_LIMIT = 200;

export type AttendeeCar = CarNameJson & { bodystyle: string | null };

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
