// What the server needs to know of the route a path goes to, before the app: the methods a
// resource route answers, and whether visitors may share its page.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { routeCacheOf, sharedWithVisitors } from "../app/cache/route-cache";
import { allowedMethods } from "../app/lib/route-handle";

/** Paths whose facts are kept (up to this many, of at most KNOWN_PATH_LENGTH characters). */
const KNOWN_PATHS_MAX = 5000;
const KNOWN_PATH_LENGTH = 200;

export type RouteFacts = {
  /** The id of the route that answers (routes/post.$id), or null when none matches. */
  route: string | null;
  /** The methods a resource route answers; null for a page (and `.data` requests), left to Remix. */
  methods: string[] | null;
  /** The route's page reads the same for every visitor, so visitors may share it (app/cache/visitor-pages.server.ts). */
  visitorCache: boolean;
};

const NO_FACTS: RouteFacts = { route: null, methods: null, visitorCache: false };
/** A `.data` request (a client navigation's loader data) is left to Remix. */
const DATA_FACTS: RouteFacts = { route: "data", methods: null, visitorCache: false };

/**
 * The route facts of each path. A resource route (a route with no page) answers the methods
 * its `handle.methods` declares, GET and HEAD with a loader; one that declares none answers
 * GET and HEAD with a loader, POST, PUT, PATCH and DELETE with an action
 * (app/lib/route-handle.ts). A route opts into the visitors' page cache with
 * `handle.cache: "visitors"` (app/cache/route-cache.ts).
 */
export function routeFacts(build: ServerBuild): (pathname: string) => RouteFacts {
  const children = new Map<string | undefined, AgnosticRouteObject[]>();
  const facts = new Map<string, RouteFacts>();
  const nodes = new Map<string, AgnosticRouteObject>();
  for (const route of Object.values(build.routes)) {
    const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] } as AgnosticRouteObject;
    const indexed = route.index ? ({ id: route.id, path: route.path, index: true } as AgnosticRouteObject) : node;
    nodes.set(route.id, indexed);
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(indexed);
    children.set(route.parentId, siblings);
    const methods = route.module.default ? null : allowedMethods(route.module);
    facts.set(route.id, { route: route.id, methods, visitorCache: sharedWithVisitors(routeCacheOf(route.module.handle)) });
  }
  for (const [id, node] of nodes) if (!("index" in node && node.index)) (node as { children: AgnosticRouteObject[] }).children = children.get(id) ?? [];
  const tree = children.get(undefined) ?? [];
  // Matching a path against the app's hundred-odd routes costs about 0.2 ms of CPU, on every
  // request: the answer for a path is kept (the routes never change while a build is served).
  const known = new Map<string, RouteFacts>();
  return (pathname) => {
    if (pathname.endsWith(".data")) return DATA_FACTS;
    const kept = known.get(pathname);
    if (kept !== undefined) return kept;
    const leaf = matchRoutes(tree, pathname)?.at(-1)?.route.id;
    const found = (leaf ? facts.get(leaf) : undefined) ?? NO_FACTS;
    if (pathname.length <= KNOWN_PATH_LENGTH) {
      if (known.size >= KNOWN_PATHS_MAX) known.clear();
      known.set(pathname, found);
    }
    return found;
  };
}

/** The facts of the build being served (development swaps builds as the code changes). */
export type FactsOf = () => (pathname: string) => RouteFacts;
