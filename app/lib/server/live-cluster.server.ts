// Live events across the processes of one server (node:cluster, WEB_CONCURRENCY): every event
// also goes to the sibling processes through the primary (cluster-relay.server).
import { onSiblingMessage, sendToSiblings } from "~/lib/server/cluster-relay.server";
import { MemoryTransport, type LiveListener, type LiveTransport } from "~/lib/server/live-transport.server";
import type { LiveEvent } from "~/lib/wire";

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
