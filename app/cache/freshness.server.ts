// Whether a kept answer still shows the data as it is. Every answer is kept with the stamp of
// the moment it was read at and the keys of what it shows (data-keys.ts). A stamp counts this
// process's looks at the database: each time the data version has moved since the last look,
// the keys the commits in between named (change-log.server.ts) are marked changed at a new
// stamp. An answer holds while nothing it shows was marked after its stamp:
// - "*" (or changes that cannot be told) ends every answer;
// - an answer that names its keys ends when one of them is marked;
// - one that names none (null) ends at any change the log records.
// A stamp is taken before the answer's data is read, so a commit made while it is read is
// marked at a later stamp, and ends it.
import { EVERYTHING } from "./data-keys";
import type { ChangeSource, DataVersion } from "./data-version.server";

export type Stamp = number;

export type Freshness = {
  /** The stamp of this moment, after taking in every commit so far; null when nothing can be kept. */
  now(): Promise<Stamp | null>;
  /**
   * The stamp for a data version read elsewhere (a session's statement on PostgreSQL): this
   * moment's when it is the last version looked at, else a new look (`now`). Versions read by
   * other requests may arrive out of order; the looks are taken in order.
   */
  at(version: DataVersion | null): Promise<Stamp | null>;
  /** Whether an answer read at `stamp` that shows `keys` (null: anything) still holds. */
  holds(stamp: Stamp, keys: readonly string[] | null): boolean;
};

/** Beyond this many changed keys remembered, they are forgotten as "everything changed". */
const MAX_KEYS = 100_000;
/** A look this long after the last one may miss rows the log has pruned since: everything changed. */
const LONGEST_GAP_MS = 30 * 60 * 1000;

export function createFreshness(source: ChangeSource | null): Freshness {
  let stamp = 0;
  let version: DataVersion | null = null;
  /** The stamp each key was last marked at. */
  let changed = new Map<string, Stamp>();
  let everythingAt = 0;
  let anythingAt = 0;
  let lookedAt = 0;
  // Looks are taken one at a time, so the keys of one move are marked once, in order.
  let looking: Promise<unknown> = Promise.resolve();

  const mark = (keys: readonly string[] | "all") => {
    stamp += 1;
    if (keys === "all" || keys.includes(EVERYTHING) || changed.size + keys.length > MAX_KEYS) {
      everythingAt = anythingAt = stamp;
      changed = new Map();
      return;
    }
    if (keys.length > 0) anythingAt = stamp;
    for (const key of keys) changed.set(key, stamp);
  };

  const look = (next: DataVersion | null): Promise<Stamp | null> => {
    if (!source || next === null) return Promise.resolve(null);
    if (next === version) return Promise.resolve(stamp);
    const taken = looking.then(async () => {
      if (next !== version) {
        const from = Date.now() - lookedAt > LONGEST_GAP_MS ? null : version;
        const changes = await source.changes(from, next);
        version = next;
        lookedAt = Date.now();
        mark(from === null ? "all" : changes);
      }
      return stamp;
    });
    looking = taken.catch(() => undefined);
    return taken;
  };

  const now = async () => (source ? look(await source.version()) : null);
  return {
    now,
    at: (given) => (given !== null && given === version ? Promise.resolve(stamp) : now()),
    holds(readAt, keys) {
      if (everythingAt > readAt) return false;
      if (keys === null) return anythingAt <= readAt;
      return keys.every((key) => (changed.get(key) ?? 0) <= readAt);
    },
  };
}
