// Music search: asks SoundCloud's API when SOUNDCLOUD_CLIENT_ID is set
// (base URL SOUNDCLOUD_API_URL, default the public API host), with a 5 s time-out, and maps
// the answer to MusicTrack (lib/rules/soundcloud.ts). Without a client id, or when SoundCloud fails,
// placeholder results are answered, each flagged `placeholder: true`.
import { MUSIC_MIN_CHARS } from "~/lib/constants";
import { settings } from "~/lib/server/env.server";
import type { MusicSearchResult, MusicTrack } from "~/lib/rules/soundcloud";

export const SOUNDCLOUD_TIMEOUT = 5000;
export const SEARCH_RESULTS = 10;
export const MAX_QUERY_LENGTH = 100;
const CACHE_TTL = 60_000;
const CACHE_MAX = 200;

const cache = new Map<string, { at: number; result: MusicSearchResult }>();

function config() {
  const { SOUNDCLOUD_CLIENT_ID, SOUNDCLOUD_API_URL } = settings();
  return { clientId: SOUNDCLOUD_CLIENT_ID ?? null, baseUrl: SOUNDCLOUD_API_URL };
}

function asNumber(value: unknown, fallback = 0): number {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : fallback;
}

function asString(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** One track of SoundCloud's answer as a MusicTrack; null when it lacks the essentials. */
export function toMusicTrack(raw: unknown): MusicTrack | null {
  if (typeof raw !== "object" || raw === null) return null;
  const track = raw as Record<string, unknown>;
  const id = typeof track.id === "number" || typeof track.id === "string" ? track.id : null;
  const title = asString(track.title);
  const permalink = asString(track.permalink_url);
  if (id === null || !title || !permalink) return null;
  const user = (typeof track.user === "object" && track.user !== null ? track.user : {}) as Record<string, unknown>;
  return {
    id,
    title,
    user: { username: asString(user.username) ?? "Unknown artist" },
    permalink_url: permalink,
    duration: asNumber(track.duration),
    artwork_url: asString(track.artwork_url) ?? asString(user.avatar_url),
    playback_count: asNumber(track.playback_count),
  };
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "track"
  );
}

/** Made-up but plausible tracks built from the query (shown when search fails). */
export function placeholderTracks(query: string): MusicTrack[] {
  const q = query.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
  const title = q.replace(/\b\w/g, (letter) => letter.toUpperCase());
  const variants = [
    { title, artist: "Various Artists", duration: 201_000, plays: 128_400 },
    { title: `${title} (Extended Mix)`, artist: "Night Drive", duration: 342_000, plays: 56_210 },
    { title: `${title} - Live Session`, artist: "Garage Sessions", duration: 256_000, plays: 12_930 },
  ];
  return variants.map((variant, index) => ({
    id: `placeholder-${index + 1}-${slug(q)}`,
    title: variant.title,
    user: { username: variant.artist },
    permalink_url: `https://soundcloud.com/${slug(variant.artist)}/${slug(variant.title)}`,
    duration: variant.duration,
    artwork_url: null,
    playback_count: variant.plays,
    placeholder: true,
  }));
}

function placeholderResult(query: string): MusicSearchResult {
  return { collection: placeholderTracks(query), placeholder: true };
}

/** Asks SoundCloud; throws on a network error, a time-out, a non-2xx answer or junk. */
async function askSoundCloud(query: string, clientId: string, baseUrl: string, fetcher: typeof fetch, timeoutMs: number): Promise<MusicTrack[]> {
  const url = new URL(`${baseUrl}/tracks`);
  url.searchParams.set("q", query);
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("limit", String(SEARCH_RESULTS));
  url.searchParams.set("linked_partitioning", "true");
  const response = await fetcher(url, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`SoundCloud answered ${response.status}`);
  const data = (await response.json()) as unknown;
  const list = Array.isArray(data) ? data : (data as { collection?: unknown } | null)?.collection;
  if (!Array.isArray(list)) throw new Error("SoundCloud answered something unexpected");
  return list
    .map(toMusicTrack)
    .filter((track): track is MusicTrack => track !== null)
    .slice(0, SEARCH_RESULTS);
}

/**
 * GET /api/soundcloud/search: fewer than 2 characters → no results; otherwise SoundCloud's
 * tracks, or placeholders when it is not configured or fails. Real answers are cached for a
 * minute per query.
 */
export async function searchTracks(rawQuery: string, fetcher: typeof fetch = fetch, timeoutMs: number = SOUNDCLOUD_TIMEOUT): Promise<MusicSearchResult> {
  const query = rawQuery.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
  if (query.length < MUSIC_MIN_CHARS) return { collection: [] };
  const { clientId, baseUrl } = config();
  if (!clientId) return placeholderResult(query);

  const key = `${baseUrl}\n${query.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL) return hit.result;
  try {
    const result: MusicSearchResult = { collection: await askSoundCloud(query, clientId, baseUrl, fetcher, timeoutMs) };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, { at: Date.now(), result });
    return result;
  } catch (error) {
    console.warn(`SoundCloud search failed: ${error instanceof Error ? error.message : String(error)}`);
    return placeholderResult(query);
  }
}

/** Forgets cached answers (tests). */
export function clearSearchCache() {
  cache.clear();
}
