// The app served over HTTP on 127.0.0.1 from its sources, for tests that need whole pages as
// a scraper or an oEmbed consumer gets them, without a build. Routes are found the way the
// Remix compiler finds them (its flat-routes convention); the named ones are loaded through
// vitest, with root.tsx and entry.server.tsx, into a server build for Remix's own request
// handler, which the app's own Express adapter (server/app-handler.ts) serves. public/ is
// served in front of it, as server/static-files.ts does, and, when asked, the visitors' pages
// (server/visitor-pages.ts), as server/index.ts puts them in production.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import express, { type RequestHandler } from "express";
import type { Freshness } from "~/cache/freshness.server";
import { createPageCache } from "~/cache/visitor-pages.server";
import { expressHandler } from "../../server/app-handler";
import { routeFacts } from "../../server/route-facts";
import { visitorPages } from "../../server/visitor-pages";

const root = path.resolve(__dirname, "../..");
const appDirectory = path.join(root, "app");

/** A server build of root, entry.server and the routes named (ids such as "routes/post.$id"). */
export async function sourceBuild(routeIds: string[]): Promise<ServerBuild> {
  const manifest = { root: { id: "root", path: "", file: "root.tsx" }, ...flatRoutes(appDirectory, ["**/.*", "**/*.test.{ts,tsx}"]) } as Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; file: string }
  >;
  const routes: ServerBuild["routes"] = {};
  const assetRoutes: ServerBuild["assets"]["routes"] = {};
  for (const id of ["root", ...routeIds]) {
    const route = manifest[id];
    if (!route) throw new Error(`No route ${id} in app/routes`);
    const module = await import(path.join(appDirectory, route.file));
    const { file: _file, ...shape } = route;
    routes[id] = { ...shape, module };
    assetRoutes[id] = {
      ...shape,
      module: `/build/${id}.js`,
      hasLoader: Boolean(module.loader),
      hasAction: Boolean(module.action),
      hasClientLoader: false,
      hasClientAction: false,
      hasErrorBoundary: Boolean(module.ErrorBoundary),
      imports: [],
    };
  }
  const entry = await import(path.join(appDirectory, "entry.server.tsx"));
  return {
    mode: "production",
    entry: { module: entry },
    routes,
    assets: { entry: { module: "/build/entry.client.js", imports: [] }, routes: assetRoutes, url: "/build/manifest.js", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_fetcherPersist: true, v3_lazyRouteDiscovery: true, v3_relativeSplatPath: true, v3_singleFetch: true, v3_throwAbortReason: true },
    isSpaMode: false,
  };
}

export type RunningApp = { origin: string; server: Server; close(): Promise<void> };

/**
 * Serves public/ and the build on 127.0.0.1, on a free port; `front` runs before the build.
 * With `visitorPages`, visitors' pages are kept (10 minutes) as in production, checked against
 * what the build's entry knows of the database's changes (app/cache/freshness.server.ts).
 */
export async function serveApp(build: ServerBuild, front: RequestHandler[] = [], options: { visitorPages?: boolean } = {}): Promise<RunningApp> {
  const app = express();
  app.disable("x-powered-by");
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
  for (const handler of front) app.use(handler);
  const remix = createRequestHandler(build, "production");
  const freshness = () => (build.entry.module as { freshness?: Freshness }).freshness ?? null;
  app.all("*", expressHandler(options.visitorPages ? visitorPages(remix, createPageCache({ ttlMs: 600_000, freshness }), () => routeFacts(build)) : remix));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
