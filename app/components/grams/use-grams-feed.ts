// The posts Grams shows and their paging: the server's first page when it sent one, else
// /api/feed?grams=1 (3 tries, 1 s then 2 s apart) with the linked post first; then 10 more
// whenever the reader is within the last 3. Each read goes through its own fetcher.
import { useCallback, useEffect, useRef, useState } from "react";
import { FEED_FIRST_PAGE, FEED_LOAD_MORE_WITHIN, FEED_PAGE } from "~/lib/constants";
import { useFetcherRead, type FetcherRead } from "~/lib/client/fetcher-answer";
import type { FeedPost } from "~/lib/wire";
import { cursorAfter, gramsFeedUrl, gramsPosts, postUrl, readPost } from "./grams-feed";
import { readFeedPage } from "~/components/feed/feed-pages";
import { withBackoff } from "~/lib/client/retry";
import type { FeedChoice } from "~/lib/rules/feed-choice";

export type GramsFeedStatus = "loading" | "error" | "ready";
export type GramsFeed = { status: GramsFeedStatus; posts: FeedPost[]; cursor: string | null };

export type GramsFeedOptions = {
  /** The post a link opened Grams at (kept first, whatever the filter says). */
  initialPostId: number | null;
  /** Posts rendered on the server (the first page, the linked post first). */
  initialPosts?: FeedPost[];
  /** The feed cursor after `initialPosts` (computed from the last one when left out). */
  initialCursor?: string | null;
  /** The reader's show_all_grams_posts, for the client-side filter. */
  showAll: boolean;
  /** The feed to page through (Latest when left out). */
  feed?: FeedChoice;
};

function initialFeed({ initialPostId, initialPosts, initialCursor, showAll }: GramsFeedOptions): GramsFeed {
  if (!initialPosts) return { status: "loading", posts: [], cursor: null };
  const posts = gramsPosts(initialPosts, showAll, initialPostId);
  const feedPosts = initialPosts.filter((post) => post.id !== initialPostId);
  const cursor = initialCursor !== undefined ? initialCursor : cursorAfter(feedPosts.at(-1));
  return { status: "ready", posts, cursor };
}

/** The first page, the linked post moved to the front (read on its own when not in it). */
async function loadFirstPage(initialPostId: number | null, feed: FeedChoice | undefined, read: { page: FetcherRead; post: FetcherRead }, signal: AbortSignal) {
  const page = await withBackoff(async () => readFeedPage(await read.page(gramsFeedUrl({ limit: FEED_FIRST_PAGE, feed }), signal)), { signal });
  let posts = page.posts;
  if (initialPostId !== null) {
    const target = posts.find((post) => post.id === initialPostId) ?? readPost(await read.post(postUrl(initialPostId), signal));
    if (target) posts = [target, ...posts.filter((post) => post.id !== target.id)];
  }
  return { posts, cursor: page.nextCursor };
}

/** The feed, `retry` after a failed first load and `updatePost` for one post's changes. */
export function useGramsFeed(options: GramsFeedOptions, active: number) {
  const { initialPostId, showAll, feed: feedChoice } = options;
  const [feed, setFeed] = useState<GramsFeed>(() => initialFeed(options));
  const [attempt, setAttempt] = useState(0);
  const readFirstPage = useFetcherRead();
  const readLinkedPost = useFetcherRead();
  const readMore = useFetcherRead();

  useEffect(() => {
    if (feed.status !== "loading") return;
    const controller = new AbortController();
    loadFirstPage(initialPostId, feedChoice, { page: readFirstPage, post: readLinkedPost }, controller.signal).then(
      ({ posts, cursor }) => {
        if (!controller.signal.aborted) setFeed({ status: "ready", posts: gramsPosts(posts, showAll, initialPostId), cursor });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Grams: could not load posts", error);
        setFeed((current) => ({ ...current, status: "error" }));
      },
    );
    return () => controller.abort();
  }, [feed.status, attempt, initialPostId, showAll, feedChoice, readFirstPage, readLinkedPost]);

  const retry = useCallback(() => {
    setFeed({ status: "loading", posts: [], cursor: null });
    setAttempt((n) => n + 1);
  }, []);

  // 10 more when the reader is within the last 3.
  const loadingMore = useRef(false);
  useEffect(() => {
    if (feed.status !== "ready" || !feed.cursor || loadingMore.current) return;
    if (active < feed.posts.length - FEED_LOAD_MORE_WITHIN) return;
    loadingMore.current = true;
    const cursor = feed.cursor;
    const exclude = feed.posts.map((post) => post.id);
    withBackoff(async () => readFeedPage(await readMore(gramsFeedUrl({ limit: FEED_PAGE, cursor, exclude, feed: feedChoice }))))
      .then((page) =>
        setFeed((current) =>
          current.status === "ready" ? { ...current, posts: gramsPosts([...current.posts, ...page.posts], showAll, initialPostId), cursor: page.nextCursor } : current,
        ),
      )
      .catch((error: unknown) => console.warn("Grams: could not load more posts", error))
      .finally(() => {
        loadingMore.current = false;
      });
  }, [active, feed, showAll, initialPostId, feedChoice, readMore]);

  const updatePost = useCallback((postId: number, change: (post: FeedPost) => FeedPost) => {
    setFeed((current) => ({ ...current, posts: current.posts.map((post) => (post.id === postId ? change(post) : post)) }));
  }, []);

  return { feed, retry, updatePost };
}
