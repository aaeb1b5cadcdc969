// Live events for signed-in users: the publish/subscribe hub keyed by user id.
// GET /api/stream subscribes one listener per open browser tab; models publish after a
// change commits (a message sent, a notification created, a thread read).
//
// The hub sits behind a small transport interface (live-transport.server). On SQLite in one
// process it is the in-memory MemoryTransport; on SQLite in a server of several processes
// (WEB_CONCURRENCY, node:cluster) it is ClusterTransport (live-cluster.server), which hands
// each event to this process's listeners and through the primary to the others; on
// PostgreSQL, where several app instances may serve one database, it is PostgresTransport
// (live-postgres.server), with LISTEN/NOTIFY. Events are plain JSON for that reason.
import { databaseUrl } from "~/lib/server/database-url";
import { settings } from "~/lib/server/env.server";
import { inClusterWorker } from "~/lib/server/cluster-relay.server";
import { MemoryTransport, type LiveListener, type LiveTransport } from "~/lib/server/live-transport.server";
import { ClusterTransport } from "~/lib/server/live-cluster.server";
import { PostgresTransport } from "~/lib/server/live-postgres.server";
import type { LiveEvent } from "~/lib/wire";

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
