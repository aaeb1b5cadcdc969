// The production server: Express in front of the Remix request handler. Each concern is one
// middleware in its own file, applied in the order below; `npm start` runs this file, and
// with NODE_ENV=development (`npm run dev`) it serves the sources through Vite instead.
//
//   tsx server/index.ts [path/to/build/server/index.js]   (default: $REMIX_BUILD_DIR/build/server/index.js)
//
// Settings (PORT, HOST, REMIX_BUILD_DIR, WEB_CONCURRENCY, TRUST_PROXY, COOKIE_SECURE,
// LOG_REQUESTS, STOP_TIMEOUT_MS, …) are read through app/lib/server/env.server.ts, which says what to
// set when one cannot be understood (the server then does not start).
//
// Run with tsx: its loader hooks only act while modules are imported at start-up; once the
// build is loaded, requests run the same compiled JavaScript as under plain node.
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { checkStartupSettings, cookieSecure, defaultNodeEnv, keepSettings, settings, trustedProxyHops } from "../app/lib/server/env.server";
import { log } from "../app/lib/server/logger.server";
import { checkObjectStore } from "../app/lib/media/object-store.server";
import { createPageCache, MAX_PAGE_BYTES } from "../app/cache/visitor-pages.server";
import type { Freshness } from "../app/cache/freshness.server";
import { expressHandler } from "./app-handler";
import { clientAddressHeaders } from "./client-address";
import { keepConnectionUsable } from "./connection";
import { developmentHandler, viteDevServer } from "./development";
import { gracefulStop } from "./graceful-stop";
import { health } from "./health";
import { appAnswerHeaders, baseHeaders } from "./headers";
import { methodCheck } from "./methods";
import { metrics } from "./metrics";
import { processCount, runPrimary } from "./primary";
import { logRequests, requestId, requestLog } from "./request-log";
import { routeFacts } from "./route-facts";
import { sameOrigin } from "./same-origin";
import { serviceWorker } from "./service-worker";
import { buildAssets, publicFiles } from "./static-files";
import { visitorPages } from "./visitor-pages";

export { clientAddress, CLIENT_ADDRESS_HEADER, trustProxy } from "./client-address";
export { SERVER_PID_HEADER } from "./headers";
export { processCount } from "./primary";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type RunningServer = {
  server: Server;
  url: string;
  /** Graceful stop (as on SIGTERM); resolves when every connection is closed. */
  stop(reason?: string): Promise<void>;
};

export type StartOptions = {
  buildPath?: string;
  port?: number;
  host?: string;
  /** Exit the process when a signal has stopped the server (the CLI does). */
  handleSignals?: boolean;
};

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  defaultNodeEnv("production");
  // A missing or malformed setting stops the start with a message that says what to set.
  checkStartupSettings();
  const config = settings();
  // MEDIA_STORE=s3: a missing bucket or refused credentials stop the start, naming the setting.
  if (config.MEDIA_STORE === "s3") await checkObjectStore();
  // Stack traces point into the sources when the build carries maps (`--sourcemapServer`).
  process.setSourceMapsEnabled?.(true);
  const development = config.NODE_ENV === "development";
  const buildPath = path.resolve(
    options.buildPath ?? path.join(config.REMIX_BUILD_DIR ? path.resolve(root, config.REMIX_BUILD_DIR) : root, "build", "server", "index.js"),
  );
  if (!development && !existsSync(buildPath)) throw new Error(`No server build at ${buildPath}: run \`npm run build\` first.`);
  const hops = trustedProxyHops();

  const server = createServer();
  const dev = development ? await viteDevServer(server) : undefined;
  let build = dev ? await dev.load() : ((await import(pathToFileURL(buildPath).href)) as ServerBuild);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  let facts = routeFacts(build);
  const factsOf = () => facts;
  const stopping = gracefulStop(server, { stopTimeoutMs: config.STOP_TIMEOUT_MS, readinessDrainMs: config.READINESS_DRAIN_MS });
  // Visitors' pages from memory; in development every page is rendered (the code changes).
  const pageCache = createPageCache({
    ttlMs: development ? 0 : config.VISITOR_CACHE_SECONDS * 1000,
    freshness: () => (build.entry.module as { freshness?: Freshness }).freshness ?? null,
  });

  const measured = metrics({ token: config.METRICS_TOKEN, factsOf, build: () => build, openStreams: stopping.openStreams });

  const app = express();
  app.disable("x-powered-by");
  if (hops > 0) app.set("trust proxy", hops);
  app.use(clientAddressHeaders(hops));
  app.use(requestId({ trusted: hops > 0 }));
  app.use(baseHeaders({ hops, secureAlways: cookieSecure(), exposePid: config.EXPOSE_SERVER_PID }));
  app.use(health({ build: () => build, stopping: stopping.stopping }));
  app.use(stopping.track);
  if (measured) app.use(measured.middleware);
  app.use(keepConnectionUsable());
  app.use(sameOrigin({ trusted: hops > 0 }));
  // Brotli looks back 512 KB (MAX_PAGE_BYTES, the largest page kept) rather than its 4 MB
  // default: every answer being compressed holds a window of that size, and pages and
  // scripts are smaller than that.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: Math.log2(MAX_PAGE_BYTES) } } }));
  if (dev) app.use(dev.middlewares);
  else app.use(...buildAssets(build, root));
  app.use(publicFiles(path.join(root, "public")));
  app.use(serviceWorker(() => build));
  if (logRequests(config)) app.use(requestLog(factsOf));
  app.use(appAnswerHeaders());
  app.use(methodCheck(factsOf));
  // The app: Remix's handler (Request -> Response), with the visitors' pages in front of it.
  const remix = dev
    ? developmentHandler(dev, (fresh) => {
        build = fresh;
        facts = routeFacts(fresh);
      })
    : createRequestHandler(build, config.NODE_ENV);
  app.all("*", expressHandler(visitorPages(remix, pageCache, factsOf, measured?.visitorPage)));
  server.on("request", app);

  const port = options.port ?? config.PORT;
  const host = options.host ?? config.HOST;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host ?? "localhost"}:${address.port}`;
  log().info(`${url}${hops > 0 ? " (trusting X-Forwarded-* from the proxy)" : ""}`);

  let stopped: Promise<void> | undefined;
  function stop(reason = "stop"): Promise<void> {
    // The app's background jobs stop alongside the requests (entry.server's stopBackgroundWork).
    const entry = build.entry.module as { stopBackgroundWork?: () => Promise<void> };
    stopped ??= Promise.all([entry.stopBackgroundWork?.(), stopping.stop(reason)]).then(() => undefined);
    return stopped;
  }

  if (options.handleSignals) {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.on(signal, () => {
        if (stopping.stopping()) return; // npm start forwards the terminal's Ctrl-C once more: one stop is enough
        // The database: SQLite in WAL mode keeps every committed transaction in the -wal file,
        // which the next open replays, so exiting after the drain loses nothing; PostgreSQL
        // closes the connections of an exiting process itself.
        stop(signal).then(() => {
          log().info("stopped.");
          process.exit(0);
        });
      });
    }
  }

  return { server, url, stop };
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const self = fileURLToPath(import.meta.url);
  return [self, self.replace(/\.ts$/, ""), path.dirname(self)].includes(path.resolve(entry));
}

if (isMain()) {
  const buildArg = process.argv[2];
  const failed = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  try {
    defaultNodeEnv("production");
    // A setting that cannot be understood stops the start with a message that says what to set.
    checkStartupSettings();
    keepSettings();
    const count = cluster.isPrimary ? processCount() : 1;
    if (count > 1) runPrimary(count, buildArg);
    else startServer({ buildPath: buildArg, handleSignals: true }).catch(failed);
  } catch (error) {
    failed(error);
  }
}
