// The header search's data: cars, users and events for a query, at most 3 of each, from
// the three search APIs side by side (a fetcher each). Answers are cached for the tab's
// life (small LRU) so typing back and forth is instant.
import { errorOf, type FetcherRead } from "~/lib/client/fetcher-answer";
import { apiPaths } from "~/lib/paths";
import { SEARCH_PER_KIND, normaliseQuery } from "~/lib/rules/search";
import type { CarNameJson } from "~/lib/rules/cars";

export type CarHit = CarNameJson & {
  owner: { id: number; username: string };
  cover_image: string | null;
};

export type UserHit = { id: number; username: string; nickname: string | null; profileImage: string | null };

export type EventHit = { id: number; name: string; date_time: string; location: string | null; is_past: boolean };

export type QuickResults = { query: string; cars: CarHit[]; users: UserHit[]; events: EventHit[] };

const CACHE_SIZE = 30;
const cache = new Map<string, QuickResults>();

function remember(key: string, value: QuickResults) {
  cache.delete(key);
  cache.set(key, value);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

export function cachedResults(query: string): QuickResults | null {
  return cache.get(normaliseQuery(query).toLowerCase()) ?? null;
}

/** The list under `key` in a search API's answer; throws on an error answer or a malformed body. */
function listIn<T>(answer: unknown, key: string): T[] {
  const failure = errorOf(answer);
  if (failure !== null) throw new Error(failure);
  const list = answer && typeof answer === "object" ? (answer as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) throw new Error("Malformed search answer");
  return list as T[];
}

/** A reader for each of the three search APIs, read side by side. */
export type SearchReads = { cars: FetcherRead; users: FetcherRead; events: FetcherRead };

/** Up to `perKind` cars, users and events for `query`. Rejects on failure or cancellation. */
export async function readQuickResults(query: string, read: SearchReads, signal: AbortSignal, perKind = SEARCH_PER_KIND): Promise<QuickResults> {
  const q = normaliseQuery(query);
  const key = q.toLowerCase();
  const hit = cache.get(key);
  if (hit) return hit;
  const [cars, users, events] = await Promise.all([
    read.cars(apiPaths.carSearch(q, perKind), signal),
    read.users(apiPaths.userSearch(q, perKind), signal),
    read.events(apiPaths.eventSearch(q, perKind), signal),
  ]);
  const results: QuickResults = {
    query: q,
    cars: listIn<CarHit>(cars, "cars").slice(0, perKind),
    users: listIn<UserHit>(users, "users").slice(0, perKind),
    events: listIn<EventHit>(events, "events").slice(0, perKind),
  };
  remember(key, results);
  return results;
}

export function resultCount(results: QuickResults | null): number {
  return results ? results.cars.length + results.users.length + results.events.length : 0;
}
