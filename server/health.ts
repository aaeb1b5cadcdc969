// Health for load balancers and orchestrators:
// - GET /healthz: the process is up and serving (200 while it runs, stopping or not);
// - GET /readyz: send it traffic: the database answers, the live-event listener is connected
//   (PostgreSQL), and the server is not stopping. 503 with the failing checks otherwise.
// Both answer JSON, are never cached, and come before everything else but the headers.
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";

type Checks = Record<string, boolean>;

export function health({ build, stopping }: { build: () => ServerBuild; stopping: () => boolean }): RequestHandler {
  const send = (res: Parameters<RequestHandler>[1], status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    res.end(JSON.stringify(body));
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === "/healthz") return send(res, 200, { status: "ok" });
    if (req.path !== "/readyz") return next();
    if (stopping()) return send(res, 503, { status: "stopping" });
    const entry = build().entry.module as { readiness?: () => Promise<Checks> };
    (entry.readiness?.() ?? Promise.resolve<Checks>({})).then(
      (checks) => {
        const ready = Object.values(checks).every(Boolean) && !stopping();
        send(res, ready ? 200 : 503, { status: ready ? "ready" : stopping() ? "stopping" : "not ready", checks });
      },
      () => send(res, 503, { status: "not ready" }),
    );
  };
}
