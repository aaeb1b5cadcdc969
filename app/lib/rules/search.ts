// Search queries: what users type is normalised once, here, before it reaches SQL.
// Pure (no Node APIs): the header search in the browser and the models share it.
//
// - normaliseQuery: text only, Unicode NFC, control characters dropped, white space
//   collapsed, capped at SEARCH_MAX_CHARS characters (whole code points, so an emoji is
//   never cut in half). A 5,000-character paste becomes a short, harmless query.
// - searchTerms: the words of a query (at most SEARCH_MAX_TERMS); every word must match.
// - escapeLike / containsPattern / prefixPattern: LIKE patterns with `\` as the escape
//   character, so %, _ and \ typed by a user are literal. Use them with `ESCAPE '\'`.
//   (Prisma's `contains` on SQLite passes % and _ through as wildcards: a search for "%"
//   would match every row. See tests/unit/search.test.ts.)
import { SEARCH_DEBOUNCE, SEARCH_PER_KIND } from "~/lib/constants";

export { SEARCH_DEBOUNCE, SEARCH_PER_KIND };

/** The longest query we search for, in characters; longer input is cut. */
export const SEARCH_MAX_CHARS = 100;
/** At most this many words of a query are matched. */
export const SEARCH_MAX_TERMS = 6;
/** The escape character of every LIKE pattern built here. */
export const LIKE_ESCAPE = "\\";

// C0/C1 control characters, and the invisible format characters that only confuse matching
// (zero-width space, joiners, BOM). Emoji ZWJ sequences keep their emoji; they just lose
// the joiner, which does not change how they are stored in text we search.
const CONTROL = /[\p{Cc}\u200b\u2028\u2029\ufeff]/gu;

/** A query fit to search for: "" when nothing is left. Accepts anything (null, numbers, arrays). */
export function normaliseQuery(raw: unknown): string {
  if (typeof raw !== "string") return "";
  // Cut very long input first so normalisation never works on megabytes.
  const rough = raw.length > SEARCH_MAX_CHARS * 8 ? raw.slice(0, SEARCH_MAX_CHARS * 8) : raw;
  let text: string;
  try {
    text = rough.normalize("NFC");
  } catch {
    text = rough;
  }
  text = text.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  // Lone surrogates (half an emoji) are dropped rather than sent to the database.
  text = text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "");
  const chars = Array.from(text);
  if (chars.length > SEARCH_MAX_CHARS) text = chars.slice(0, SEARCH_MAX_CHARS).join("").trim();
  return text;
}

/** The distinct words of a normalised query, at most SEARCH_MAX_TERMS, case kept. */
export function searchTerms(query: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const word of query.split(" ")) {
    if (!word) continue;
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(word);
    if (terms.length === SEARCH_MAX_TERMS) break;
  }
  return terms;
}

/** `text` with LIKE's wildcards and the escape character made literal (escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => LIKE_ESCAPE + char);
}

/** A LIKE pattern matching text that contains `term` anywhere. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** A LIKE pattern matching text that starts with `term`. */
export function prefixPattern(term: string): string {
  return `${escapeLike(term)}%`;
}

/** The full search page for a query. */
export function searchHref(query: string): string {
  const q = normaliseQuery(query);
  return q ? `/search?q=${encodeURIComponent(q)}` : "/search";
}

/** A whole number from a query parameter within [min, max], else `fallback`. */
export function limitParam(value: string | null, fallback: number, max: number, min = 1): number {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return fallback;
  const number = Number.parseInt(value, 10);
  return Math.min(max, Math.max(min, number));
}
