// useUnreadCount: the number of unread messages for the header badge. Polled every 30 s
// (5 s time-out, one retry after 2 s on a network failure), refreshed at once when a
// message arrives or a conversation is read (live events), and when the tab comes back.
import { useCallback, useEffect, useRef, useState } from "react";
import { COUNT_POLL } from "~/lib/constants";
import { fetchUnreadCount } from "./unread-count";
import { useLiveEvents } from "./useLiveEvents";

export function useUnreadCount(options: { enabled?: boolean; initial?: number; interval?: number } = {}): {
  count: number;
  refresh: () => void;
} {
  const enabled = options.enabled ?? true;
  const interval = options.interval ?? COUNT_POLL;
  const [count, setCount] = useState(options.initial ?? 0);
  const inflight = useRef<AbortController | null>(null);
  const soon = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = useCallback(() => {
    if (!enabled) return;
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    fetchUnreadCount({ signal: controller.signal }).then((value) => {
      if (!controller.signal.aborted) setCount(value);
    });
  }, [enabled]);

  // Several events in a burst make one request.
  const refreshSoon = useCallback(() => {
    if (soon.current) clearTimeout(soon.current);
    soon.current = setTimeout(refresh, 250);
  }, [refresh]);

  useEffect(() => {
    if (!enabled) {
      setCount(0);
      return;
    }
    refresh();
    const timer = setInterval(refresh, interval);
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      inflight.current?.abort();
      if (soon.current) clearTimeout(soon.current);
    };
  }, [enabled, interval, refresh]);

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

  return { count, refresh };
}
