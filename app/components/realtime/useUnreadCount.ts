// useUnreadCount: the number of unread messages for the header badge. Polled every 30 s
// (5 s time-out, one retry after 2 s on a network failure), refreshed at once when a
// message arrives or a conversation is read (live events), and when the tab comes back.
// The badge appears in the header, the sidebar and the bottom bar: they all share one
// poll per tab through the small store below.
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { COUNT_POLL } from "~/lib/constants";
import { fetchUnreadCount } from "./unread-count";
import { useLiveEvents } from "./useLiveEvents";

const listeners = new Set<() => void>();
let count = 0;
let timer: ReturnType<typeof setInterval> | null = null;
let soon: ReturnType<typeof setTimeout> | null = null;
let inflight: AbortController | null = null;

function setCount(value: number) {
  if (value === count) return;
  count = value;
  for (const listener of listeners) listener();
}

function refresh() {
  inflight?.abort();
  const controller = new AbortController();
  inflight = controller;
  fetchUnreadCount({ signal: controller.signal }).then((value) => {
    if (!controller.signal.aborted) setCount(value);
  });
}

// Several events in a burst (and several badges hearing the same event) make one request.
function refreshSoon() {
  if (soon) clearTimeout(soon);
  soon = setTimeout(refresh, 250);
}

function onVisible() {
  if (document.visibilityState === "visible") refresh();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    refresh();
    timer = setInterval(refresh, COUNT_POLL);
    document.addEventListener("visibilitychange", onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    if (timer) clearInterval(timer);
    if (soon) clearTimeout(soon);
    document.removeEventListener("visibilitychange", onVisible);
    inflight?.abort();
    timer = soon = inflight = null;
  };
}

const noop = () => () => {};

export function useUnreadCount(options: { enabled?: boolean; initial?: number } = {}): {
  count: number;
  refresh: () => void;
} {
  const enabled = options.enabled ?? true;
  const initial = options.initial ?? 0;
  const value = useSyncExternalStore(
    enabled ? subscribe : noop,
    () => (enabled ? count : 0),
    () => initial,
  );

  // Signing out (or a stream that says the session ended) empties the badge.
  useEffect(() => {
    if (!enabled) setCount(0);
  }, [enabled]);

  useLiveEvents(
    {
      message: ({ message }) => {
        if (!message.from_me) refreshSoon();
      },
      read: refreshSoon,
      reconnect: refreshSoon,
      session: () => setCount(0),
    },
    { enabled },
  );

  return { count: value, refresh: useCallback(refresh, []) };
}
