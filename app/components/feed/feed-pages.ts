// The home feed's paging rules, free of React: the URL of the next page, reading the loader's answer, which card starts the next
// load (the third-last: the reader is within the last 3 posts) and merging pages without
// repeats.
import { FEED_LOAD_MORE_WITHIN, FEED_PAGE } from "~/lib/constants";
import { errorOf } from "~/lib/client/fetcher-answer";
import type { FeedPost } from "~/lib/wire";
import { apiPaths } from "~/lib/paths";

export const FEED_MESSAGES = {
  heading: "Latest from the community",
  failed: "Failed to load posts",
  retry: "Try again",
  loadMore: "Load more",
  newest: "Back to the newest posts",
  end: "You're all caught up",
  empty: "No posts yet",
} as const;

export type FeedPageData = { posts: FeedPost[]; nextCursor: string | null };

/**
 * The URL of the page after `cursor` (10 posts by default); `query` names the list (`feed`,
 * `tag`), so every page after the first reads the same one.
 */
export function feedPageUrl({
  cursor,
  limit = FEED_PAGE,
  exclude,
  query = {},
}: {
  cursor: string;
  limit?: number;
  exclude?: readonly number[];
  query?: Readonly<Record<string, string>>;
}): string {
  const params = new URLSearchParams({ ...query, limit: String(limit), cursor });
  if (exclude && exclude.length > 0) params.set("exclude", exclude.join(","));
  return apiPaths.feed(params);
}

/** The no-JavaScript 'Load more' link: the page (`path` with `query`) starting after `cursor`. */
export function loadMoreHref(cursor: string, path = "/", query: Readonly<Record<string, string>> = {}): string {
  return `${path}?${new URLSearchParams({ ...query, cursor })}`;
}

/** A page of /api/feed from what its loader answered; throws on an error answer or a malformed body. */
export function readFeedPage(answer: unknown): FeedPageData {
  const failure = errorOf(answer);
  if (failure !== null) throw new Error(failure);
  const body = answer as Partial<FeedPageData> | null | undefined;
  if (!body || typeof body !== "object" || !Array.isArray(body.posts)) throw new Error("Malformed feed page");
  return { posts: body.posts, nextCursor: typeof body.nextCursor === "string" && body.nextCursor ? body.nextCursor : null };
}

/**
 * The index of the card whose arrival on screen loads the next page: the third-last
 * (the reader is within the last 3 posts), or the first when there are fewer.
 */
export function triggerIndex(count: number, within = FEED_LOAD_MORE_WITHIN): number {
  if (count <= 0) return -1;
  return Math.max(0, count - within);
}

/** `older` appended to `current`, skipping posts already there. */
export function appendPosts(current: readonly FeedPost[], older: readonly FeedPost[]): FeedPost[] {
  const seen = new Set(current.map((post) => post.id));
  const added = older.filter((post) => {
    if (seen.has(post.id)) return false;
    seen.add(post.id);
    return true;
  });
  return added.length === 0 ? (current as FeedPost[]) : [...current, ...added];
}

/**
 * The list after the loader answered again for the same page (a revalidation): the
 * loader's posts (fresh counts, new posts, deleted ones gone), then the posts loaded later
 * that come after them.
 */
export function refreshPosts(current: readonly FeedPost[], fresh: readonly FeedPost[]): FeedPost[] {
  if (fresh.length === 0) return [...fresh];
  const freshIds = new Set(fresh.map((post) => post.id));
  const lastFresh = fresh[fresh.length - 1];
  const cut = current.findIndex((post) => post.id === lastFresh.id);
  // When the last fresh post is not in the list, the loaded tail cannot be placed: start over.
  if (cut === -1) return [...fresh];
  return [...fresh, ...current.slice(cut + 1).filter((post) => !freshIds.has(post.id))];
}

/** The list without one post (deleted). */
export function removePost(current: readonly FeedPost[], postId: number): FeedPost[] {
  return current.filter((post) => post.id !== postId);
}
