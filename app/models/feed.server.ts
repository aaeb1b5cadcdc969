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
import { dataVersion, prisma } from "~/db.server";
import { FEED_FIRST_PAGE } from "~/lib/constants";
import { settings } from "~/lib/server/env.server";
import { FEED_ANSWERS_CHARS, FEED_POSTS_CHARS } from "~/cache/budgets";
import type { DataVersion } from "~/cache/data-version.server";
import { createKeptAnswers } from "~/cache/kept-answers.server";
import { createKeptTexts, type KeptText } from "~/cache/kept-texts.server";
import { encodeCursor, type Cursor } from "~/lib/cursor";
import type { FeedPage, FeedPost } from "~/lib/wire";
import { daysOldHolds } from "~/lib/rules/relative-time";
import { queryRecords, type PageQuery } from "~/models/feed-query.server";
import { readContent, readStanding, type ContentTuple, type StandingTuple } from "~/models/feed-records.server";
import { membersIn, mentionedMembers } from "~/models/text-links.server";

/** The most ids `exclude` may name (beyond that, page with `cursor`). */
export const MAX_EXCLUDE = 1000;

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
