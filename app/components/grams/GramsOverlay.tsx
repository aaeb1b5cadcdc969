// Grams: the full-screen, vertical short-video style feed over the
// page. One post per screen with scroll snapping; the up/down buttons, ArrowUp/ArrowDown/
// PageUp/PageDown and the mouse wheel move one post, then moving is locked for 500 ms.
// Loads /api/feed?grams=1 (3 tries, 1 s then 2 s apart) unless the server already sent the
// posts, and 10 more when the reader is within the last 3. The Comments and Mods panels,
// the media viewer and the Follow Cars modal open over it; a tutorial bubble greets
// first-time visitors after 1 s.
import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "~/components/shell/focus";
import { ChevronDown, ChevronUp, ImageOff, RotateCw, Volume2, VolumeX, X } from "~/components/icons";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FollowCarsModal, type FollowableCar } from "~/components/follow/FollowCarsModal";
import { useOptionalUser } from "~/lib/user";
import { MediaViewer } from "~/components/media/MediaViewer";
import type { ViewerItem } from "~/components/media/viewer-items";
import { FEED_LOAD_MORE_WITHIN, GRAMS_NAV_LOCK } from "~/lib/constants";
import { isVideoItem } from "~/lib/media-types";
import type { FeedPost } from "~/models/feed.server";
import { GramsPanel, type GramsPanelKind } from "./GramsPanel";
import { GramsPost } from "./GramsPost";
import { GramsTutorial, useGramsTutorial } from "./GramsTutorial";
import { GRAMS_MESSAGES, cursorAfter, fetchGramsPage, fetchPost, gramsPosts, withRetries } from "./grams-feed";
import "./grams.css";

export type GramsOverlayProps = {
  /** Open at this post (shown first). */
  initialPostId?: number | null;
  onClose: () => void;
  /** Posts rendered on the server (the first page, the linked post first). */
  initialPosts?: FeedPost[];
  /** The feed cursor after `initialPosts` (computed from the last one when left out). */
  initialCursor?: string | null;
  /** The reader's show_all_grams_posts, for the client-side filter (lenient when unknown). */
  showAllPosts?: boolean;
  /** Where the close button goes without JavaScript. */
  closeHref?: string;
};

type FeedState =
  | { status: "loading"; posts: FeedPost[]; cursor: string | null }
  | { status: "error"; posts: FeedPost[]; cursor: string | null }
  | { status: "ready"; posts: FeedPost[]; cursor: string | null };

type ViewerState = { items: ViewerItem[]; index: number; label: string } | null;
type PanelState = { postId: number; kind: GramsPanelKind } | null;

/** Programmatic scrolls that never arrive (the reader took over) stop being awaited after this. */
const PROGRAMMATIC_SCROLL_MAX = 1200;
/** Wheel events closer together than this belong to one gesture (one move). */
const WHEEL_GESTURE_GAP = 200;
/** How far a wheel gesture must go before it counts (a resting finger on a trackpad does not). */
const WHEEL_MIN_TRAVEL = 24;

function initialState(props: GramsOverlayProps, showAll: boolean): FeedState {
  if (!props.initialPosts) return { status: "loading", posts: [], cursor: null };
  const posts = gramsPosts(props.initialPosts, showAll, props.initialPostId);
  const feedPosts = props.initialPosts.filter((post) => post.id !== props.initialPostId);
  const cursor = props.initialCursor !== undefined ? props.initialCursor : cursorAfter(feedPosts.at(-1));
  return { status: "ready", posts, cursor };
}

function reducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

export function GramsOverlay(props: GramsOverlayProps) {
  const { initialPostId = null, onClose, closeHref } = props;
  // Closing gives focus back to the control that opened Grams (there is no Dialog.Trigger).
  const returnFocus = useReturnFocus(true);
  const showAll = props.showAllPosts ?? true;
  const viewer = useOptionalUser();
  const [now] = useState(() => Date.now());
  const [feed, setFeed] = useState<FeedState>(() => initialState(props, showAll));
  const [attempt, setAttempt] = useState(0);
  const [active, setActive] = useState(0);
  const [muted, setMuted] = useState(true);
  const [viewerState, setViewerState] = useState<ViewerState>(null);
  const [panel, setPanel] = useState<PanelState>(null);
  const [followPostId, setFollowPostId] = useState<number | null>(null);
  const [followed, setFollowed] = useState<Record<number, boolean>>({});
  // Set once the overlay runs in the browser (keys and buttons work from then on).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const tutorial = useGramsTutorial(hydrated);

  const feedRef = useRef<HTMLDivElement>(null);
  const activeRef = useRef(0);
  const postsRef = useRef(feed.posts);
  postsRef.current = feed.posts;
  const lockUntil = useRef(0);
  const programmatic = useRef<{ index: number; until: number } | null>(null);
  const blocked = Boolean(viewerState || panel || followPostId !== null);
  const blockedRef = useRef(blocked);
  blockedRef.current = blocked;

  // ------------------------------------------------------------------ loading

  useEffect(() => {
    if (feed.status !== "loading") return;
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      try {
        const page = await withRetries(() => fetchGramsPage({ first: true }, signal), { signal });
        let posts = page.posts;
        if (initialPostId !== null) {
          const inPage = posts.find((post) => post.id === initialPostId);
          const target = inPage ?? (await fetchPost(initialPostId, signal));
          if (target) posts = [target, ...posts.filter((post) => post.id !== target.id)];
        }
        if (!signal.aborted) setFeed({ status: "ready", posts: gramsPosts(posts, showAll, initialPostId), cursor: page.nextCursor });
      } catch (error) {
        if (!signal.aborted) {
          console.warn("Grams: could not load posts", error);
          setFeed((current) => ({ ...current, status: "error" }));
        }
      }
    })();
    return () => controller.abort();
  }, [feed.status, attempt, initialPostId, showAll]);

  const retry = () => {
    setFeed({ status: "loading", posts: [], cursor: null });
    setAttempt((n) => n + 1);
  };

  // 10 more when the reader is within the last 3.
  const loadingMore = useRef(false);
  useEffect(() => {
    if (feed.status !== "ready" || !feed.cursor || loadingMore.current) return;
    if (active < feed.posts.length - FEED_LOAD_MORE_WITHIN) return;
    loadingMore.current = true;
    const cursor = feed.cursor;
    const exclude = feed.posts.map((post) => post.id);
    withRetries(() => fetchGramsPage({ first: false, cursor, exclude }))
      .then((page) =>
        setFeed((current) =>
          current.status === "ready"
            ? { ...current, posts: gramsPosts([...current.posts, ...page.posts], showAll, initialPostId), cursor: page.nextCursor }
            : current,
        ),
      )
      .catch((error) => console.warn("Grams: could not load more posts", error))
      .finally(() => {
        loadingMore.current = false;
      });
  }, [active, feed, showAll, initialPostId]);

  // ------------------------------------------------------------------ moving

  const move = useCallback((delta: number) => {
    const count = postsRef.current.length;
    const time = Date.now();
    if (count === 0 || time < lockUntil.current) return;
    const target = Math.max(0, Math.min(count - 1, activeRef.current + delta));
    if (target === activeRef.current) return;
    lockUntil.current = time + GRAMS_NAV_LOCK;
    programmatic.current = { index: target, until: time + PROGRAMMATIC_SCROLL_MAX };
    activeRef.current = target;
    setActive(target);
    const container = feedRef.current;
    const slide = container?.querySelector<HTMLElement>(`[data-index="${target}"]`);
    if (container && slide) container.scrollTo({ top: slide.offsetTop, behavior: reducedMotion() ? "auto" : "smooth" });
  }, []);

  // Swipes and scrolls: the post filling most of the screen is the current one.
  useEffect(() => {
    const container = feedRef.current;
    if (!container) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const height = container.clientHeight;
      if (height === 0) return;
      const index = Math.max(0, Math.min(postsRef.current.length - 1, Math.round(container.scrollTop / height)));
      const pending = programmatic.current;
      if (pending) {
        if (index === pending.index || Date.now() > pending.until) programmatic.current = null;
        else return;
      }
      if (index !== activeRef.current) {
        activeRef.current = index;
        lockUntil.current = Date.now() + GRAMS_NAV_LOCK;
        setActive(index);
      }
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    container.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      container.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [feed.status]);

  // The wheel moves one post per gesture (unless it is over something that scrolls itself).
  useEffect(() => {
    const container = feedRef.current;
    if (!container) return;
    let last = 0;
    let travel = 0;
    let moved = false;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      const scrollable = (event.target as Element | null)?.closest?.("[data-grams-scrollable]");
      if (scrollable && scrollable.scrollHeight > scrollable.clientHeight + 1) return;
      event.preventDefault();
      const time = Date.now();
      if (time - last > WHEEL_GESTURE_GAP) {
        travel = 0;
        moved = false;
      }
      last = time;
      travel += event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      if (!moved && Math.abs(travel) >= WHEEL_MIN_TRAVEL) {
        moved = true;
        move(travel > 0 ? 1 : -1);
      }
    };
    container.addEventListener("wheel", onWheel, { passive: false });
    return () => container.removeEventListener("wheel", onWheel);
  }, [move, feed.status]);

  // Keys, unless something over the feed has them.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (blockedRef.current || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.("input, textarea, select, [contenteditable='true'], [role='menu'], [role='listbox']")) return;
      if (event.key === "ArrowDown" || event.key === "PageDown") {
        event.preventDefault();
        move(1);
      } else if (event.key === "ArrowUp" || event.key === "PageUp") {
        event.preventDefault();
        move(-1);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [move]);

  // The page behind does not scroll while Grams is open.
  useEffect(() => {
    document.documentElement.classList.add("grams-open");
    return () => document.documentElement.classList.remove("grams-open");
  }, []);

  // ------------------------------------------------------------------ per-post actions

  const openViewer = useCallback((items: ViewerItem[], index: number, label: string) => setViewerState({ items, index, label }), []);
  const openPanel = useCallback((postId: number, kind: GramsPanelKind) => setPanel({ postId, kind }), []);
  const followSeveral = useCallback((postId: number) => setFollowPostId(postId), []);
  const updatePost = useCallback((postId: number, change: (post: FeedPost) => FeedPost) => {
    setFeed((current) => ({ ...current, posts: current.posts.map((post) => (post.id === postId ? change(post) : post)) }));
  }, []);
  const followChange = useCallback(
    (postId: number, following: boolean) => updatePost(postId, (post) => ({ ...post, is_followed_car: following })),
    [updatePost],
  );

  // A panel belongs to its post: moving on closes it.
  const activePost = feed.posts[active] ?? null;
  useEffect(() => {
    setPanel((current) => (current && current.postId !== activePost?.id ? null : current));
  }, [activePost?.id]);

  // Which of the several cars are already followed, for the modal.
  const followPost = feed.posts.find((post) => post.id === followPostId) ?? null;
  useEffect(() => {
    if (!followPost || !viewer) return;
    const controller = new AbortController();
    for (const { car_id: carId } of followPost.post_cars) {
      fetch(`/api/cars/${carId}/follow`, { headers: { Accept: "application/json" }, credentials: "same-origin", signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ following?: boolean }>) : null))
        .then((body) => {
          if (body && typeof body.following === "boolean") setFollowed((current) => ({ ...current, [carId]: body.following === true }));
        })
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [followPost, viewer]);
  const followCars: FollowableCar[] = useMemo(
    () => (followPost ? followPost.post_cars.map(({ car }) => ({ ...car, following: followed[car.id] === true })) : []),
    [followPost, followed],
  );

  const closeFollow = useCallback(() => setFollowPostId(null), []);
  const closeViewer = useCallback(() => setViewerState(null), []);
  const closePanel = useCallback(() => setPanel(null), []);

  const panelPost = panel ? feed.posts.find((post) => post.id === panel.postId) ?? null : null;
  const activeHasVideo = activePost ? activePost.photos.some((photo) => isVideoItem({ kind: photo.kind, url: photo.image_url })) : false;

  // ------------------------------------------------------------------ render

  const closeButton = closeHref ? (
    <a
      href={closeHref}
      className="grams__icon-btn grams__close"
      aria-label="Close Grams"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        onClose();
      }}
    >
      <X aria-hidden />
    </a>
  ) : (
    <button type="button" className="grams__icon-btn grams__close" aria-label="Close Grams" onClick={onClose}>
      <X aria-hidden />
    </button>
  );

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())} modal>
      <Dialog.Content
        className="grams"
        // Also named on the server, where Radix leaves the title reference out.
        aria-label={GRAMS_MESSAGES.title}
        aria-describedby={undefined}
        data-status={feed.status}
        data-ready={hydrated || undefined}
        // Radix turns pointer events off on <body> for modal layers and back on for this one a
        // render later; Grams fills the screen, so it takes them from the start.
        style={{ pointerEvents: "auto" }}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          feedRef.current?.focus({ preventScroll: true });
        }}
        onCloseAutoFocus={returnFocus}
        onEscapeKeyDown={(event) => {
          if (panel) {
            event.preventDefault();
            setPanel(null);
          } else if (tutorial.show) {
            event.preventDefault();
            tutorial.dismiss();
          }
        }}
        // Everything else on screen is part of Grams or a layer over it.
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <Dialog.Title className="visually-hidden">{GRAMS_MESSAGES.title}</Dialog.Title>

        <div className="grams__top">
          {closeButton}
          <span className="grams__brand" aria-hidden>
            {GRAMS_MESSAGES.title}
          </span>
          {activeHasVideo ? (
            <button
              type="button"
              className="grams__icon-btn"
              aria-label={muted ? "Unmute videos" : "Mute videos"}
              aria-pressed={!muted}
              onClick={() => setMuted((value) => !value)}
            >
              {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
            </button>
          ) : (
            <span className="grams__top-spacer" aria-hidden />
          )}
        </div>

        {feed.status === "loading" ? (
          <div className="grams__state" role="status">
            <span className="grams__spinner" aria-hidden />
            <p>{GRAMS_MESSAGES.loading}</p>
          </div>
        ) : feed.status === "error" ? (
          <div className="grams__state" role="alert">
            <span className="grams__state-icon" aria-hidden>
              <RotateCw />
            </span>
            <p>{GRAMS_MESSAGES.failed}</p>
            <button type="button" className="btn btn--primary" onClick={retry}>
              Try again
            </button>
          </div>
        ) : feed.posts.length === 0 ? (
          <div className="grams__state">
            <span className="grams__state-icon" aria-hidden>
              <ImageOff />
            </span>
            <p>{GRAMS_MESSAGES.empty}</p>
            <button type="button" className="btn btn--secondary" onClick={onClose}>
              Back to the feed
            </button>
          </div>
        ) : (
          <>
            <div className="grams__feed" ref={feedRef} tabIndex={-1} aria-label="Posts" role="feed">
              {feed.posts.map((post, index) => (
                <GramsPost
                  key={post.id}
                  post={post}
                  index={index}
                  active={index === active}
                  near={Math.abs(index - active) <= 1}
                  suspended={Boolean(viewerState)}
                  muted={muted}
                  signedIn={Boolean(viewer)}
                  now={now}
                  onOpenViewer={openViewer}
                  onOpenPanel={openPanel}
                  onFollowSeveral={followSeveral}
                  onFollowChange={followChange}
                />
              ))}
            </div>
            <div className="grams__nav">
              <button type="button" className="grams__icon-btn grams__nav-btn" aria-label="Previous post" disabled={active === 0} onClick={() => move(-1)}>
                <ChevronUp aria-hidden />
              </button>
              <button
                type="button"
                className="grams__icon-btn grams__nav-btn"
                aria-label="Next post"
                disabled={active >= feed.posts.length - 1}
                onClick={() => move(1)}
              >
                <ChevronDown aria-hidden />
              </button>
            </div>
          </>
        )}

        {panel && panelPost ? (
          <GramsPanel
            key={`${panel.kind}:${panel.postId}`}
            kind={panel.kind}
            post={panelPost}
            onClose={closePanel}
            onCommentCount={(count) => updatePost(panelPost.id, (post) => ({ ...post, counts: { ...post.counts, comments: count } }))}
          />
        ) : null}

        {tutorial.show ? <GramsTutorial onDismiss={tutorial.dismiss} /> : null}

        <MediaViewer
          items={viewerState?.items ?? []}
          index={viewerState?.index ?? 0}
          open={Boolean(viewerState)}
          onClose={closeViewer}
          label={viewerState?.label}
        />
        <FollowCarsModal
          cars={followCars}
          open={followPost !== null}
          onClose={closeFollow}
          onFollowed={(ids) => {
            setFollowed((current) => ({ ...current, ...Object.fromEntries(ids.map((id) => [id, true])) }));
            if (followPostId !== null) followChange(followPostId, true);
          }}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
