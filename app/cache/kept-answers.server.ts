// Answers kept per key: an answer is a function of what it is kept under (the reader among it)
// and the data, so while nothing it shows has changed since it was read (freshness.server.ts:
// no commit named one of its keys, nor "*"), the same answer is given again. Each also holds
// only until the moment its reader's `read` says (a relative time it shows would read
// differently) and `maxAgeMs` at most. The feed keeps its members' answers in one
// (models/feed.server.ts).
import type { Freshness, Stamp } from "./freshness.server";
import { createKeptTexts, type KeptText } from "./kept-texts.server";

type KeptAnswer<B extends string | Buffer> = KeptText & { text: B; stamp: Stamp; keys: readonly string[] | null };

export type Answered<B extends string | Buffer = string> = { text: B; kept: boolean; keys: readonly string[] | null };

/** A read answer: its text (or bytes), how long it holds, and the keys of what it shows (data-keys.ts; null: anything). */
export type ReadAnswer<B extends string | Buffer = string> = { text: B; holdsMs: number; keys: readonly string[] | null };

export type KeptAnswers<B extends string | Buffer = string> = {
  /**
   * The answer kept under `key` while it holds, else `read(now)`'s, kept for the next reader.
   * A null key, a null stamp or maxAgeMs 0 keeps nothing. `at` takes the stamp for this request
   * when the caller has its own way (after the request arrived); otherwise `freshness` is asked.
   */
  answer(key: string | null, read: (now: number) => Promise<ReadAnswer<B>>, at?: () => Promise<Stamp | null>): Promise<Answered<B>>;
};

export function createKeptAnswers<B extends string | Buffer = string>({
  freshness,
  maxAgeMs,
  maxChars,
}: {
  freshness: Freshness | null;
  maxAgeMs: number;
  maxChars: number;
}): KeptAnswers<B> {
  const answers = createKeptTexts<KeptAnswer<B>>({ maxChars, maxEntryChars: maxChars / 16 });
  return {
    async answer(key, read, given) {
      // Taken before the answer is read: data committed in between is marked after it, never before.
      const stamp = key !== null && maxAgeMs > 0 && freshness ? await (given ?? freshness.now)() : null;
      const now = Date.now();
      const kept = stamp === null ? null : answers.get(key!, now);
      if (kept && freshness!.holds(kept.stamp, kept.keys)) return { text: kept.text, kept: true, keys: kept.keys };
      const { text, holdsMs, keys } = await read(now);
      if (stamp !== null) answers.set(key!, { text, stamp, keys, validUntil: now + Math.min(holdsMs, maxAgeMs) });
      return { text, kept: false, keys };
    },
  };
}
