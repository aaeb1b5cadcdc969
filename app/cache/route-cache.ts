// What a route lets the caches keep, as its handle says (app/cache/README.md has the rules):
// - `visitorCache: true`: visitors share one answer of it (visitor-pages.server.ts);
// - `reuseRender: true`: a render of its document is reused while its loaders' data stays the
//   same (render-memo.server.ts).
// A route that opts into either keeps the rule tests/integration/route-caches.test.ts checks.

export type RouteCache = "visitors" | "render" | "visitors+render" | "none";

/** The caches a route's handle opts into. */
export function routeCacheOf(handle: unknown): RouteCache {
  const { visitorCache, reuseRender } = (handle ?? {}) as { visitorCache?: unknown; reuseRender?: unknown };
  if (visitorCache === true && reuseRender === true) return "visitors+render";
  if (visitorCache === true) return "visitors";
  if (reuseRender === true) return "render";
  return "none";
}
