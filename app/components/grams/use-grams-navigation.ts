// Moving through Grams one post at a time: the up/down buttons, ArrowUp/ArrowDown/PageUp/
// PageDown and one wheel gesture move one post, then moving is locked for 500 ms; a swipe
// or scroll makes the post filling most of the screen the current one.
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { GRAMS_NAV_LOCK } from "~/lib/constants";

/** Programmatic scrolls that never arrive (the reader took over) stop being awaited after this. */
const PROGRAMMATIC_SCROLL_MAX = 1200;
/** Wheel events closer together than this belong to one gesture (one move). */
const WHEEL_GESTURE_GAP = 200;
/** How far a wheel gesture must go before it counts (a resting finger on a trackpad does not). */
const WHEEL_MIN_TRAVEL = 24;
/** Keys in these belong to them, not to Grams. */
const OWN_KEYS = "input, textarea, select, [contenteditable='true'], [role='menu'], [role='listbox']";

type Pending = { index: number; until: number } | null;

function reducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

export type GramsNavigation = {
  /** Moves `delta` posts (clamped), unless moving is locked. */
  move: (delta: number) => void;
  /** The scrolling list of posts. */
  feedRef: RefObject<HTMLDivElement>;
};

/**
 * `count` posts in a list shown when `shown`; `blocked` while a layer over the feed (a
 * panel, the viewer, a modal) has the keys. The current post's index (from 0) goes to
 * `setActive`, which only this hook calls.
 */
export function useGramsNavigation(count: number, shown: boolean, blocked: boolean, setActive: (index: number) => void): GramsNavigation {
  const feedRef = useRef<HTMLDivElement>(null);
  const activeRef = useRef(0);
  const countRef = useRef(count);
  countRef.current = count;
  const lockUntil = useRef(0);
  const programmatic = useRef<Pending>(null);

  const move = useCallback(
    (delta: number) => {
      const time = Date.now();
      if (countRef.current === 0 || time < lockUntil.current) return;
      const target = Math.max(0, Math.min(countRef.current - 1, activeRef.current + delta));
      if (target === activeRef.current) return;
      lockUntil.current = time + GRAMS_NAV_LOCK;
      programmatic.current = { index: target, until: time + PROGRAMMATIC_SCROLL_MAX };
      activeRef.current = target;
      setActive(target);
      const container = feedRef.current;
      const slide = container?.querySelector<HTMLElement>(`[data-index="${target}"]`);
      if (container && slide) container.scrollTo({ top: slide.offsetTop, behavior: reducedMotion() ? "auto" : "smooth" });
    },
    [setActive],
  );

  const settle = useCallback(
    (index: number) => {
      if (index === activeRef.current) return;
      activeRef.current = index;
      lockUntil.current = Date.now() + GRAMS_NAV_LOCK;
      setActive(index);
    },
    [setActive],
  );

  useScrolledTo(feedRef, shown, countRef, programmatic, settle);
  useWheelMoves(feedRef, shown, move);
  useKeyMoves(blocked, move);
  return { move, feedRef };
}

/** Swipes and scrolls: the post filling most of the screen becomes the current one. */
function useScrolledTo(
  feedRef: RefObject<HTMLDivElement>,
  shown: boolean,
  countRef: RefObject<number>,
  programmatic: { current: Pending },
  settle: (index: number) => void,
) {
  useEffect(() => {
    const container = feedRef.current;
    if (!shown || !container) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const height = container.clientHeight;
      if (height === 0) return;
      const index = Math.max(0, Math.min((countRef.current ?? 0) - 1, Math.round(container.scrollTop / height)));
      const pending = programmatic.current;
      if (pending) {
        if (index === pending.index || Date.now() > pending.until) programmatic.current = null;
        else return;
      }
      settle(index);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    container.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      container.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [feedRef, shown, countRef, programmatic, settle]);
}

/** The wheel moves one post per gesture (unless it is over something that scrolls itself). */
function useWheelMoves(feedRef: RefObject<HTMLDivElement>, shown: boolean, move: (delta: number) => void) {
  useEffect(() => {
    const container = feedRef.current;
    if (!shown || !container) return;
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
  }, [feedRef, shown, move]);
}

/** Keys, unless something over the feed has them. */
function useKeyMoves(blocked: boolean, move: (delta: number) => void) {
  useEffect(() => {
    if (blocked) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.target as HTMLElement | null)?.closest?.(OWN_KEYS)) return;
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
  }, [blocked, move]);
}
