// GET /sw.js: the service worker of the build being served (app/lib/server/service-worker.server.ts),
// for scope "/". Its text names the build's version and the files every page loads first, so
// a deploy is a new worker. Browsers check it at every visit, so it is never cached for long.
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { serviceWorkerSource } from "../app/lib/server/service-worker.server";

/** The build's version and the shell's files: the entry, the root route and their imports. */
export function shellOf(build: ServerBuild): { version: string; shell: string[] } {
  const { assets } = build;
  const root = assets.routes.root;
  const files = [assets.entry.module, ...assets.entry.imports, root?.module, ...(root?.imports ?? []), ...(root?.css ?? [])];
  return { version: assets.version, shell: [...new Set(files.filter((file): file is string => typeof file === "string" && file.startsWith("/")))] };
}

export function serviceWorker(build: () => ServerBuild): RequestHandler {
  let served: { build: ServerBuild; text: string } | null = null;
  return (req, res, next) => {
    if (req.path !== "/sw.js" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const current = build();
    if (served?.build !== current) served = { build: current, text: serviceWorkerSource(shellOf(current)) };
    res.writeHead(200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    });
    res.end(req.method === "HEAD" ? undefined : served.text);
  };
}
