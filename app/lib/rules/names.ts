// Shared names (manufacturers, vendors, installers) and parts: how a typed name is cleaned
// and keyed, how a part is named and addressed, and the statistics of a part's gains.
// Pure (no Node APIs): the mod form in the browser, the models and the migrate one-off share it.
import { wholeNumber } from "~/lib/rules/formats";

/** Letters that Unicode does not decompose into a base letter and a mark. */
const FOLDED: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ı: "i",
};
const FOLDED_RE = new RegExp(`[${Object.keys(FOLDED).join("")}]`, "g");

/** Invisible characters that only get in the way of matching (zero-width space, joiners, BOM). */
const INVISIBLE = /[\p{Cc}\u200b-\u200d\u2060\ufeff]/gu;

/** A name as it is shown and stored: Unicode NFC, no control characters, white space collapsed and trimmed. */
export function cleanName(raw: string): string {
  return raw.normalize("NFC").replace(INVISIBLE, " ").replace(/\s+/g, " ").trim();
}

/**
 * The key two spellings of one name share: trimmed, white space collapsed, diacritics
 * stripped, lower case. "Öhlins", "Ohlins" and "ohlins " all key to "ohlins".
 */
export function nameKey(raw: string): string {
  return cleanName(raw)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(FOLDED_RE, (char) => FOLDED[char])
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The address part of a name: "Öhlins Road & Track" → "ohlins-road-track". */
export function slugOf(raw: string): string {
  const slug = nameKey(raw)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "part";
}

export type PartLike = { id: number; modelName: string; manufacturer: { name: string } };

/** "Öhlins Road & Track". */
export function partName(part: Pick<PartLike, "modelName" | "manufacturer">): string {
  return `${part.manufacturer.name} ${part.modelName}`;
}

/** The id at the start of a part address segment ("12-ohlins-road-track" → 12); null when there is none. */
export function partIdOf(segment: string | undefined): number | null {
  const match = /^(\d{1,10})(?:-|$)/.exec(segment ?? "");
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The middle value of `values`; the mean of the two middle ones for an even count; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export type GainStat = { type: string; unit: string; count: number; median: number };

/**
 * Gains reported for one part, grouped by type and unit (matched by key, shown as first
 * written): how many reports and their median. Most reported first.
 */
export function gainStats(gains: readonly { type: string; unit: string; amount: number }[]): GainStat[] {
  const groups = new Map<string, { type: string; unit: string; amounts: number[] }>();
  for (const gain of gains) {
    const key = `${nameKey(gain.type)}\u0000${nameKey(gain.unit)}`;
    let group = groups.get(key);
    if (!group) {
      group = { type: cleanName(gain.type), unit: cleanName(gain.unit), amounts: [] };
      groups.set(key, group);
    }
    group.amounts.push(gain.amount);
  }
  return [...groups.values()]
    .map((group) => ({ type: group.type, unit: group.unit, count: group.amounts.length, median: median(group.amounts) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** "N other cars run this"; null when there are none (nothing is said). */
export function otherCarsText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count === 1 ? "1 other car runs this" : `${wholeNumber(count)} other cars run this`;
}

/** The shared name lists: who made, sold and fitted a mod. */
export const MAKER_KINDS = ["manufacturer", "vendor", "installer"] as const;
export type MakerKind = (typeof MAKER_KINDS)[number];

export function isMakerKind(value: unknown): value is MakerKind {
  return typeof value === "string" && (MAKER_KINDS as readonly string[]).includes(value);
}
