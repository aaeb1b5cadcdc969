// Live events for signed-in users: a publish/subscribe hub keyed by user id.
// GET /api/stream subscribes one listener per open browser tab; models publish after a
// change commits (a message sent, a notification created, a thread read).
//
// The hub sits behind a small transport interface. On SQLite in one process it is the
// in-memory MemoryTransport. On SQLite in a server of several processes (WEB_CONCURRENCY,
// node:cluster) it is ClusterTransport: publish() hands the event to this process's own
// listeners and sends it to the other processes through the primary (cluster-relay.server).
// On PostgreSQL, where several app instances may serve one
// database, it is PostgresTransport: publish() hands the event to this process's own
// listeners at once and sends it to the others with NOTIFY on the `live_events` channel;
// one dedicated LISTEN connection per process (reconnecting by itself) hands what other
// processes sent to the local listeners. Events are plain JSON for that reason. NOTIFY
// payloads stop at 8,000 bytes: longer events travel in numbered parts and are put back
// together on arrival.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { databaseUrl } from "~/lib/server/database-url";
import { settings } from "~/lib/server/env.server";
import { inClusterWorker, onSiblingMessage, sendToSiblings } from "~/lib/server/cluster-relay.server";
import type { LiveEvent } from "~/lib/wire";

// The events' shapes are the browser's too: declared in lib/wire.ts.
export type { LiveEvent, LiveEventType, LiveMessage, LiveUser } from "~/lib/wire";
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

// ------------------------------------------------------------------ processes of one server

const CLUSTER_TOPIC = "live-event";

/**
 * Events across the processes of one server (node:cluster): local listeners live in a
 * MemoryTransport; every event published here also goes to the sibling processes through the
 * primary, which hands it to their listeners. The IPC channel keeps one sender's order.
 */
export class ClusterTransport implements LiveTransport {
  private readonly local = new MemoryTransport();
  private readonly stopListening: () => void;

  constructor() {
    this.stopListening = onSiblingMessage(CLUSTER_TOPIC, (body) => {
      const { u, e } = body as { u: number; e: LiveEvent };
      if (Number.isSafeInteger(u) && e && typeof e.type === "string") this.local.publish(u, e);
    });
  }

  publish(userId: number, event: LiveEvent): void {
    this.local.publish(userId, event);
    sendToSiblings(CLUSTER_TOPIC, { u: userId, e: event });
  }

  subscribe(userId: number, listener: LiveListener): () => void {
    return this.local.subscribe(userId, listener);
  }

  /** At least 1: a sibling process may hold the user's streams, and only it knows. */
  listenerCount(userId: number): number {
    return Math.max(1, this.local.listenerCount(userId));
  }

  /** Stops receiving the siblings' events (tests). */
  stop(): void {
    this.stopListening();
  }
}

// ------------------------------------------------------------------ PostgreSQL LISTEN/NOTIFY

export const LIVE_CHANNEL = "live_events";
/** The application_name of the LISTEN connection (visible in pg_stat_activity). */
export const LIVE_APPLICATION_NAME = "carsocial-live-events";
/** NOTIFY refuses payloads of 8,000 bytes or more; stay well below. */
const MAX_PAYLOAD_BYTES = 7000;
/** Characters per part of a long event: at most 4 bytes each in UTF-8. */
const PART_CHARS = 1700;
/** Events waiting while the connection is down (live events are best effort beyond that). */
const MAX_QUEUE = 1000;
/** Parts of an event that never completed are forgotten after this long. */
const PARTIAL_TTL_MS = 30_000;

type Envelope = { o: string; u: number; e: LiveEvent };

/** The NOTIFY payloads of one event: its JSON, or numbered parts `#<id>:<i>:<n>:<text>`. */
export function encodePayloads(envelope: Envelope): string[] {
  const json = JSON.stringify(envelope);
  if (Buffer.byteLength(json) <= MAX_PAYLOAD_BYTES) return [json];
  const pieces: string[] = [];
  for (let start = 0; start < json.length;) {
    let end = Math.min(json.length, start + PART_CHARS);
    // Never split a surrogate pair (an emoji) between two parts.
    if (end < json.length && /[\uD800-\uDBFF]/.test(json[end - 1])) end -= 1;
    pieces.push(json.slice(start, end));
    start = end;
  }
  const id = randomUUID();
  return pieces.map((piece, index) => `#${id}:${index}:${pieces.length}:${piece}`);
}

/** Puts numbered parts back together; null until an event is complete. */
export class PayloadAssembler {
  private readonly partial = new Map<string, { parts: string[]; got: number; at: number }>();

  accept(payload: string, now = Date.now()): Envelope | null {
    if (!payload.startsWith("#")) return JSON.parse(payload) as Envelope;
    const match = /^#([^:]+):(\d+):(\d+):/.exec(payload);
    if (!match) return null;
    const [head, id, indexText, totalText] = match;
    const index = Number(indexText);
    const total = Number(totalText);
    for (const [key, entry] of this.partial) if (now - entry.at > PARTIAL_TTL_MS) this.partial.delete(key);
    let entry = this.partial.get(id);
    if (!entry) {
      entry = { parts: new Array<string>(total), got: 0, at: now };
      this.partial.set(id, entry);
    }
    if (entry.parts[index] === undefined) entry.got += 1;
    entry.parts[index] = payload.slice(head.length);
    if (entry.got < total) return null;
    this.partial.delete(id);
    return JSON.parse(entry.parts.join("")) as Envelope;
  }
}

/**
 * Events across processes through PostgreSQL. Local listeners live in a MemoryTransport;
 * one pg client per process LISTENs (and sends the NOTIFYs, in order), reconnecting after
 * 0.5 s, 1 s, 2 s, 5 s when the connection drops. Events published while it is down wait
 * in a queue; events other processes sent meanwhile are missed (streams are best effort:
 * the pages also poll).
 */
export class PostgresTransport implements LiveTransport {
  private readonly local = new MemoryTransport();
  private readonly origin = randomUUID();
  private readonly assembler = new PayloadAssembler();
  private readonly queue: string[] = [];
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private sending = false;
  private stopped = false;

  constructor(private readonly url: string) {
    this.connect();
  }

  /** Resolves once the LISTEN connection is up (for tests and start-up checks). */
  async ready(): Promise<void> {
    while (!this.client && !this.stopped) {
      this.connect();
      await (this.connecting ?? new Promise((resolve) => setTimeout(resolve, 100)));
    }
  }

  get connected(): boolean {
    return this.client !== null;
  }

  private connect(): void {
    if (this.stopped || this.client || this.connecting) return;
    clearTimeout(this.retryTimer);
    const client = new pg.Client({ connectionString: this.url, application_name: LIVE_APPLICATION_NAME });
    this.connecting = (async () => {
      try {
        client.on("error", (error) => this.dropped(client, error));
        client.on("end", () => this.dropped(client));
        client.on("notification", (message) => {
          if (message.channel === LIVE_CHANNEL && message.payload) this.received(message.payload);
        });
        await client.connect();
        await client.query(`LISTEN ${LIVE_CHANNEL}`);
        if (this.stopped) {
          await client.end().catch(() => {});
          return;
        }
        // The connection must not keep a finished process (a test run, a script) alive.
        (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
        this.client = client;
        this.failures = 0;
        void this.flush();
      } catch (error) {
        client.end().catch(() => {});
        this.retry(error);
      } finally {
        this.connecting = null;
      }
    })();
  }

  private dropped(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.retry(error);
  }

  private retry(error?: unknown): void {
    if (this.stopped) return;
    const delays = [500, 1000, 2000, 5000];
    const delay = delays[Math.min(this.failures, delays.length - 1)];
    this.failures += 1;
    if (this.failures === 1 || this.failures % 20 === 0) {
      console.error(`live events: PostgreSQL connection lost, retrying in ${delay} ms`, error instanceof Error ? error.message : "");
    }
    this.retryTimer = setTimeout(() => this.connect(), delay);
    (this.retryTimer as { unref?: () => void }).unref?.();
  }

  private received(payload: string): void {
    let envelope: Envelope | null;
    try {
      envelope = this.assembler.accept(payload);
    } catch (error) {
      console.error("live events: unreadable notification", error);
      return;
    }
    // Our own events reached our listeners when they were published.
    if (!envelope || envelope.o === this.origin) return;
    this.local.publish(envelope.u, envelope.e);
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.queue.length > 0 && this.client && !this.stopped) {
        try {
          await this.client.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, this.queue[0]]);
          this.queue.shift();
        } catch (error) {
          // A broken connection: the payload stays queued for the next one. A refused
          // payload (it cannot succeed later) is dropped.
          const sqlState = (error as { code?: unknown }).code;
          if (this.client && typeof sqlState === "string" && /^[0-9A-Z]{5}$/.test(sqlState)) this.queue.shift();
          else break;
          console.error("live events: NOTIFY failed", error);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  publish(userId: number, event: LiveEvent): void {
    this.local.publish(userId, event);
    if (this.stopped) return;
    this.queue.push(...encodePayloads({ o: this.origin, u: userId, e: event }));
    if (this.queue.length > MAX_QUEUE) this.queue.splice(0, this.queue.length - MAX_QUEUE);
    if (this.client) void this.flush();
    else this.connect();
  }

  subscribe(userId: number, listener: LiveListener): () => void {
    this.connect();
    return this.local.subscribe(userId, listener);
  }

  /**
   * At least 1: another instance may hold the user's streams, and only it knows. Work
   * skipped for offline users (the unread count sent with a notification) is done anyway.
   */
  listenerCount(userId: number): number {
    return Math.max(1, this.local.listenerCount(userId));
  }

  /** Closes the connection for good (tests, shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

// Kept on globalThis so that development rebuilds, which load the server bundle again,
// still share one hub with the streams already open.
const globalHub = globalThis as unknown as { __liveTransport?: LiveTransport; __livePostgres?: PostgresTransport };

function isPostgresUrl(url: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(url.trim());
}

/**
 * The default transport: PostgreSQL's when DATABASE_URL is a postgres:// URL (it reaches every
 * process of every instance); else the cluster relay in a multi-process server; else in memory.
 */
function defaultTransport(): LiveTransport {
  const url = databaseUrl();
  if (!isPostgresUrl(url)) return inClusterWorker() ? new ClusterTransport() : new MemoryTransport();
  // LISTEN needs a session of its own: through a transaction pooler, the server's own address.
  return (globalHub.__livePostgres ??= new PostgresTransport(settings().DATABASE_LISTEN_URL ?? url));
}

function transport(): LiveTransport {
  return (globalHub.__liveTransport ??= defaultTransport());
}

// On PostgreSQL, LISTEN from the start: events sent by other instances before this one's
// first stream opens would otherwise be missed. Likewise a cluster worker listens to its
// siblings from the start.
if (isPostgresUrl(databaseUrl()) || inClusterWorker()) transport();

/** The PostgreSQL transport of this process, if one was started (for tests and shutdown). */
export function postgresTransport(): PostgresTransport | undefined {
  return globalHub.__livePostgres;
}

/** Closes this process's LISTEN connection, if any. */
export async function stopLiveTransport(): Promise<void> {
  const pgTransport = globalHub.__livePostgres;
  globalHub.__livePostgres = undefined;
  if (globalHub.__liveTransport === pgTransport) globalHub.__liveTransport = undefined;
  await pgTransport?.stop();
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
