// Live events for signed-in users: an in-process publish/subscribe hub keyed by user id.
// GET /api/stream subscribes one listener per open browser tab; models publish after a
// change commits (a message sent, a notification created, a thread read).
//
// The hub sits behind a small transport interface so that, when one process is no longer
// enough, a PostgreSQL LISTEN/NOTIFY transport can replace the in-memory one without
// touching callers: its publish() would `NOTIFY live_events, '<json>'` and one LISTEN
// connection per process would hand each notification to a local MemoryTransport.
// Events are plain JSON for that reason. (NOTIFY payloads stop at 8,000 bytes: a transport
// over it should send ids and let the stream fetch the rest.)

export type LiveUser = { id: number; username: string; nickname: string | null; profileImage: string | null };

export type LiveMessage = {
  id: number;
  content: string;
  created_at: string;
  from_me: boolean;
  sender_id: number;
  recipient_id: number;
  read_at: string | null;
};

export type LiveEvent =
  /** A message to or from the user; `partner` is the other person of the conversation. */
  | { type: "message"; data: { message: LiveMessage; partner: LiveUser } }
  /** Something changed in the user's notifications (created or read). */
  | { type: "notification"; data: { unread_count?: number } }
  /** Messages of a conversation were read: by the user (another tab) or by the partner. */
  | { type: "read"; data: { reader_id: number; partner_id: number; read_at: string } }
  /** The user's sessions ended (suspended): streams send this, then close. */
  | { type: "session"; data: { reason: "suspended" | "signed_out" } };

export type LiveEventType = LiveEvent["type"];
export type LiveListener = (event: LiveEvent) => void;

export interface LiveTransport {
  publish(userId: number, event: LiveEvent): void;
  subscribe(userId: number, listener: LiveListener): () => void;
  /** How many listeners this process holds for the user (0 when none are here). */
  listenerCount(userId: number): number;
}

/** One process: a map of user id to listeners. */
export class MemoryTransport implements LiveTransport {
  private readonly listeners = new Map<number, Set<LiveListener>>();

  publish(userId: number, event: LiveEvent): void {
    const set = this.listeners.get(userId);
    if (!set) return;
    // A copy: a listener may unsubscribe itself while we iterate.
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        console.error("live event listener failed", error);
      }
    }
  }

  subscribe(userId: number, listener: LiveListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.listeners.get(userId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(userId);
    };
  }

  listenerCount(userId: number): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  /** Users with at least one listener (for diagnostics and tests). */
  get size(): number {
    return this.listeners.size;
  }
}

// Kept on globalThis so that development rebuilds, which load the server bundle again,
// still share one hub with the streams already open.
const globalHub = globalThis as unknown as { __liveTransport?: LiveTransport };

function transport(): LiveTransport {
  return (globalHub.__liveTransport ??= new MemoryTransport());
}

/** Replaces the transport (a LISTEN/NOTIFY one, or a fresh MemoryTransport in tests). */
export function setLiveTransport(next: LiveTransport): void {
  globalHub.__liveTransport = next;
}

/** Sends `event` to every open stream of `userId`. Never throws. */
export function publish(userId: number, event: LiveEvent): void {
  try {
    transport().publish(userId, event);
  } catch (error) {
    console.error("live event publish failed", error);
  }
}

/** Listens to the events of `userId`; returns the function that stops listening. */
export function subscribe(userId: number, listener: LiveListener): () => void {
  return transport().subscribe(userId, listener);
}

/** Whether anyone is listening for `userId` here (skip work for users who are offline). */
export function hasListeners(userId: number): boolean {
  return transport().listenerCount(userId) > 0;
}

/**
 * Tells `userId`'s open tabs that their notifications changed (one was created or read),
 * so the bell refreshes at once instead of at its next poll. Call it after the change
 * is committed; pass the new unread count when you have it.
 */
export function publishNotification(userId: number, data: { unread_count?: number } = {}): void {
  publish(userId, { type: "notification", data });
}

// ------------------------------------------------------------------ the SSE stream

/** One Server-Sent Event: `event:` name and a JSON `data:` line (JSON never holds a raw newline). */
export function formatSse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export type LiveStreamOptions = {
  userId: number;
  /** Aborted when the client goes away (Remix passes the request's signal). */
  signal: AbortSignal;
  /** Comment lines keep proxies and the browser from timing the stream out. */
  heartbeatMs: number;
  /** How long the browser waits before reconnecting by itself (the `retry:` field). */
  retryMs: number;
  /** Checked at every heartbeat: false (signed out, suspended) ends the stream. */
  isAlive?: () => Promise<boolean>;
};

// Open streams, so that a shutting-down server can end them: remix-serve answers SIGTERM
// with server.close(), which waits for every open connection, and an event stream never
// ends by itself. Ending them lets the old process exit and the browsers reconnect to
// the new one.
const globalStreams = globalThis as unknown as {
  __liveStreams?: Set<() => void>;
  __liveShutdownHooked?: boolean;
  __liveShuttingDown?: boolean;
};
const openStreams = (globalStreams.__liveStreams ??= new Set());

/** Ends every open stream of this process (the browsers reconnect). */
export function closeAllStreams(): number {
  const closers = [...openStreams];
  for (const close of closers) close();
  return closers.length;
}

function hookShutdown() {
  if (globalStreams.__liveShutdownHooked || typeof process === "undefined" || !process.once) return;
  globalStreams.__liveShutdownHooked = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    // remix-serve has its own handler (a graceful close); without one, keep the default
    // (exit) by raising the signal again once the streams are ended.
    const handledElsewhere = process.listenerCount(signal) > 0;
    process.once(signal, () => {
      // A browser may still reach this process over a kept-alive connection: streams
      // opened from now on end at once, so nobody stays attached to a dying server.
      globalStreams.__liveShuttingDown = true;
      closeAllStreams();
      if (!handledElsewhere) process.kill(process.pid, signal);
    });
  }
}

/** Whether this process received SIGTERM/SIGINT (it is going away: send clients elsewhere). */
export function isShuttingDown(): boolean {
  return globalStreams.__liveShuttingDown === true;
}

/** How many streams this process holds open. */
export function openStreamCount(): number {
  return openStreams.size;
}

/**
 * The body of GET /api/stream: `retry:`, a `ready` event, then every live event of the
 * user as it is published, and a heartbeat comment every `heartbeatMs`. Everything is
 * released when the client disconnects, the reader cancels, or the session ends.
 */
export function liveEventStream(options: LiveStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let unsubscribe = () => {};

      const close = () => {
        if (closed) return;
        closed = true;
        openStreams.delete(close);
        if (heartbeat) clearInterval(heartbeat);
        unsubscribe();
        options.signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // already closed or errored by the consumer
        }
      };
      stop = close;

      const send = (chunk: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          close();
          return;
        }
        // A reader that stopped reading (a stuck client) must not hold memory forever.
        if ((controller.desiredSize ?? 0) < -512) close();
      };

      if (options.signal.aborted || globalStreams.__liveShuttingDown) {
        close();
        return;
      }
      options.signal.addEventListener("abort", close, { once: true });
      openStreams.add(close);
      hookShutdown();

      send(`retry: ${options.retryMs}\n\n`);
      send(formatSse("ready", { user_id: options.userId, heartbeat_ms: options.heartbeatMs }));
      unsubscribe = subscribe(options.userId, (event) => {
        send(formatSse(event.type, event.data));
        if (event.type === "session") close();
      });
      heartbeat = setInterval(() => {
        send(`: heartbeat\n\n`);
        if (!options.isAlive || closed) return;
        options.isAlive().then(
          (alive) => {
            if (alive) return;
            send(formatSse("session", { reason: "signed_out" }));
            close();
          },
          () => {
            // A failed check (database busy) is not a reason to drop the user.
          },
        );
      }, options.heartbeatMs);
      // Never keep a process alive just for a heartbeat.
      (heartbeat as { unref?: () => void }).unref?.();
    },
    cancel() {
      stop();
    },
  });
}
