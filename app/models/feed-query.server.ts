// The feed's page query: one SQL statement that selects a page of posts with their standing
// and returns it as one text cell of records, and one that reads the content of the posts whose
// content is not kept; read back in feed-records.server.ts.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, splitRecords, timestampSql } from "~/lib/db/json-sql";
import type { FeedOptions, UnreadyPosts } from "~/models/feed.server";

// ------------------------------------------------------------------ the page query
//
// Why plain SQL: measured here (idle machine, 2,000 posts), Prisma's findMany with the three
// relations plus a counts query took about 5.2 ms for a page of 50 (1.4 ms for 10): seven
// statements, and Prisma's per-row decoding dominates. The statement below returns the
// whole page as ONE text cell (each post's records of JSON), which Prisma hands back almost
// for free: about 2.1 ms for 50 (0.6 ms for 10), most of it SQLite's own work. Returning a
// row per post instead saved SQLite a tenth of its time and gave it back to Prisma's decoding.
// Each database's JSON functions are chosen in ~/lib/db/json-sql.

export type PageQuery = FeedOptions & { id?: number; unready?: UnreadyPosts };

/** The conditions a page's posts (alias p) meet, but the Following one (see `pageRows`). */
function pageConditions(options: PageQuery): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (options.id !== undefined) conditions.push(Prisma.sql`p."id" = ${options.id}`);
  // Only ready posts reach anyone but their author: feeds, profiles, showcases, Grams, embeds.
  const unready = options.unready ?? "none";
  if (unready === "own") conditions.push(Prisma.sql`(p."status" = 'ready' OR p."createdById" = ${options.viewerId ?? 0})`);
  else if (unready === "none") conditions.push(Prisma.sql`p."status" = 'ready'`);
  if (options.cursor) {
    // A range on createdAt first, so SQLite walks the (createdAt, id) index downwards from
    // the cursor and stops after `limit` rows.
    const at = timestampSql(databaseProvider, options.cursor.createdAt);
    conditions.push(Prisma.sql`p."createdAt" <= ${at} AND (p."createdAt" < ${at} OR p."id" < ${options.cursor.id})`);
  }
  if (options.exclude && options.exclude.length > 0) {
    conditions.push(Prisma.sql`p."id" NOT IN (${jsonDialect(databaseProvider).ids(options.exclude)})`);
  }
  if (options.createdById !== undefined) conditions.push(Prisma.sql`p."createdById" = ${options.createdById}`);
  if (options.carId !== undefined) {
    conditions.push(Prisma.sql`p."id" IN (SELECT pc."postId" FROM "post_cars" pc WHERE pc."carId" = ${options.carId})`);
  }
  if (options.tagId !== undefined) {
    // Over post_tags(tagId, createdAt, postId).
    conditions.push(Prisma.sql`p."id" IN (SELECT pt."postId" FROM "post_tags" pt WHERE pt."tagId" = ${options.tagId})`);
  }
  if (options.grams) {
    // Grams shows audio, or media (any when show_all_grams_posts, else a video).
    const media = options.grams.showAll
      ? Prisma.sql`EXISTS (SELECT 1 FROM "photos" m WHERE m."postId" = p."id")`
      : Prisma.sql`EXISTS (SELECT 1 FROM "photos" m WHERE m."postId" = p."id" AND m."kind" = 'video')`;
    conditions.push(Prisma.sql`((p."soundcloudUrl" IS NOT NULL AND p."soundcloudUrl" <> '') OR ${media})`);
  }
  return conditions;
}

function where(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

const NEWEST_FIRST = Prisma.sql`ORDER BY p."createdAt" DESC, p."id" DESC`;
/** The columns of a post a page reads. */
const POST_COLUMNS = Prisma.sql`p."id", p."createdAt", p."createdById", p."carId", p."story", p."layout", p."soundcloudUrl", p."status", p."editedAt"`;

/** The FROM … LIMIT part of the page's rows (alias p, POST_COLUMNS). */
function pageRows(options: PageQuery, limit: number): Prisma.Sql {
  if (!options.following) return Prisma.sql`FROM "posts" p ${where(pageConditions(options))} ${NEWEST_FIRST} LIMIT ${limit}`;
  // The reader's timeline rows (app/models/timeline.server.ts), newest first over
  // timelines(memberId, createdAt, postId), the cursor a range on that index; each joined to
  // its post, which meets the same conditions as any page's. A visitor (0) has no rows.
  const conditions = [Prisma.sql`t."memberId" = ${options.viewerId ?? 0}`, ...pageConditions({ ...options, cursor: null })];
  if (options.cursor) {
    const at = timestampSql(databaseProvider, options.cursor.createdAt);
    conditions.push(Prisma.sql`t."createdAt" <= ${at} AND (t."createdAt" < ${at} OR t."postId" < ${options.cursor.id})`);
  }
  return Prisma.sql`FROM "timelines" t JOIN "posts" p ON p."id" = t."postId" ${where(conditions)}
    ORDER BY t."createdAt" DESC, t."postId" DESC LIMIT ${limit}`;
}

/**
 * The content of posts (alias page), per post: the post, its creator, its media and its cars.
 * The same for every reader; every table it reads logs "*" in the change log, so a post's
 * content kept by id holds until anything without a key changes (app/cache/change-log.server.ts).
 */
function contentTuple(): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const media = json.tuples(
    json.tuple(Prisma.sql`m."id", m."kind", m."path", m."mimeType", m."width", m."height",
                          m."variants", m."posterPath", m."createdAt", m."uploaderId", mu."username",
                          m."durationMs", m."posterVariants", m."posterWidth", m."posterHeight", m."alt"`),
    Prisma.sql`m."position", m."id"`,
  );
  // A car's cover is read as its columns (and the picked or newest post picture's).
  const picture = json.tuple(Prisma.sql`m."kind", m."path", m."variants", m."width", m."posterPath", m."posterVariants", m."posterWidth"`);
  const cars = json.tuples(
    json.tuple(Prisma.sql`c."id", c."make", c."model", c."year", c."trim", c."bodystyle", c."nickname", c."ownerId",
      c."coverPath", c."coverVariants", c."coverWidth",
      ${json.nested(Prisma.sql`SELECT ${json.tuples(picture, Prisma.sql`m."id"`)} FROM "photos" m WHERE m."id" = c."coverMediaId"`)},
      ${json.nested(Prisma.sql`SELECT ${json.tuples(picture, Prisma.sql`m."position", m."id"`)} FROM (
        SELECT * FROM "photos" m
        WHERE m."kind" = 'image' AND c."coverPath" IS NULL AND m."postId" = (
          SELECT npc."postId" FROM "post_cars" npc JOIN "posts" np ON np."id" = npc."postId" AND np."status" = 'ready'
          WHERE npc."carId" = c."id" AND EXISTS (SELECT 1 FROM "photos" i WHERE i."postId" = npc."postId" AND i."kind" = 'image')
          ORDER BY npc."postId" DESC LIMIT 1)
        ORDER BY m."position", m."id" LIMIT 1) m`)}`),
    Prisma.sql`pc."position", pc."carId"`,
  );
  return json.tuple(Prisma.sql`
      page."id", page."createdAt", page."createdById", page."carId", page."story", page."layout", page."soundcloudUrl", page."status",
      u."username", u."nickname", u."profileImage",
      ${json.nested(Prisma.sql`SELECT ${media} FROM "photos" m JOIN "users" mu ON mu."id" = m."uploaderId" WHERE m."postId" = page."id"`)},
      ${json.nested(Prisma.sql`SELECT ${cars} FROM "post_cars" pc JOIN "cars" c ON c."id" = pc."carId" WHERE pc."postId" = page."id"`)},
      page."editedAt"`);
}

/**
 * The page as one row with one text cell: per post, in the feed's order, its id and the JSON
 * array of its standing (the counts, and the reader's own reaction, save and follow), read back
 * by `readStanding`. Its content is read apart (`contentStatement`), only for posts whose
 * content is not kept.
 */
function pageStatement(options: PageQuery, limit: number, viewerId: number | null): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  // A visitor matches no rows: user ids start at 1.
  const viewer = viewerId ?? 0;
  const standing = json.tuple(Prisma.sql`
      (SELECT COUNT(*) FROM "post_likes" l WHERE l."postId" = page."id" AND l."type" = 'like'),
      (SELECT COUNT(*) FROM "post_likes" l WHERE l."postId" = page."id" AND l."type" = 'dislike'),
      (SELECT COUNT(*) FROM "comments" cm WHERE cm."postId" = page."id"),
      (SELECT COUNT(*) FROM "post_cars" pc JOIN "mods" md ON md."carId" = pc."carId" WHERE pc."postId" = page."id"),
      (SELECT COUNT(*) FROM "saves" s WHERE s."postId" = page."id"),
      (SELECT COUNT(*) FROM "shares" sh WHERE sh."postId" = page."id"),
      (SELECT l."type" FROM "post_likes" l WHERE l."userId" = ${viewer} AND l."postId" = page."id"),
      ${json.flag(Prisma.sql`EXISTS (SELECT 1 FROM "saves" s WHERE s."userId" = ${viewer} AND s."postId" = page."id")`)},
      ${json.flag(Prisma.sql`EXISTS (SELECT 1 FROM "post_cars" pc JOIN "car_follows" f ON f."carId" = pc."carId"
                                     WHERE pc."postId" = page."id" AND f."userId" = ${viewer})`)}`);
  return Prisma.sql`
    WITH page AS (
      SELECT ${POST_COLUMNS}
      ${pageRows(options, limit)}
    )
    SELECT ${json.records([Prisma.sql`page."id"`, standing], Prisma.sql`page."createdAt" DESC, page."id" DESC`)} AS page
    FROM page`;
}

/** The content of the posts `ids` names, as one text cell of records (any order). */
function contentStatement(ids: number[]): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  return Prisma.sql`
    WITH page AS (SELECT ${POST_COLUMNS} FROM "posts" p WHERE p."id" IN (${json.ids(ids)}))
    SELECT ${json.records([contentTuple()], Prisma.sql`page."id"`)} AS page
    FROM page JOIN "users" u ON u."id" = page."createdById"`;
}

/** The page's posts, in order: each one's id and the JSON text of its standing. */
export async function queryStandings(options: PageQuery, limit: number): Promise<Array<[id: number, standing: string]>> {
  const rows = await prisma.$queryRaw<Array<{ page: string | null }>>(pageStatement(options, limit, options.viewerId ?? null));
  return splitRecords(rows[0]?.page).map(([id, standing]) => [Number(id), standing]);
}

/** The JSON text of each post's content, for the posts `ids` names that exist. */
export async function queryContents(ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.$queryRaw<Array<{ page: string | null }>>(contentStatement(ids));
  return splitRecords(rows[0]?.page).map(([content]) => content);
}
