// Live events across app instances through PostgreSQL: NOTIFY on the `live_events` channel,
// and one dedicated LISTEN connection per process, reconnecting by itself. NOTIFY payloads
// stop at 8,000 bytes: longer events travel in numbered parts, put back together on arrival.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { MemoryTransport, type LiveListener, type LiveTransport } from "~/lib/server/live-transport.server";
import type { LiveEvent } from "~/lib/wire";

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
