// The header search's data: cars, users and events for a query, at most 3 of each, from
// the three search APIs in parallel. Answers are cached for the tab's life (small LRU) so
// typing back and forth is instant.
import { SEARCH_PER_KIND, normaliseQuery } from "~/lib/search";

export type CarHit = {
  id: number;
  make: string;
  model: string;
  year: number;
  trim: string | null;
  nickname: string | null;
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

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`Search failed (${response.status})`);
  return (await response.json()) as T;
}

/** Up to `perKind` cars, users and events for `query`. Rejects on failure or abort. */
export async function fetchQuickResults(query: string, signal: AbortSignal, perKind = SEARCH_PER_KIND): Promise<QuickResults> {
  const q = normaliseQuery(query);
  const key = q.toLowerCase();
  const hit = cache.get(key);
  if (hit) return hit;
  const encoded = encodeURIComponent(q);
  const [cars, users, events] = await Promise.all([
    getJson<{ cars: CarHit[] }>(`/api/cars/search?q=${encoded}&limit=${perKind}`, signal),
    getJson<{ users: UserHit[] }>(`/api/users/search?q=${encoded}&limit=${perKind}`, signal),
    getJson<{ events: EventHit[] }>(`/api/events?search=${encoded}&limit=${perKind}`, signal),
  ]);
  const results: QuickResults = {
    query: q,
    cars: cars.cars.slice(0, perKind),
    users: users.users.slice(0, perKind),
    events: events.events.slice(0, perKind),
  };
  remember(key, results);
  return results;
}

export function resultCount(results: QuickResults | null): number {
  return results ? results.cars.length + results.users.length + results.events.length : 0;
}
