// What a route tells the server in its `handle`: the caches it opts into (`cache`, read by
// app/cache/route-cache.ts) and, for a resource route, the methods it takes (`methods`).
// The server answers any other method with 405 and an Allow header, before the app runs, so a
// route's action never checks for a method it did not declare.
import type { RouteCache } from "../cache/route-cache";

/** The methods a resource route may declare, in the order an Allow header lists them. */
export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

export type RouteMethod = (typeof ROUTE_METHODS)[number];

export type RouteHandle = {
  cache?: RouteCache;
  /** The methods the route takes, e.g. ["POST"], or ["PATCH", "DELETE", "POST"] for an action that dispatches by method. A loader adds GET and HEAD. */
  methods?: readonly RouteMethod[];
};

/** The methods a route's handle declares, or null when it declares none. */
export function routeMethodsOf(handle: unknown): RouteMethod[] | null {
  const methods = (handle as { methods?: unknown } | null | undefined)?.methods;
  if (!Array.isArray(methods)) return null;
  return ROUTE_METHODS.filter((method) => methods.includes(method));
}

/**
 * The methods a resource route answers: those it declares, else GET and HEAD with a loader
 * and POST, PUT, PATCH and DELETE with an action. A loader always brings GET and HEAD, and
 * HEAD always goes with GET.
 */
export function allowedMethods(route: { handle?: unknown; loader?: unknown; action?: unknown }): RouteMethod[] {
  const declared = routeMethodsOf(route.handle);
  const taken = new Set<RouteMethod>(declared ?? (route.action ? ["POST", "PUT", "PATCH", "DELETE"] : []));
  if (route.loader || taken.has("GET") || taken.has("HEAD")) taken.add("GET").add("HEAD");
  return ROUTE_METHODS.filter((method) => taken.has(method));
}
