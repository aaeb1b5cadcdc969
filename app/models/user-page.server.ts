// What /user/{username} shows, in one statement: the member, their follow and post counts,
// their cars as cards (with covers and followers) and the first page of their posts.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { isoText, jsonDialect, parseJsonCell } from "~/lib/db/json-sql";
import { imageUrlForWidth, pictureOf, srcSetFor } from "~/lib/media/media-types";
import { POSTS_PAGE_SIZE, tilePage, tilesJson, userPostsWhere, type TileTuple } from "~/models/post-tiles.server";
import type { CarCard, PostTile } from "~/lib/wire";

export type UserPage = {
  user: {
    id: number;
    username: string;
    nickname: string | null;
    profileImage: string | null;
    joined: string;
  };
  counts: { followers: number; following: number; posts: number; cars: number };
  isSelf: boolean;
  isFollowing: boolean;
  cars: CarCard[];
  posts: PostTile[];
  /** Pass as `before` for the next page of posts; null at the end. */
  nextCursor: number | null;
};

type CarCardTuple = [
  id: number,
  make: string,
  model: string,
  year: number,
  trim: string | null,
  nickname: string | null,
  followers: number,
  following: number,
  cover: Array<[path: string, variants: string, width: number | null]>,
  ownPath: string | null,
  ownVariants: string,
  ownWidth: number | null,
  picked: Array<[kind: string, path: string, variants: string, width: number | null, posterPath: string | null, posterVariants: string, posterWidth: number | null]>,
];
type UserPageTuple = [
  id: number,
  username: string,
  nickname: string | null,
  profileImage: string | null,
  createdAt: string | number,
  followers: number,
  following: number,
  posts: number,
  cars: number,
  followed: number,
  carCards: CarCardTuple[],
  tiles: TileTuple[],
];

/**
 * The owner's cars, oldest first, each with its followers, whether the viewer follows it
 * (a visitor, 0, matches no rows) and its cover: its own photo, else the first image by
 * position of the newest ready post tagging the car that has an image (a post still
 * processing is its author's alone).
 */
function carCardsJson(ownerId: Prisma.Sql, viewerId: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const cover = json.tuples(json.tuple(Prisma.sql`m."path", m."variants", m."width"`), Prisma.sql`m."position", m."id"`);
  const car = json.tuple(Prisma.sql`
      c."id", c."make", c."model", c."year", c."trim", c."nickname",
      (SELECT COUNT(*) FROM "car_follows" f WHERE f."carId" = c."id"),
      ${json.flag(Prisma.sql`EXISTS (SELECT 1 FROM "car_follows" f WHERE f."userId" = ${viewerId} AND f."carId" = c."id")`)},
      ${json.nested(Prisma.sql`SELECT ${cover} FROM (
        SELECT * FROM "photos" m
        WHERE m."kind" = 'image' AND m."postId" = (
          SELECT pc."postId" FROM "post_cars" pc JOIN "posts" p ON p."id" = pc."postId" AND p."status" = 'ready'
          WHERE pc."carId" = c."id" AND EXISTS (SELECT 1 FROM "photos" i WHERE i."postId" = pc."postId" AND i."kind" = 'image')
          ORDER BY pc."postId" DESC LIMIT 1)
        ORDER BY m."position", m."id" LIMIT 1) m`)},
      c."coverPath", c."coverVariants", c."coverWidth",
      ${json.nested(
        Prisma.sql`SELECT ${json.tuples(
          json.tuple(Prisma.sql`m."kind", m."path", m."variants", m."width", m."posterPath", m."posterVariants", m."posterWidth"`),
          Prisma.sql`m."id"`,
        )} FROM "photos" m WHERE m."id" = c."coverMediaId"`,
      )}`);
  return json.nested(Prisma.sql`SELECT ${json.tuples(car, Prisma.sql`c."id"`)} FROM "cars" c WHERE c."ownerId" = ${ownerId}`);
}

function readCarCard([id, make, model, year, trim, nickname, followers, following, [newest], ownPath, ownVariants, ownWidth, [picked]]: CarCardTuple): CarCard {
  // The car's own photo (uploaded, else picked from a post) comes before its newest post's.
  const pickedPicture = picked
    ? pictureOf({ kind: picked[0], path: picked[1], variants: picked[2], width: picked[3], posterPath: picked[4], posterVariants: picked[5], posterWidth: picked[6] })
    : null;
  const own = ownPath ? { path: ownPath, variants: ownVariants, width: ownWidth } : pickedPicture;
  const cover: [string, string, number | null] | undefined = own ? [own.path, own.variants, own.width] : newest;
  return {
    id,
    make,
    model,
    year,
    trim,
    nickname,
    followers,
    following: following === 1,
    cover: cover ? imageUrlForWidth(cover[0], cover[1], 640) : null,
    coverSrcSet: cover ? srcSetFor(cover[0], cover[1], cover[2]) : "",
  };
}

/**
 * The whole page as one row with one JSON text: the user, the counts, whether the viewer
 * follows them, the cars and a page of posts (one more than shown, for the cursor). No row
 * for an unknown username.
 */
function userPageStatement(username: string, viewerId: number, before: number | null): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const page = json.tuple(Prisma.sql`
      u."id", u."username", u."nickname", u."profileImage", u."createdAt",
      (SELECT COUNT(*) FROM "user_follows" f WHERE f."followingId" = u."id"),
      (SELECT COUNT(*) FROM "user_follows" f WHERE f."followerId" = u."id"),
      (SELECT COUNT(*) FROM "posts" p WHERE p."createdById" = u."id" AND p."status" = 'ready'),
      (SELECT COUNT(*) FROM "cars" c WHERE c."ownerId" = u."id"),
      ${json.flag(Prisma.sql`EXISTS (SELECT 1 FROM "user_follows" f WHERE f."followerId" = ${viewerId} AND f."followingId" = u."id")`)},
      ${carCardsJson(Prisma.sql`u."id"`, viewerId)},
      ${tilesJson(userPostsWhere(Prisma.sql`u."id"`, before), POSTS_PAGE_SIZE + 1)}`);
  return Prisma.sql`SELECT ${json.text(page)} AS page FROM "users" u WHERE u."username" = ${username} AND u."deletedAt" IS NULL`;
}

/** Everything /user/{username} shows, or null for an unknown user. One statement. */
export async function getUserPage(username: string, viewerId: number | null, before: number | null = null): Promise<UserPage | null> {
  // A visitor matches no rows: user ids start at 1.
  const rows = await prisma.$queryRaw<Array<{ page: string | null }>>(userPageStatement(username.toLowerCase(), viewerId ?? 0, before));
  const tuple = parseJsonCell<UserPageTuple | null>(rows[0]?.page, null);
  if (!tuple) return null;
  const [id, name, nickname, profileImage, createdAt, followers, following, postCount, carCount, followed, cars, tiles] = tuple;
  const isSelf = viewerId === id;
  const posts = tilePage(tiles, POSTS_PAGE_SIZE);
  return {
    user: { id, username: name, nickname, profileImage, joined: isoText(createdAt) },
    counts: { followers, following, posts: postCount, cars: carCount },
    isSelf,
    isFollowing: !isSelf && followed === 1,
    cars: cars.map(readCarCard),
    posts: posts.posts,
    nextCursor: posts.nextCursor,
  };
}
