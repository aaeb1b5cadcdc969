// The feed: pages of posts newest first in the API's post shape, with counts and the
// reader's own flags.
//
// Two feeds: Latest (everyone's posts) and Following (`following: true`: the posts that show a
// car the reader follows, are by a person the reader follows, carry a tag the reader follows,
// or are the reader's own). A Following page reads the reader's timeline rows
// (app/models/timeline.server.ts), kept as follows and posts are written.
//
// Cost per page, whatever its size (no N+1): ONE SQL statement that selects the page over
// the posts(createdAt, id) index and, per post, every count (likes, dislikes, comments, mods of
// its cars, saves, shares) and the reader's flags (liked/disliked, saved, follows one of its
// cars), each a correlated sub-query over an index; and, only for posts whose content is not
// kept, one more that reads their creator, media (by position) and cars (by position). A
// Following page selects over the timelines(memberId, createdAt, postId) index the same way.
// Pages after the first use keyset pagination: a `cursor` (createdAt and id of the last post
// seen) and/or `exclude` (ids already loaded).
import { freshness, prisma } from "~/db.server";
import { FEED_FIRST_PAGE } from "~/lib/constants";
import { settings } from "~/lib/server/env.server";
import { FEED_ANSWERS_BYTES, FEED_POSTS_BYTES } from "~/cache/budgets";
import type { Freshness, Stamp } from "~/cache/freshness.server";
import { postKey, carKey, timelineKey } from "~/cache/data-keys";
import { createKeptAnswers } from "~/cache/kept-answers.server";
import { createKeptTexts, type KeptText, type KeptTexts } from "~/cache/kept-texts.server";
import { encodeCursor, type Cursor } from "~/lib/cursor";
import type { FeedPage, FeedPost } from "~/lib/wire";
import { daysOldHolds } from "~/lib/rules/relative-time";
import { queryContents, queryStandings, type PageQuery } from "~/models/feed-query.server";
import { readContent, readStanding, type ContentTuple, type FeedPostContent, type StandingTuple } from "~/models/feed-records.server";
import { mentionsIn } from "~/lib/rules/text-links";
import { existingMembers, membersAmong } from "~/models/text-links.server";

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

// ------------------------------------------------------------------ each post's content
//
// A post's content (everything but its counts and the reader's flags: the post, its creator,
// media and cars) is the same for every reader, and every table it is read from logs "*" in the
// change log. So each process keeps it by post id, parsed and as JSON, until anything without a
// key of its own changes (app/cache/freshness.server.ts): a page reads its posts' standing in
// one statement, and the content only of the posts it does not hold. Up to FEED_POSTS_BYTES of
// JSON bytes (app/cache/budgets.ts); nothing is kept without a stamp (an in-memory database).

type KeptContent = KeptText & {
  post: FeedPostContent;
  /** Its JSON's bytes, without the closing brace. */
  text: Buffer;
  /** The usernames its story mentions (lowercased), members or not. */
  mentioned: string[];
  /** The moment it was read at. */
  stamp: Stamp;
};

let contents: KeptTexts<KeptContent> | null = null;

/** The content of each of `ids`, kept or read now; a post that no longer exists is missing. */
async function contentsOf(ids: number[]): Promise<Map<number, KeptContent>> {
  contents ??= createKeptTexts<KeptContent>({ maxChars: FEED_POSTS_BYTES, maxEntryChars: FEED_POSTS_BYTES / 64 });
  const kept = contents;
  // Taken before the content is read: a change committed meanwhile is marked after it.
  const stamp = await freshness.now();
  const found = new Map<number, KeptContent>();
  const missing: number[] = [];
  for (const id of ids) {
    const entry = stamp === null ? null : kept.get(String(id));
    if (entry && freshness.holds(entry.stamp, [])) found.set(id, entry);
    else missing.push(id);
  }
  for (const record of await queryContents(missing)) {
    const post = readContent(JSON.parse(record) as ContentTuple);
    // Its JSON as bytes, without the closing brace, to be followed by the standing.
    const entry = { post, mentioned: mentionsIn(post.story), text: Buffer.from(JSON.stringify(post).slice(0, -1)), stamp: stamp ?? 0, validUntil: Infinity };
    if (stamp !== null) kept.set(String(post.id), entry);
    found.set(post.id, entry);
  }
  return found;
}

/** A page's posts in order, each with its content and the JSON text of its standing. */
async function pageOf(options: PageQuery, limit: number): Promise<Array<{ content: KeptContent; standing: string }>> {
  const standings = await queryStandings(options, limit);
  const found = await contentsOf(standings.map(([id]) => id));
  return standings.flatMap(([id, standing]) => {
    const content = found.get(id);
    return content ? [{ content, standing }] : [];
  });
}

async function queryPosts(options: PageQuery, limit: number): Promise<FeedPost[]> {
  const page = await pageOf(options, limit);
  const now = Date.now();
  const members = await existingMembers(page.flatMap(({ content }) => content.mentioned));
  return page.map(({ content: { post, mentioned }, standing }) => ({
    ...post,
    ...readStanding(JSON.parse(standing) as StandingTuple, post.created_at, now),
    mentions: membersAmong(mentioned, members),
  }));
}

/** A page of the feed, newest first. */
export async function getFeedPage(options: FeedOptions = {}): Promise<FeedPage> {
  const limit = clampLimit(options.limit);
  const posts = await queryPosts(options, limit);
  const last = posts.at(-1);
  return { posts, nextCursor: posts.length === limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}

// ------------------------------------------------------------------ the API's answers
//
// The API answers a page as JSON bytes, made from the page's records without building each
// post anew: each post's kept content JSON bytes, followed by its standing written per answer.
//
// Whole answers are kept too: a page's JSON answer is a function of its options (the reader's
// id among them), the data and the moment days_old counts from. Each process keeps the answers
// it gave (app/cache/kept-answers.server.ts) with the keys of what they show: their posts, their
// posts' cars and, on a Following page, the reader's timeline. An answer ends when a commit names
// one of those keys or changes anything that has no key (app/cache/freshness.server.ts), so a
// kept answer is never older than the data it shows. It holds until the first of its posts turns
// a day older, and RENDER_REUSE_SECONDS at most. No answer is kept in development or with RENDER_REUSE_SECONDS=0.

/** The page as JSON (UTF-8 bytes), whether it was kept, and the keys of what it shows (app/cache/data-keys.ts). */
export type FeedAnswer = { body: Buffer<ArrayBuffer>; kept: boolean; keys: readonly string[] | null };

/** Where every page's JSON starts. */
const PAGE_START = Buffer.from('{"posts":[');

export type FeedAnswers = {
  /**
   * The page for `options` as JSON bytes (what JSON.stringify(getFeedPage(options)) gives):
   * the kept answer while it holds (its stamp taken by `at` when given: models/auth.server.ts
   * requestStamp).
   */
  answer(options?: FeedOptions, at?: () => Promise<Stamp | null>): Promise<FeedAnswer>;
};

export function createFeedAnswers({ freshness, maxAgeMs }: { freshness: Freshness | null; maxAgeMs: number }): FeedAnswers {
  const answers = createKeptAnswers<Buffer<ArrayBuffer>>({ freshness, maxAgeMs, maxChars: FEED_ANSWERS_BYTES });

  const pageBytes = async (options: FeedOptions, now: number) => {
    const limit = clampLimit(options.limit);
    const page = await pageOf(options, limit);
    // Which mentioned members exist changes without the post changing: read per answer, once.
    const members = await existingMembers(page.flatMap(({ content }) => content.mentioned));
    // One buffer: the page's start, each post's kept content bytes and its standing written
    // now, then the page's end, every piece copied in once.
    const standings = page.map(({ content: { post, mentioned }, standing }) =>
      JSON.stringify({ ...readStanding(JSON.parse(standing) as StandingTuple, post.created_at, now), mentions: membersAmong(mentioned, members) }).slice(1),
    );
    const last = page.at(-1)?.content.post;
    const nextCursor = page.length === limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
    const end = `],"nextCursor":${JSON.stringify(nextCursor)}}`;
    let size = PAGE_START.length + Buffer.byteLength(end);
    for (const [index, { content }] of page.entries()) size += content.text.length + 1 + Buffer.byteLength(standings[index]) + (index > 0 ? 1 : 0);
    const bytes = Buffer.allocUnsafe(size);
    let at = PAGE_START.copy(bytes, 0);
    // What the page shows: its posts, their cars for a reader (their "following" flags), and a
    // Following page its reader's timeline; anything else it reads is logged as "*".
    const keys = new Set<string>(options.following ? [timelineKey(options.viewerId ?? 0)] : []);
    let holdsMs = Infinity;
    for (const [index, { content }] of page.entries()) {
      const { post } = content;
      if (index > 0) at += bytes.write(",", at);
      at += content.text.copy(bytes, at);
      at += bytes.write(",", at);
      at += bytes.write(standings[index], at);
      keys.add(postKey(post.id));
      if (options.viewerId != null) for (const carId of post.car_ids) keys.add(carKey(carId));
      holdsMs = Math.min(holdsMs, daysOldHolds(post.created_at, now));
    }
    bytes.write(end, at);
    return { text: bytes, holdsMs, keys: [...keys] };
  };

  return {
    async answer(options = {}, at) {
      const { text, kept, keys } = await answers.answer(answerKey(options), (now) => pageBytes(options, now), at);
      return { body: text, kept, keys };
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
export function getFeedAnswer(options: FeedOptions = {}, at?: () => Promise<Stamp | null>): Promise<FeedAnswer> {
  if (!feedAnswers) {
    const { NODE_ENV, RENDER_REUSE_SECONDS } = settings();
    feedAnswers = createFeedAnswers({ freshness, maxAgeMs: NODE_ENV === "production" ? RENDER_REUSE_SECONDS * 1000 : 0 });
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
