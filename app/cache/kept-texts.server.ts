// Texts kept in a process's memory, each until a moment: at most `maxChars` characters (or
// bytes, for a text kept as bytes) in all and `maxEntryChars` each. The least recently used
// goes first when they would be more.
// The render memo keeps documents in one; the feed keeps its members' answers in another; the
// parts of pages (kept-parts.server.ts) keep markup in a third, until the budget ends it.

export type KeptText = { text: string | Buffer; validUntil: number };

export type KeptTexts<T extends KeptText> = {
  /** The entry under `key` if it still holds at `now` (a lapsed one is dropped); it becomes the most recently used. */
  get(key: string, now?: number): T | null;
  /** Keeps `entry` under `key` (in place of any before it); one longer than `maxEntryChars` is not kept. */
  set(key: string, entry: T): void;
  /** How many entries are kept (tests). */
  size(): number;
};

export function createKeptTexts<T extends KeptText>({ maxChars, maxEntryChars }: { maxChars: number; maxEntryChars: number }): KeptTexts<T> {
  const entries = new Map<string, T>();
  let chars = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.text.length;
  };
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.validUntil <= now) {
        remove(key);
        return null;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, entry) {
      remove(key);
      if (entry.text.length > maxEntryChars) return;
      entries.set(key, entry);
      chars += entry.text.length;
      for (const oldest of entries.keys()) {
        if (chars <= maxChars) break;
        remove(oldest);
      }
    },
    size: () => entries.size,
  };
}
