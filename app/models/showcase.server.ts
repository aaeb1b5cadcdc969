// The showcase of a car as one statement: the car and its owner, its own photo, the media and
// posts that feature it, its mods, its followers (and whether the reader is one), the end of its
// VIN when the owner shows it, and its newest service entries. The build timeline, the owners'
// history and the parts' other cars are read beside it by their own models.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, parseJsonCell, parseStoredDate } from "~/lib/db/json-sql";
import { VIN_PUBLIC_CHARS } from "~/lib/rules/vin";
import { featuringCarIds, ownPhotoOf, postCoverSql, type CarRow, type MediaRow } from "~/models/car.server";
import type { CarNameColumns, MediaFileColumns } from "~/models/feed-records.server";
import { carModsSql, readModRows } from "~/models/mod-reads.server";
import { readRecentEntries, recentEntriesSql, type ServiceEntryTuple } from "~/models/service-log.server";

export const SHOWCASE_MEDIA_LIMIT = 12;
export const SHOWCASE_POSTS_LIMIT = 12;
/** The service entries the showcase's timeline shows, newest first. */
export const SHOWCASE_SERVICE_LIMIT = 20;

/** The owner as the showcase shows them. */
type ShowcaseOwner = Prisma.UserGetPayload<{ select: { id: true; username: true; nickname: true; profileImage: true } }>;

export type ShowcasePost = {
  id: number;
  story: string;
  createdAt: Date;
  cover: MediaRow | null;
  mediaCount: number;
  likeCount: number;
  commentCount: number;
  creator: { username: string };
};

type ShowcaseMediaTuple = [
  id: number,
  postId: number,
  ...file: MediaFileColumns,
  durationMs: number | null,
  posterPath: string | null,
  posterVariants: string,
  posterWidth: number | null,
  posterHeight: number | null,
  alt: string | null,
];
type ShowcasePostTuple = [
  id: number,
  story: string,
  createdAt: string,
  username: string,
  cover: ShowcaseMediaTuple[],
  mediaCount: number,
  likeCount: number,
  commentCount: number,
];
type ShowcaseCarTuple = [id: number, ownerId: number, ...name: CarNameColumns, insuranceExpiresAt: string | null, createdAt: string];
type ShowcaseTuple = [
  car: ShowcaseCarTuple,
  ownerUsername: string,
  ownerNickname: string | null,
  ownerProfileImage: string | null,
  media: ShowcaseMediaTuple[],
  mediaCount: number,
  postCount: number,
  posts: ShowcasePostTuple[],
  coverPath: string | null,
  coverVariants: string,
  coverWidth: number | null,
  coverHeight: number | null,
  coverMedia: ShowcaseMediaTuple[],
  followers: number,
  following: number,
  publicVin: string | null,
  service: ServiceEntryTuple[],
];

/**
 * The showcase as one row with one JSON text (see ~/lib/db/json-sql); no row when the car does
 * not exist. Media, counts and posts all start from this car's post ids (featuringCarIds).
 */
function showcaseStatement(carId: number, viewerId: number | null): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const mediaColumns = Prisma.sql`m."id", m."postId", m."kind", m."path", m."mimeType", m."width", m."height", m."variants",
                                  m."durationMs", m."posterPath", m."posterVariants", m."posterWidth", m."posterHeight", m."alt"`;
  // Newest post first, each post's media by position.
  const media = json.tuples(json.tuple(mediaColumns), Prisma.sql`m."postCreatedAt" DESC, m."postId" DESC, m."position", m."id"`);
  const post = json.tuple(Prisma.sql`
      p."id", p."story", p."createdAt", (SELECT u."username" FROM "users" u WHERE u."id" = p."createdById"),
      ${postCoverSql(Prisma.sql`p."id"`, mediaColumns)},
      (SELECT COUNT(*) FROM "photos" m WHERE m."postId" = p."id"),
      (SELECT COUNT(*) FROM "post_likes" l WHERE l."postId" = p."id" AND l."type" = 'like'),
      (SELECT COUNT(*) FROM "comments" cm WHERE cm."postId" = p."id")`);
  // CROSS JOIN makes SQLite start from this car's post ids rather than walk the posts' date
  // index (PostgreSQL plans it as any join).
  const showcase = json.tuple(Prisma.sql`
      ${json.tuple(Prisma.sql`c."id", c."ownerId", c."make", c."model", c."year", c."trim", c."bodystyle", c."nickname", c."insuranceExpiresAt", c."createdAt"`)},
      o."username", o."nickname", o."profileImage",
      ${json.nested(Prisma.sql`SELECT ${media} FROM (
        SELECT m.*, p."createdAt" AS "postCreatedAt"
        FROM featuring f CROSS JOIN "posts" p JOIN "photos" m ON m."postId" = p."id"
        WHERE p."id" = f."postId"
        ORDER BY p."createdAt" DESC, p."id" DESC, m."position", m."id"
        LIMIT ${SHOWCASE_MEDIA_LIMIT}) m`)},
      (SELECT COUNT(*) FROM featuring f JOIN "photos" m ON m."postId" = f."postId"),
      (SELECT COUNT(*) FROM featuring f),
      ${json.nested(Prisma.sql`SELECT ${json.tuples(post, Prisma.sql`p."createdAt" DESC, p."id" DESC`)} FROM (
        SELECT p.* FROM featuring f CROSS JOIN "posts" p
        WHERE p."id" = f."postId"
        ORDER BY p."createdAt" DESC, p."id" DESC
        LIMIT ${SHOWCASE_POSTS_LIMIT}) p`)},
      c."coverPath", c."coverVariants", c."coverWidth", c."coverHeight",
      ${json.nested(Prisma.sql`SELECT ${json.tuples(json.tuple(mediaColumns), Prisma.sql`m."id"`)} FROM "photos" m WHERE m."id" = c."coverMediaId"`)},
      (SELECT COUNT(*) FROM "car_follows" f WHERE f."carId" = c."id"),
      ${json.flag(Prisma.sql`EXISTS (SELECT 1 FROM "car_follows" f WHERE f."userId" = ${viewerId ?? 0} AND f."carId" = c."id")`)},
      CASE WHEN c."vinPublic" THEN c."vin" END,
      ${recentEntriesSql(Prisma.sql`c."id"`, SHOWCASE_SERVICE_LIMIT)}`);
  return Prisma.sql`
    WITH featuring AS (${featuringCarIds(carId)})
    SELECT ${json.text(showcase)} AS showcase, ${carModsSql(Prisma.sql`c."id"`)} AS mods
    FROM "cars" c JOIN "users" o ON o."id" = c."ownerId"
    WHERE c."id" = ${carId} AND o."deletedAt" IS NULL`;
}

function readCar([id, ownerId, make, model, year, trim, bodystyle, nickname, insuranceExpiresAt, createdAt]: ShowcaseCarTuple): CarRow {
  const insurance = insuranceExpiresAt === null ? null : parseStoredDate(insuranceExpiresAt);
  return { id, ownerId, make, model, year, trim, bodystyle, nickname, insuranceExpiresAt: insurance, createdAt: parseStoredDate(createdAt) };
}

function readMedia(media: ShowcaseMediaTuple): MediaRow {
  const [id, postId, kind, path, mimeType, width, height, variants, durationMs, posterPath, posterVariants, posterWidth, posterHeight, alt] = media;
  return { id, postId, kind, path, mimeType, width, height, variants, durationMs, posterPath, posterVariants, posterWidth, posterHeight, alt: alt ?? null };
}

function readPost(post: ShowcasePostTuple): ShowcasePost {
  const [id, story, createdAt, username, [cover], mediaCount, likeCount, commentCount] = post;
  return {
    id,
    story,
    createdAt: parseStoredDate(createdAt),
    cover: cover ? readMedia(cover) : null,
    mediaCount,
    likeCount,
    commentCount,
    creator: { username },
  };
}

/**
 * Everything the showcase shows but its build timeline and owners' history, as `viewerId` (null
 * for a visitor) may see it: the car and its owner, its own photo, the media of its posts
 * (newest post first), the posts themselves, its mods, its followers and whether the viewer is one, the
 * end of its VIN when the owner shows it, and its newest service entries (a cost an entry does
 * not show reaches the owner only). Null when the car does not exist. One statement, reading
 * this car's rows only.
 */
export async function getShowcase(carId: number, viewerId: number | null = null) {
  if (!Number.isSafeInteger(carId)) return null;
  const rows = await prisma.$queryRaw<Array<{ showcase: string | null; mods: string | null }>>(showcaseStatement(carId, viewerId));
  const tuple = parseJsonCell<ShowcaseTuple | null>(rows[0]?.showcase, null);
  if (!tuple) return null;
  const [
    carTuple,
    ownerUsername,
    ownerNickname,
    ownerProfileImage,
    media,
    mediaCount,
    postCount,
    posts,
    coverPath,
    coverVariants,
    coverWidth,
    coverHeight,
    [coverMedia],
    followers,
    following,
    publicVin,
    service,
  ] = tuple;
  const car = readCar(carTuple);
  const owner: ShowcaseOwner = { id: car.ownerId, username: ownerUsername, nickname: ownerNickname, profileImage: ownerProfileImage };
  return {
    car,
    owner,
    /** The car's own photo: the lead of the hero, before its posts' media. */
    photo: ownPhotoOf({ coverPath, coverVariants, coverWidth, coverHeight, coverMedia: coverMedia ? readMedia(coverMedia) : null }),
    media: media.map(readMedia),
    mediaCount,
    postCount,
    posts: posts.map(readPost),
    /** The car's mods, oldest first (up to CAR_MOD_LIMIT). */
    modRows: readModRows(rows[0]?.mods),
    follow: { following: Number(following) === 1, count: Number(followers) },
    /** At most the VIN's last characters, and only when the owner shows them: never the whole VIN. */
    vinEnd: publicVin ? publicVin.slice(-VIN_PUBLIC_CHARS) : null,
    service: readRecentEntries(service, { owner: viewerId === car.ownerId, limit: SHOWCASE_SERVICE_LIMIT }),
  };
}
