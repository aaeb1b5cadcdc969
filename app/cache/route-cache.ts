// What a route lets the caches keep: its handle's `cache` (app/cache/README.md has the rules).
// - "visitors": visitors share one answer of it (visitor-pages.server.ts), and a render of its
//   document is reused while its loaders' data stays the same (render-memo.server.ts);
// - "render": only the reuse of a render;
// - "none", or no `cache`: every answer is made anew.
// A route that opts in keeps the rule tests/integration/route-caches.test.ts checks.

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
