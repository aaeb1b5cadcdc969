// What carries live events between the publishers and the open streams: the transport
// interface, and MemoryTransport, the listeners of one process keyed by user id.
import type { LiveEvent } from "~/lib/wire";

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
