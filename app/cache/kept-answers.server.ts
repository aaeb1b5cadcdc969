// Answers kept per key and data version: an answer is a function of what it is kept under (the
// reader among it) and the data, so while no commit has happened since it was read, the same
// answer is given again. Each also holds only until the moment its reader's `read` says (a
// relative time it shows would read differently) and `maxAgeMs` at most. The feed keeps its
// members' answers in one (models/feed.server.ts).
import type { DataVersion } from "./data-version.server";
import { createKeptTexts, type KeptText } from "./kept-texts.server";

type KeptAnswer = KeptText & { version: DataVersion };

export type Answered = { text: string; kept: boolean };

export type KeptAnswers = {
  /**
   * The answer kept under `key` when it was read at this data version, else `read(now)`'s,
   * kept for the next reader. A null key, a null version or maxAgeMs 0 keeps nothing. `at` reads
   * the version for this request when the caller has its own way (read after the request
   * arrived); otherwise `version` is asked.
   */
  answer(key: string | null, read: (now: number) => Promise<{ text: string; holdsMs: number }>, at?: () => Promise<DataVersion | null>): Promise<Answered>;
};

export function createKeptAnswers({
  version,
  maxAgeMs,
  maxChars,
}: {
  version: () => DataVersion | null | Promise<DataVersion | null>;
  maxAgeMs: number;
  maxChars: number;
}): KeptAnswers {
  const answers = createKeptTexts<KeptAnswer>({ maxChars, maxEntryChars: maxChars / 16 });
  return {
    async answer(key, read, given) {
      // Read before the answer: data committed in between is newer than this version, never older.
      const at = key !== null && maxAgeMs > 0 ? await (given ?? version)() : null;
      const now = Date.now();
      const kept = at === null ? null : answers.get(key!, now);
      if (kept && kept.version === at) return { text: kept.text, kept: true };
      const { text, holdsMs } = await read(now);
      if (at !== null) answers.set(key!, { text, version: at, validUntil: now + Math.min(holdsMs, maxAgeMs) });
      return { text, kept: false };
    },
  };
}
