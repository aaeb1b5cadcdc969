// The home feed's list: the server's first page, then 10 more through a fetcher whenever
// the reader reaches the third-last card or any after it (IntersectionObserver), each load
// tried 3 times (1 s, then 2 s apart) before 'Failed to load posts' with a retry button.
// Skeleton cards stand in while a page loads. Without JavaScript a 'Load more' link renders
// the next page on the server.
import { Link } from "~/components/shell/Link";
import { CheckCircle2, ChevronDown, RotateCw, WifiOff } from "~/components/icons";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { PostCard, type PostCardViewer } from "~/components/post/PostCard";
import { useHydrated } from "~/lib/client/hydrated";
import type { FeedPost } from "~/lib/wire";
import { useFetcherRead } from "~/lib/client/fetcher-answer";
import { appendPosts, FEED_MESSAGES, feedPageUrl, loadMoreHref, readFeedPage, refreshPosts, removePost, triggerIndex } from "./feed-pages";
import { withBackoff } from "~/lib/client/retry";
import "./feed.css";

export type FeedListProps = {
  posts: FeedPost[];
  nextCursor: string | null;
  /** The server's clock when it rendered (relative times match on hydration). */
  now: number;
  viewer: PostCardViewer;
  /** The page these posts belong to ("" for the newest). */
  pageKey: string;
  /** Where plain forms come back to. */
  returnTo: string;
  /** The page's address ("/" by default), where 'Load more' and 'Back to the newest posts' go. */
  path?: string;
  /** What names the list on the page and in /api/feed (`feed`, `tag`): every later page reads the same list. */
  query?: Readonly<Record<string, string>>;
};

type Status = "idle" | "loading" | "error";

/** One more minute: relative times move on while the page is open. */
const CLOCK_TICK = 60_000;

export function PostSkeleton() {
  return (
    <div className="post-skeleton" aria-hidden data-testid="post-skeleton">
      <div className="post-skeleton__header">
        <span className="skeleton post-skeleton__avatar" />
        <span className="post-skeleton__lines">
          <span className="skeleton post-skeleton__line" style={{ width: "38%" }} />
          <span className="skeleton post-skeleton__line post-skeleton__line--thin" style={{ width: "62%" }} />
        </span>
      </div>
      <span className="skeleton post-skeleton__media" />
      <div className="post-skeleton__footer">
        <span className="skeleton post-skeleton__line" style={{ width: "44%" }} />
        <span className="skeleton post-skeleton__line post-skeleton__line--thin" style={{ width: "86%" }} />
      </div>
    </div>
  );
}

const NO_QUERY: Readonly<Record<string, string>> = {};

export function FeedList({ posts: initialPosts, nextCursor: initialCursor, now: serverNow, viewer, pageKey, returnTo, path = "/", query = NO_QUERY }: FeedListProps) {
  const hydrated = useHydrated();
  const [posts, setPosts] = useState(initialPosts);
  const [cursor, setCursor] = useState(initialCursor);
  const [status, setStatus] = useState<Status>("idle");
  const [now, setNow] = useState(serverNow);
  const loading = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const page = useRef(pageKey);
  const readPage = useFetcherRead();
  // The query as text: a new object with the same words is the same list.
  const queryText = new URLSearchParams(query).toString();
  const apiQuery = useMemo(() => Object.fromEntries(new URLSearchParams(queryText)), [queryText]);
  const newestHref = queryText ? `${path}?${queryText}` : path;

  // The loader answered again: a new page starts over; the same page refreshes in place.
  useEffect(() => {
    if (page.current !== pageKey) {
      page.current = pageKey;
      controller.current?.abort();
      loading.current = false;
      setPosts(initialPosts);
      setCursor(initialCursor);
      setStatus("idle");
      return;
    }
    setPosts((current) => refreshPosts(current, initialPosts));
  }, [initialPosts, initialCursor, pageKey]);

  // Relative times: the server's moment for hydration, then the real clock. Each tick
  // re-renders every card, so it renders as a transition, in slices, never blocking a tap.
  useEffect(() => {
    const tick = () => startTransition(() => setNow(Date.now()));
    tick();
    const timer = setInterval(tick, CLOCK_TICK);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => () => controller.current?.abort(), []);

  const loadMore = useCallback(async () => {
    if (loading.current || !cursor) return;
    loading.current = true;
    setStatus("loading");
    const abort = new AbortController();
    controller.current = abort;
    try {
      const next = await withBackoff(async () => readFeedPage(await readPage(feedPageUrl({ cursor, query: apiQuery }), abort.signal)), { signal: abort.signal });
      if (abort.signal.aborted) return;
      setPosts((current) => appendPosts(current, next.posts));
      setCursor(next.nextCursor);
      setStatus("idle");
    } catch (error) {
      if (abort.signal.aborted) return;
      console.warn("Could not load more posts", error);
      setStatus("error");
    } finally {
      if (controller.current === abort) loading.current = false;
    }
  }, [cursor, readPage, apiQuery]);

  // Watch the third-last card and every card after it: when one shows, fetch the next page.
  // Watching them all catches a reader who jumps past the third-last (End, a fling).
  const trigger = triggerIndex(posts.length);
  const triggerId = posts[trigger]?.id;
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!hydrated || !cursor || status !== "idle" || triggerId === undefined) return;
    const cards = Array.from(listRef.current?.querySelectorAll("[data-feed-post]") ?? []);
    const from = cards.findIndex((card) => card.getAttribute("data-feed-post") === String(triggerId));
    if (from < 0 || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void loadMore();
        }
      },
      { rootMargin: "200px 0px" },
    );
    for (const card of cards.slice(from)) observer.observe(card);
    return () => observer.disconnect();
  }, [hydrated, cursor, status, triggerId, loadMore]);

  const onDeleted = useCallback((postId: number) => setPosts((current) => removePost(current, postId)), []);

  return (
    <div className="feed" data-testid="feed" data-hydrated={hydrated || undefined}>
      <ol className="feed__list" ref={listRef} aria-label="Posts">
        {posts.map((post, index) => (
          <li key={post.id} className="feed__item" data-feed-post={post.id}>
            <PostCard post={post} now={now} viewer={viewer} priority={index === 0} returnTo={returnTo} afterDelete={returnTo} onDeleted={onDeleted} />
          </li>
        ))}
      </ol>

      {status === "loading" ? (
        <div className="feed__loading" role="status" aria-label="Loading more posts">
          <PostSkeleton />
          <PostSkeleton />
        </div>
      ) : null}

      {status === "error" ? (
        <div className="feed__error" role="alert" data-testid="feed-error">
          <WifiOff aria-hidden className="feed__error-icon" />
          <p className="feed__error-text">{FEED_MESSAGES.failed}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void loadMore()}>
            <RotateCw aria-hidden size={18} /> {FEED_MESSAGES.retry}
          </button>
        </div>
      ) : null}

      {cursor && !hydrated ? (
        <div className="feed__more">
          <a href={loadMoreHref(cursor, path, query)} className="btn btn--secondary feed__more-link" data-testid="load-more">
            <ChevronDown aria-hidden size={18} /> {FEED_MESSAGES.loadMore}
          </a>
        </div>
      ) : null}

      {!cursor && posts.length > 0 ? (
        <div className="feed__end" data-testid="feed-end">
          <CheckCircle2 aria-hidden className="feed__end-icon" />
          <p>{FEED_MESSAGES.end}</p>
          {pageKey ? (
            <Link to={newestHref} className="feed__end-link">
              {FEED_MESSAGES.newest}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
