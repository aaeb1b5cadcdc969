// What a route lets the caches keep: its handle's `cache` (app/cache/README.md has the rules).
// - "visitors": visitors share one answer of it (visitor-pages.server.ts), and a render of its
//   document is reused while its loaders' data stays the same (render-memo.server.ts);
// - "render": only the reuse of a render;
// - "none", or no `cache`: every answer is made anew.
// A route that opts in keeps the rule tests/integration/route-caches.test.ts checks. Its handle's
// `keys(data)` names what its loader data shows (data-keys.ts), so a kept visitor page ends only
// when one of those changes; without it, the page ends at any change the log records.

export type RouteCache = "visitors" | "render" | "none";

/** The caches a route's handle opts into. */
export function routeCacheOf(handle: unknown): RouteCache {
  const cache = (handle as { cache?: unknown } | null | undefined)?.cache;
  return cache === "visitors" || cache === "render" ? cache : "none";
}

/** Whether visitors may share one answer of the route. */
export function sharedWithVisitors(cache: RouteCache): boolean {
  return cache === "visitors";
}

/** Whether a render of the route's document may be reused while its data stays the same. */
export function reusesRender(cache: RouteCache): boolean {
  return cache === "visitors" || cache === "render";
}

/** A handle's word on what its loader data shows, as keys of the change log (data-keys.ts). */
type KeysOf = (data: never) => readonly string[];

/**
 * The keys of what a document shows: the union of every matched route's `handle.keys(data)`.
 * Null (the page ends at any logged change) when a route that has data names none.
 */
export function documentKeys(routes: ReadonlyArray<{ handle: unknown; data: unknown }>): string[] | null {
  const keys = new Set<string>();
  for (const { handle, data } of routes) {
    if (data === undefined) continue;
    const keysOf = (handle as { keys?: KeysOf } | null | undefined)?.keys;
    if (typeof keysOf !== "function") return null;
    for (const key of (keysOf as (data: unknown) => readonly string[])(data)) keys.add(key);
  }
  return [...keys];
}
