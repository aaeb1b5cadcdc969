// Posts as grid tiles (a user's page, a saved list): each ready post with its first photo or
// video and its counts of media, likes and comments, read in one statement.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, parseJsonCell } from "~/lib/db/json-sql";
import { imageUrlForWidth, pictureOf, srcSetFor } from "~/lib/media/media-types";
import { inIdOrder } from "~/lib/id-order";
import type { PostTile } from "~/lib/wire";

export const POSTS_PAGE_SIZE = 24;

const STORY_EXCERPT = 140;

type TileMediaTuple = [
  kind: string,
  path: string,
  variants: string,
  width: number | null,
  durationMs: number | null,
  posterPath: string | null,
  posterVariants: string,
  posterWidth: number | null,
  alt: string | null,
];
export type TileTuple = [id: number, story: string, soundcloudUrl: string | null, first: TileMediaTuple[], mediaCount: number, likes: number, comments: number];

/**
 * Ready posts matching `conditions` as grid tiles (see ~/lib/db/json-sql), highest id first, at
 * most `limit`: each with its first media by position and its counts of media, likes (not
 * dislikes) and comments.
 */
export function tilesJson(conditions: Prisma.Sql[], limit: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const media = json.tuples(
    json.tuple(Prisma.sql`m."kind", m."path", m."variants", m."width", m."durationMs", m."posterPath", m."posterVariants", m."posterWidth", m."alt"`),
    Prisma.sql`m."position", m."id"`,
  );
  const tile = json.tuple(Prisma.sql`
      p."id", p."story", p."soundcloudUrl",
      ${json.nested(Prisma.sql`SELECT ${media} FROM (SELECT * FROM "photos" m WHERE m."postId" = p."id" ORDER BY m."position", m."id" LIMIT 1) m`)},
      (SELECT COUNT(*) FROM "photos" m WHERE m."postId" = p."id"),
      (SELECT COUNT(*) FROM "post_likes" l WHERE l."postId" = p."id" AND l."type" = 'like'),
      (SELECT COUNT(*) FROM "comments" cm WHERE cm."postId" = p."id")`);
  return json.nested(Prisma.sql`SELECT ${json.tuples(tile, Prisma.sql`p."id" DESC`)} FROM (
      SELECT p."id", p."story", p."soundcloudUrl" FROM "posts" p
      WHERE ${Prisma.join([...conditions, Prisma.sql`p."status" = 'ready'`], " AND ")}
      ORDER BY p."id" DESC
      LIMIT ${limit}) p`);
}

/** The conditions of one page of a user's posts (`userId` a parameter or a column). */
export function userPostsWhere(userId: number | Prisma.Sql, before: number | null): Prisma.Sql[] {
  return [Prisma.sql`p."createdById" = ${userId}`, ...(before ? [Prisma.sql`p."id" < ${before}`] : [])];
}

async function queryTiles(conditions: Prisma.Sql[], limit: number): Promise<TileTuple[]> {
  const rows = await prisma.$queryRaw<Array<{ tiles: string | null }>>`SELECT ${jsonDialect(databaseProvider).text(tilesJson(conditions, limit))} AS tiles`;
  return parseJsonCell<TileTuple[]>(rows[0]?.tiles, []);
}

function readTile(tile: TileTuple): PostTile {
  const [id, fullStory, soundcloudUrl, [first], mediaCount, likes, comments] = tile;
  const story = fullStory.length > STORY_EXCERPT ? `${fullStory.slice(0, STORY_EXCERPT - 1).trimEnd()}…` : fullStory;
  const base = { id, story, mediaCount, likes, comments, alt: first?.[8]?.trim() || null };
  if (!first) {
    const kind = fullStory.trim() ? "text" : soundcloudUrl ? "audio" : "empty";
    return { ...base, kind, thumb: null, thumbSrcSet: "", durationMs: null };
  }
  // A video shows its poster frame (or a placeholder without one): never a <video> in a grid.
  const [kind, path, variants, width, durationMs, posterPath, posterVariants, posterWidth] = first;
  const picture = pictureOf({ kind, path, variants, width, posterPath, posterVariants, posterWidth });
  return {
    ...base,
    kind: kind === "video" ? "video" : "image",
    thumb: picture ? imageUrlForWidth(picture.path, picture.variants, 640) : null,
    thumbSrcSet: picture ? srcSetFor(picture.path, picture.variants, picture.width) : "",
    durationMs: kind === "video" ? durationMs : null,
  };
}

/** `take` tiles of the `take + 1` read, and the cursor of the next page when there is one. */
export function tilePage(tiles: TileTuple[], take: number): { posts: PostTile[]; nextCursor: number | null } {
  const page = tiles.slice(0, take).map(readTile);
  return { posts: page, nextCursor: tiles.length > take ? page[page.length - 1].id : null };
}

/** One page of a user's posts as grid tiles, newest first. One statement. */
export async function getUserPostTiles(userId: number, before: number | null = null, take = POSTS_PAGE_SIZE): Promise<{ posts: PostTile[]; nextCursor: number | null }> {
  return tilePage(await queryTiles(userPostsWhere(userId, before), take + 1), take);
}

/** Grid tiles for the given posts, in the order of `ids` (a saved list, say). One statement. */
export async function getPostTilesByIds(ids: number[]): Promise<PostTile[]> {
  if (ids.length === 0) return [];
  const tiles = await queryTiles([Prisma.sql`p."id" IN (${jsonDialect(databaseProvider).ids(ids)})`], ids.length);
  return inIdOrder(ids, tiles.map(readTile));
}
