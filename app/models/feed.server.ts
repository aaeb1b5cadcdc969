// The feed: pages of posts newest first in the API's post shape, with counts and the
// reader's own flags.
//
// Two feeds: Latest (everyone's posts) and Following (`following: true`: the posts that show a
// car the reader follows, are by a person the reader follows, carry a tag the reader follows,
// or are the reader's own). A Following page reads the reader's timeline rows
// (app/models/timeline.server.ts), kept as follows and posts are written.
//
// Cost per page, whatever its size (no N+1): ONE SQL statement that selects the page over
// the posts(createdAt, id) index and, per post, its creator, media (by position), cars (by
// position), every count (likes, dislikes, comments, mods of its cars, saves, shares) and the
// reader's flags (liked/disliked, saved, follows one of its cars), each a correlated
// sub-query over an index. A Following page selects over the timelines(memberId, createdAt,
// postId) index the same way. Pages after the first use keyset
// pagination: a `cursor` (createdAt and id of the last post seen) and/or `exclude` (ids
// already loaded).
import { createHash } from "node:crypto";
import { dataVersion, databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { isoText, jsonDialect, parseStoredDate, splitRecords, timestampSql } from "~/lib/db/json-sql";
import { FEED_FIRST_PAGE } from "~/lib/constants";
import { settings } from "~/lib/env.server";
import { FEED_ANSWERS_CHARS, FEED_POSTS_CHARS } from "~/cache/budgets";
import type { DataVersion } from "~/cache/data-version.server";
import { createKeptAnswers } from "~/cache/kept-answers.server";
import { createKeptTexts, type KeptText } from "~/cache/kept-texts.server";
import { encodeCursor, type Cursor } from "~/lib/cursor";
import { effectiveLayout, isLayout, type Layout } from "~/lib/layout";
import { imageUrlForWidth, mediaUrl, pictureOf, srcSetFor, type MediaKind } from "~/lib/media-types";
import { daysOld, daysOldHolds } from "~/lib/relative-time";
import { ownPhotoOf } from "~/models/car.server";
import { membersIn, mentionedMembers } from "~/models/text-links.server";

/** Every post in the feed carries the same priority score. */
export const PRIORITY_SCORE = 30;
/** The most ids `exclude` may name (beyond that, page with `cursor`). */
export const MAX_EXCLUDE = 1000;

export type FeedCar = {
  id: number;
  make: string;
  model: string;
  year: number;
  trim: string | null;
  bodystyle: string | null;
  nickname: string | null;
  owner_id: number;
  /**
   * The car's photo, as its garage card shows it: its own, else the one picked from a post,
   * else the first picture of its newest ready post. null (and "") when it has none.
   */
  cover: string | null;
  cover_srcset: string;
};

export type FeedPhoto = {
  id: number;
  image_url: string;
  kind: MediaKind;
  mime_type: string;
  width: number | null;
  height: number | null;
  /** Responsive candidates for images ("" for videos and unresized images). */
  srcset: string;
  /** A still frame for a video, when one was made. */
  poster_url: string | null;
  /** Responsive candidates for the poster ("" without one). */
  poster_srcset: string;
  poster_width: number | null;
  poster_height: number | null;
  /** Videos: length in milliseconds, when known. */
  duration_ms: number | null;
  created_at: string;
  uploader: { id: number; username: string };
  /** The author's description (alt text); null when none was written. */
  alt?: string | null;
};

export type FeedCounts = {
  likes: number;
  dislikes: number;
  comments: number;
  mods: number;
  saves: number;
  shares: number;
  /** Always 0 in the feed: report counts are not shown. */
  flags: 0;
};

export type FeedPost = {
  id: number;
  created_at: string;
  /** The creator's user id. */
  created_by: number;
  creator: { id: number; username: string; nickname: string | null; profileImage: string | null };
  /** Legacy single car: the stored one, else the first of post_cars. */
  car_id: number | null;
  car_ids: number[];
  story: string;
  /** The usernames of the members `story` mentions (its @links), looked up once per page. */
  mentions?: string[];
  /** As stored (null = follow the default rule). */
  layout: Layout | null;
  effective_layout: Layout;
  soundcloud_url: string | null;
  /** When the author last edited the post (ISO 8601); null when never. */
  edited_at?: string | null;
  /** ready; processing or failed only ever reach the post's author and administrators. */
  status: "processing" | "ready" | "failed";
  photos: FeedPhoto[];
  post_cars: Array<{ car_id: number; car: FeedCar }>;
  counts: FeedCounts;
  likedByUser: boolean;
  dislikedByUser: boolean;
  saved: boolean;
  priority_score: number;
  is_followed_car: boolean;
  days_old: number;
};

export type FeedPage = {
  posts: FeedPost[];
  /** Pass back as `cursor` for the next page; null when this page was the last. */
  nextCursor: string | null;
};

export type FeedOptions = {
  viewerId?: number | null;
  /** Page size, 1..FEED_FIRST_PAGE (default FEED_FIRST_PAGE). */
  limit?: number;
  /** Ids already loaded: never answered again. */
  exclude?: number[];
  /** Only posts older than this one (createdAt, then id). */
  cursor?: Cursor | null;
  /** Only the posts Grams shows (the Grams filter), for a reader with this setting. */
  grams?: { showAll: boolean } | null;
  /** Only posts by this user. */
  createdById?: number;
  /** Only posts naming this car. */
  carId?: number;
  /** Only posts carrying this tag (tags.id). */
  tagId?: number;
  /**
   * The Following feed of `viewerId`: posts showing a car they follow, by a person they follow,
   * with a tag they follow, and their own. A visitor's Following feed is empty.
   */
  following?: boolean;
};

/**
 * Which posts that are not ready (still processing, or failed) a read may return: none (every
 * list and every visitor), the viewer's own (their post page), or any (administrators).
 */
export type UnreadyPosts = "none" | "own" | "any";

/** What a reader may see of posts that are not ready: administrators all, members their own. */
export function unreadyFor(user: { role: string } | null | undefined): UnreadyPosts {
  return user?.role === "admin" ? "any" : user ? "own" : "none";
}

export function clampLimit(limit: number | null | undefined, max = FEED_FIRST_PAGE): number {
  if (limit === null || limit === undefined || !Number.isFinite(limit)) return max;
  return Math.min(max, Math.max(1, Math.floor(limit)));
}

// ------------------------------------------------------------------ the page query
//
// Why plain SQL: measured here (idle machine, 2,000 posts), Prisma's findMany with the three
// relations plus a counts query took about 5.2 ms for a page of 50 (1.4 ms for 10): seven
// statements, and Prisma's per-row decoding dominates. The statement below returns the
// whole page as ONE text cell (each post's records of JSON), which Prisma hands back almost
// for free: about 2.1 ms for 50 (0.6 ms for 10), most of it SQLite's own work. Returning a
// row per post instead saved SQLite a tenth of its time and gave it back to Prisma's decoding.
// Each database's JSON functions are chosen in ~/lib/db/json-sql.

type PageQuery = FeedOptions & { id?: number; unready?: UnreadyPosts };

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
 * The page as one row with one text cell: per post, in the feed's order, two JSON arrays of
 * columns (arrays rather than objects keep the text small), read back by `readContent` and
 * `readStanding`:
 * - its content: the post, its creator, its media and its cars. The same for every reader,
 *   so a digest of its text is what the post's JSON is kept under (`postJson`);
 * - its standing: the counts, and the reader's own reaction, save and follow.
 */
function pageStatement(options: PageQuery, limit: number, viewerId: number | null): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  // A visitor matches no rows: user ids start at 1.
  const viewer = viewerId ?? 0;
  const media = json.tuples(
    json.tuple(Prisma.sql`m."id", m."kind", m."path", m."mimeType", m."width", m."height",
                          m."variants", m."posterPath", m."createdAt", m."uploaderId", mu."username",
                          m."durationMs", m."posterVariants", m."posterWidth", m."posterHeight", m."alt"`),
    Prisma.sql`m."position", m."id"`,
  );
  // A car's cover is read as its columns (and the picked or newest post picture's), so a
  // changed cover changes the post's content text, and with it the digest its JSON is kept under.
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
  const content = json.tuple(Prisma.sql`
      page."id", page."createdAt", page."createdById", page."carId", page."story", page."layout", page."soundcloudUrl", page."status",
      u."username", u."nickname", u."profileImage",
      ${json.nested(Prisma.sql`SELECT ${media} FROM "photos" m JOIN "users" mu ON mu."id" = m."uploaderId" WHERE m."postId" = page."id"`)},
      ${json.nested(Prisma.sql`SELECT ${cars} FROM "post_cars" pc JOIN "cars" c ON c."id" = pc."carId" WHERE pc."postId" = page."id"`)},
      page."editedAt"`);
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
    SELECT ${json.records([content, standing], Prisma.sql`page."createdAt" DESC, page."id" DESC`)} AS page
    FROM page JOIN "users" u ON u."id" = page."createdById"`;
}

type MediaTuple = [
  id: number,
  kind: string,
  path: string,
  mimeType: string,
  width: number | null,
  height: number | null,
  variants: string,
  posterPath: string | null,
  createdAt: string,
  uploaderId: number,
  uploaderUsername: string,
  durationMs: number | null,
  posterVariants: string,
  posterWidth: number | null,
  posterHeight: number | null,
  alt: string | null,
];
type PictureTuple = [kind: string, path: string, variants: string, width: number | null, posterPath: string | null, posterVariants: string, posterWidth: number | null];
type CarTuple = [
  id: number,
  make: string,
  model: string,
  year: number,
  trim: string | null,
  bodystyle: string | null,
  nickname: string | null,
  ownerId: number,
  coverPath: string | null,
  coverVariants: string,
  coverWidth: number | null,
  picked: PictureTuple[],
  newest: PictureTuple[],
];
type ContentTuple = [
  id: number,
  createdAt: string,
  createdById: number,
  carId: number | null,
  story: string,
  layout: string | null,
  soundcloudUrl: string | null,
  status: string,
  username: string,
  nickname: string | null,
  profileImage: string | null,
  media: MediaTuple[],
  cars: CarTuple[],
  editedAt: string | null,
];
type StandingTuple = [
  likes: number,
  dislikes: number,
  comments: number,
  mods: number,
  saves: number,
  shares: number,
  reaction: string | null,
  saved: number,
  followedCar: number,
];

/** The page's records: per post, the JSON texts of its content and of its standing. */
async function queryRecords(options: PageQuery, limit: number): Promise<string[][]> {
  const rows = await prisma.$queryRaw<Array<{ page: string | null }>>(pageStatement(options, limit, options.viewerId ?? null));
  return splitRecords(rows[0]?.page);
}

async function queryPosts(options: PageQuery, limit: number): Promise<FeedPost[]> {
  const records = await queryRecords(options, limit);
  const now = Date.now();
  const posts = records.map(([content, standing]) => {
    const post = readContent(JSON.parse(content) as ContentTuple);
    return { ...post, ...readStanding(JSON.parse(standing) as StandingTuple, post.created_at, now) };
  });
  const members = await mentionedMembers(posts.map((post) => post.story));
  return posts.map((post) => ({ ...post, mentions: membersIn(post.story, members) }));
}

/** A page of the feed, newest first, in one statement. */
export async function getFeedPage(options: FeedOptions = {}): Promise<FeedPage> {
  const limit = clampLimit(options.limit);
  const posts = await queryPosts(options, limit);
  const last = posts.at(-1);
  return { posts, nextCursor: posts.length === limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}

// ------------------------------------------------------------------ the API's answers
//
// The API answers a page as JSON text, made from the page's records without building each
// post anew: a post's content (everything but its counts and the reader's flags) is the same
// for every reader, so its JSON is kept under a digest of its content's record, and only its
// standing is written per answer. A post that changes (an edit, a processed video, a renamed
// car or creator, a car's new cover photo: all read into the record) has another record, so it
// is written again; nothing keeps a post's JSON under its id alone. Up to FEED_POSTS_CHARS
// (app/cache/budgets.ts).
//
// Whole answers are kept too: a page's JSON answer is a function of its options (the reader's
// id among them), the data and the moment days_old counts from. Each process keeps the answers
// it gave, with the database's data version they were read at (app/cache/kept-answers.server.ts);
// any commit changes that version, on SQLite as on PostgreSQL, so a kept answer is never older
// than the data it shows. An answer holds until the first of its posts turns a day older, and
// RENDER_REUSE_SECONDS at most. No answer is kept in development or with RENDER_REUSE_SECONDS=0.

/** A post's content as JSON without its closing brace, to be followed by its standing. */
type KeptPost = KeptText & { id: number; createdAt: string; story: string };

export type FeedAnswer = { json: string; kept: boolean };

export type FeedAnswers = {
  /**
   * The page for `options` as JSON text (what JSON.stringify(getFeedPage(options)) gives):
   * the kept answer when one holds at this data version (read by `at` when given:
   * models/auth.server.ts requestDataVersion).
   */
  answer(options?: FeedOptions, at?: () => Promise<DataVersion | null>): Promise<FeedAnswer>;
};

export function createFeedAnswers({ version, maxAgeMs }: { version: () => DataVersion | null | Promise<DataVersion | null>; maxAgeMs: number }): FeedAnswers {
  const answers = createKeptAnswers({ version, maxAgeMs, maxChars: FEED_ANSWERS_CHARS });
  const posts = createKeptTexts<KeptPost>({ maxChars: FEED_POSTS_CHARS, maxEntryChars: FEED_POSTS_CHARS / 64 });

  const postJson = (content: string): KeptPost => {
    // Under a digest: the record itself is a slice of the page's whole text, and as a key it
    // would keep that whole text alive.
    const key = createHash("sha256").update(content).digest("base64url");
    const kept = posts.get(key);
    if (kept) return kept;
    const post = readContent(JSON.parse(content) as ContentTuple);
    const made = { text: JSON.stringify(post).slice(0, -1), id: post.id, createdAt: post.created_at, story: post.story, validUntil: Infinity };
    posts.set(key, made);
    return made;
  };

  const pageJson = async (options: FeedOptions, now: number) => {
    const limit = clampLimit(options.limit);
    const records = await queryRecords(options, limit);
    const kept = records.map(([content]) => postJson(content));
    // Which mentioned members exist changes without the post changing: read per answer, once.
    const members = await mentionedMembers(kept.map((post) => post.story));
    const parts: string[] = [];
    let holdsMs = Infinity;
    let last: KeptPost | null = null;
    for (const [index, [, standing]] of records.entries()) {
      last = kept[index];
      const rest = JSON.stringify({ ...readStanding(JSON.parse(standing) as StandingTuple, last.createdAt, now), mentions: membersIn(last.story, members) });
      parts.push(`${last.text},${rest.slice(1)}`);
      holdsMs = Math.min(holdsMs, daysOldHolds(last.createdAt, now));
    }
    const nextCursor = records.length === limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null;
    return { text: `{"posts":[${parts.join(",")}],"nextCursor":${JSON.stringify(nextCursor)}}`, holdsMs };
  };

  return {
    async answer(options = {}, at) {
      const { text, kept } = await answers.answer(answerKey(options), (now) => pageJson(options, now), at);
      return { json: text, kept };
    },
  };
}

/**
 * What an answer is kept under: every option that changes it, the reader included (so a
 * Following page, made of the reader's own follows, is only ever answered to that reader).
 */
function answerKey(options: FeedOptions): string {
  const { viewerId, limit, exclude, cursor, grams, createdById, carId, tagId, following } = options;
  return JSON.stringify([
    viewerId ?? null,
    clampLimit(limit),
    exclude ?? [],
    cursor ? encodeCursor(cursor) : null,
    grams?.showAll ?? null,
    createdById ?? null,
    carId ?? null,
    tagId ?? null,
    following === true,
  ]);
}

let feedAnswers: FeedAnswers | null = null;

/** This process's feed answers, as the settings say: nothing kept outside production. */
export function getFeedAnswer(options: FeedOptions = {}, at?: () => Promise<DataVersion | null>): Promise<FeedAnswer> {
  if (!feedAnswers) {
    const { NODE_ENV, RENDER_REUSE_SECONDS } = settings();
    feedAnswers = createFeedAnswers({ version: dataVersion, maxAgeMs: NODE_ENV === "production" ? RENDER_REUSE_SECONDS * 1000 : 0 });
  }
  return feedAnswers.answer(options, at);
}

/**
 * One post in the feed's shape, or null. Only a ready post unless `unready` says otherwise:
 * "own" lets the viewer see their own post while it is processing or failed.
 */
export async function getPost(id: number, viewerId: number | null = null, options: { unready?: UnreadyPosts } = {}): Promise<FeedPost | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [post] = await queryPosts({ id, viewerId, unready: options.unready }, 1);
  return post ?? null;
}

/** A user's posts, newest first (profile pages). */
export function getPostsByUser(userId: number, options: Omit<FeedOptions, "createdById"> = {}): Promise<FeedPage> {
  return getFeedPage({ ...options, createdById: userId });
}

/** The posts naming a car, newest first (showcase pages). */
export function getPostsByCar(carId: number, options: Omit<FeedOptions, "carId"> = {}): Promise<FeedPage> {
  return getFeedPage({ ...options, carId });
}

/** The reader's show_all_grams_posts (false for visitors and missing profiles). */
export async function showAllGramsPosts(userId: number | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const profile = await prisma.profile.findUnique({ where: { id: userId }, select: { showAllGramsPosts: true } });
  return profile?.showAllGramsPosts ?? false;
}

// ------------------------------------------------------------------ shaping

function readPhoto(media: MediaTuple): FeedPhoto {
  const [
    id,
    storedKind,
    path,
    mimeType,
    width,
    height,
    variants,
    posterPath,
    createdAt,
    uploaderId,
    uploaderUsername,
    durationMs,
    posterVariants,
    posterWidth,
    posterHeight,
    alt,
  ] = media;
  const kind: MediaKind = storedKind === "video" ? "video" : "image";
  return {
    id,
    image_url: mediaUrl(path),
    kind,
    mime_type: mimeType,
    width,
    height,
    srcset: kind === "image" ? srcSetFor(path, variants, width) : "",
    poster_url: mediaUrl(posterPath),
    poster_srcset: posterPath ? srcSetFor(posterPath, posterVariants, posterWidth) : "",
    poster_width: posterWidth,
    poster_height: posterHeight,
    duration_ms: kind === "video" ? durationMs : null,
    created_at: isoText(createdAt),
    uploader: { id: uploaderId, username: uploaderUsername },
    alt: alt || null,
  };
}

function readCar(car: CarTuple): { car_id: number; car: FeedCar } {
  const [id, make, model, year, trim, bodystyle, nickname, ownerId, coverPath, coverVariants, coverWidth, [picked], [newest]] = car;
  const media = (tuple: PictureTuple) => ({
    kind: tuple[0],
    path: tuple[1],
    variants: tuple[2],
    width: tuple[3],
    height: null,
    posterPath: tuple[4],
    posterVariants: tuple[5],
    posterWidth: tuple[6],
    posterHeight: null,
  });
  // The garage's rule: the car's own photo (uploaded, else picked), else its newest post's.
  const cover =
    ownPhotoOf({ coverPath, coverVariants, coverWidth, coverHeight: null, coverMedia: picked ? media(picked) : null }) ?? (newest ? pictureOf(media(newest)) : null);
  return {
    car_id: id,
    car: {
      id,
      make,
      model,
      year,
      trim,
      bodystyle,
      nickname,
      owner_id: ownerId,
      cover: cover ? imageUrlForWidth(cover.path, cover.variants, 640) : null,
      cover_srcset: cover ? srcSetFor(cover.path, cover.variants, cover.width) : "",
    },
  };
}

/** What a post is, the same for every reader: its JSON is kept under a digest of its record. */
type FeedPostContent = Omit<FeedPost, keyof FeedPostStanding>;
/** Its counts and the reader's own flags: read for every answer. */
type FeedPostStanding = Pick<FeedPost, "counts" | "likedByUser" | "dislikedByUser" | "saved" | "priority_score" | "is_followed_car" | "days_old">;

function readContent(tuple: ContentTuple): FeedPostContent {
  const [id, createdAt, createdById, carId, story, layout, soundcloudUrl, status, username, nickname, profileImage, media, cars, editedAt] = tuple;
  const photos = media.map(readPhoto);
  const postCars = cars.map(readCar);
  const carIds = postCars.map((postCar) => postCar.car_id);
  if (carIds.length === 0 && carId !== null) carIds.push(carId);
  return {
    id,
    created_at: parseStoredDate(createdAt).toISOString(),
    created_by: createdById,
    creator: { id: createdById, username, nickname, profileImage },
    car_id: carId ?? carIds[0] ?? null,
    car_ids: carIds,
    story,
    layout: isLayout(layout) ? layout : null,
    effective_layout: effectiveLayout(layout, photos.length),
    soundcloud_url: soundcloudUrl || null,
    edited_at: editedAt ? parseStoredDate(editedAt).toISOString() : null,
    status: status === "processing" || status === "failed" ? status : "ready",
    photos,
    post_cars: postCars,
  };
}

function readStanding(tuple: StandingTuple, createdAt: string, now: number): FeedPostStanding {
  const [likes, dislikes, comments, mods, saves, shares, reaction, saved, followedCar] = tuple;
  return {
    counts: { likes, dislikes, comments, mods, saves, shares, flags: 0 },
    likedByUser: reaction === "like",
    dislikedByUser: reaction === "dislike",
    saved: saved === 1,
    priority_score: PRIORITY_SCORE,
    is_followed_car: followedCar === 1,
    days_old: daysOld(createdAt, now),
  };
}
