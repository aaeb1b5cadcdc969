// Development (`npm run dev`): Vite compiles the sources on request, and every request
// renders with the current code.
import type { Server } from "node:http";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { AppHandler } from "./visitor-pages";

/**
 * Vite in middleware mode; `load` gives the current server build. Its live-reload socket
 * shares the app's own port, so the page's CSP (`connect-src 'self'`) lets it through.
 */
export async function viteDevServer(httpServer: Server) {
  const vite = await import("vite");
  const server = await vite.createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } });
  return { middlewares: server.middlewares, load: () => server.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild> };
}

export type DevServer = Awaited<ReturnType<typeof viteDevServer>>;

/** The Remix handler over the build of the moment; `onBuild` hears of each new one. */
export function developmentHandler(dev: DevServer, onBuild: (build: ServerBuild) => void): AppHandler {
  let current: ServerBuild | undefined;
  let handle: AppHandler | undefined;
  return async (request, loadContext) => {
    const fresh = await dev.load();
    if (fresh !== current || !handle) {
      onBuild(fresh);
      current = fresh;
      handle = createRequestHandler(fresh, "development");
    }
    return handle(request, loadContext);
  };
}
