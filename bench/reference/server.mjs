// Serves the reference build the way remix-serve does: Express with compression, the build's
// assets (immutable) and the Remix request handler. WEB_CONCURRENCY above 1 forks that many
// processes with node:cluster, like the app's own server, so both are compared alike.
//
//   node bench/reference/server.mjs path/to/build/index.js     (PORT, HOST, WEB_CONCURRENCY)
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const processes = Number(process.env.WEB_CONCURRENCY ?? 1);

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      process.exit(0);
    });
  }
} else {
  const build = await import(pathToFileURL(buildPath).href);
  installGlobals({ nativeFetch: true });
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.use(build.publicPath, express.static(path.resolve(path.dirname(buildPath), "..", "public", "build"), { immutable: true, maxAge: "1y" }));
  app.all("*", createRequestHandler({ build, mode: "production" }));
  const port = Number(process.env.PORT ?? 3000);
  const server = app.listen(port, process.env.HOST ?? "127.0.0.1", () => console.log(`[reference] http://127.0.0.1:${port}`));
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
}
