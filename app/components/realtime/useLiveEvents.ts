// useLiveEvents: listen to the signed-in user's live events (Server-Sent Events from
// /api/stream, shared by the whole tab; reconnect 1 s, 2 s, 5 s, 10 s; polling after that).
//
//   const status = useLiveEvents({
//     message: ({ message, partner }) => ...,   // a message to or from me (dedupe by id)
//     read: ({ reader_id, partner_id }) => ...,
//     notification: ({ unread_count }) => ...,
//     reconnect: () => refetch(),               // after a break: fetch what was missed
//     poll: () => refetch(),                    // every 30 s while the stream is down
//   }, { enabled: Boolean(user) });
import { useEffect, useRef, useState } from "react";
import type { LiveEventData } from "~/lib/wire";
import { liveConnection, type LiveEventName, type LiveStatus } from "./live-connection";

export type { LiveEventData, LiveMessage, LiveUser } from "~/lib/wire";

export type LiveHandlers = {
  [K in LiveEventName]?: (data: LiveEventData[K]) => void;
} & {
  reconnect?: () => void;
  poll?: () => void;
};

export type { LiveStatus };

/** Subscribes while `enabled` (default true); returns the connection's status. */
export function useLiveEvents(handlers: LiveHandlers, options: { enabled?: boolean } = {}): LiveStatus {
  const enabled = options.enabled ?? true;
  const latest = useRef(handlers);
  latest.current = handlers;
  const [status, setStatus] = useState<LiveStatus>("idle");

  useEffect(() => {
    if (!enabled) {
      setStatus("idle");
      return;
    }
    return liveConnection().add({
      event: (type, data) => {
        const handler = latest.current[type] as ((value: unknown) => void) | undefined;
        handler?.(data);
      },
      status: setStatus,
      reconnect: () => latest.current.reconnect?.(),
      poll: () => latest.current.poll?.(),
    });
  }, [enabled]);

  return status;
}
