// The Server-Sent Events stream of GET /api/stream: a user's live events as they are
// published, with heartbeats, ended when the client leaves or the server shuts down.
import { subscribe } from "~/lib/server/live-hub.server";

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

// Open streams, so that a shutting-down server can end them: the server (server/graceful-stop.ts) answers
// SIGTERM with server.close(), which waits for every open connection, and an event stream never
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
    // The server (server/index.ts) has its own handler (a graceful close); without one, keep the default
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
