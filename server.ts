// The production server: Express with compression, the build's assets (immutable, 1 year),
// public/ (1 hour) and the Remix request handler. It replaces remix-serve so that the app
// gets the client's address, and so that SIGTERM/SIGINT stop it gracefully.
//
//   tsx server.ts [path/to/build/index.js]     (default: $REMIX_BUILD_DIR/build/index.js)
//
// Environment: PORT (3000), HOST (all interfaces), REMIX_BUILD_DIR, NODE_ENV (production),
// TRUST_PROXY=true (behind a proxy that sets X-Forwarded-For/-Proto), LOG_REQUESTS=0|1
// (default: on, except in tests), STOP_TIMEOUT_MS (10000).
//
// Run with tsx: its loader hooks only act while modules are imported at start-up; once the
// build is loaded, requests run the same compiled JavaScript as under plain node.
import { existsSync, statSync, watch } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { baseSecurityHeaders } from "./app/lib/security-headers.server";

const root = path.dirname(fileURLToPath(import.meta.url));

/** The header through which the app learns the client's address (always set by this server). */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** Whether TRUST_PROXY asks to believe X-Forwarded-* headers. */
export function trustProxy(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TRUST_PROXY === "true";
}

function normaliseAddress(value: string | undefined): string {
  let address = (value ?? "").trim();
  if (address.startsWith("::ffff:") && address.includes(".")) address = address.slice("::ffff:".length);
  // An address has no spaces or control characters and is short; anything else is noise.
  if (!address || address.length > 64 || !/^[0-9A-Za-z.:%_\-[\]]+$/.test(address)) return "unknown";
  return address;
}

/**
 * The client's address: the socket's peer, or (TRUST_PROXY=true) the first hop of
 * X-Forwarded-For, which the proxy in front appends to.
 */
export function clientAddress(req: IncomingMessage, trusted: boolean): string {
  if (trusted) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0];
    if (first && first.trim()) return normaliseAddress(first);
  }
  return normaliseAddress(req.socket.remoteAddress);
}

function requestLogger(): express.RequestHandler {
  // remix-serve's "tiny" line: method, url, status, length, time.
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const length = res.getHeader("content-length") ?? "-";
      process.stdout.write(`${req.method} ${req.originalUrl} ${res.statusCode} ${length} - ${ms.toFixed(3)} ms\n`);
    });
    next();
  };
}

function logRequests(env: NodeJS.ProcessEnv): boolean {
  if (env.LOG_REQUESTS === "0" || env.LOG_REQUESTS === "false") return false;
  if (env.LOG_REQUESTS === "1" || env.LOG_REQUESTS === "true") return true;
  return env.NODE_ENV !== "test" && env.E2E !== "1" && !env.VITEST;
}

async function importBuild(buildPath: string): Promise<ServerBuild> {
  const { mtimeMs } = statSync(buildPath);
  return (await import(`${pathToFileURL(buildPath).href}?t=${mtimeMs}`)) as ServerBuild;
}

function enableSourceMaps() {
  // What remix-serve did with source-map-support: stack traces point into the sources when
  // the build carries maps (`remix build --sourcemap`).
  process.setSourceMapsEnabled?.(true);
}

/** Most of an unread request body we read and discard to keep a connection open. */
const MAX_DRAIN_BYTES = 4 * 1024 * 1024;

/**
 * When the app answers before reading the whole request body (a 405, a 401 before the body
 * is parsed, a 413 from Content-Length), the unread rest would stall the kept-alive
 * connection: the next request on it is never parsed. Such answers say Connection: close,
 * and the rest of the body is read and dropped (up to a bound), so the client gets to read
 * the answer instead of a reset.
 */
function keepConnectionUsable(req: IncomingMessage, res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  res.once("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    let drained = 0;
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > MAX_DRAIN_BYTES) req.socket.destroy();
    });
    req.resume();
  });
}

/**
 * nosniff and the referrer policy on every answer. Documents and `.data` answers get them
 * from entry.server; resource routes (the JSON API, feeds, downloads) and static files do
 * not pass through it, so they are added here, just before the head goes out, to any
 * answer that has not set them (the Remix adapter appends headers, so setting them earlier
 * would send documents two copies).
 */
function addBaseHeaders(res: ServerResponse) {
  const headers = Object.entries(baseSecurityHeaders());
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) for (const [name, value] of headers) if (!this.hasHeader(name)) this.setHeader(name, value);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

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
  const env = process.env;
  env.NODE_ENV = env.NODE_ENV ?? "production";
  enableSourceMaps();
  const buildPath = path.resolve(
    options.buildPath ?? path.join(env.REMIX_BUILD_DIR ? path.resolve(root, env.REMIX_BUILD_DIR) : root, "build", "index.js"),
  );
  if (!existsSync(buildPath)) throw new Error(`No server build at ${buildPath}: run \`npm run build\` first.`);
  const development = env.NODE_ENV === "development";
  const trusted = trustProxy(env);
  const stopTimeoutMs = Number(env.STOP_TIMEOUT_MS ?? 10_000);

  let build = await importBuild(buildPath);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });

  const app = express();
  app.disable("x-powered-by");
  if (trusted) app.set("trust proxy", true);
  app.use(compression());
  app.use(build.publicPath, express.static(path.resolve(root, build.assetsBuildDirectory), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
  if (logRequests(env)) app.use(requestLogger());

  if (development) {
    // `remix dev --manual`: re-import the build whenever the compiler writes version.txt.
    const versionDir = path.dirname(buildPath);
    watch(versionDir, (_, file) => {
      if (file !== "version.txt") return;
      importBuild(buildPath).then((fresh) => {
        build = fresh;
        void broadcastDevReady(build);
      }, console.error);
    });
    app.all("*", (req, res, next) => createRequestHandler({ build, mode: "development" })(req, res, next));
  } else {
    app.all("*", createRequestHandler({ build, mode: env.NODE_ENV }));
  }

  // ------------------------------------------------------------------ connections and stop
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const servedOn = new WeakMap<Socket, number>();

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Never believe a client about its own address.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, trusted);
    addBaseHeaders(res);
    const served = servedOn.get(req.socket) ?? 0;
    servedOn.set(req.socket, served + 1);
    if (stopping && served > 0) {
      // A kept-alive connection came back after the stop began: refuse and hang up. (A
      // connection accepted before the stop still gets its first request answered.)
      res.writeHead(503, { "Content-Type": "application/json", Connection: "close", "Retry-After": "1", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ error: "The server is restarting. Please try again in a moment." }));
      return;
    }
    if (stopping) res.setHeader("Connection", "close");
    if (req.method === "TRACE" || req.method === "TRACK") {
      // Methods the Fetch API refuses to build a Request for: answer here, not with a 500.
      res.writeHead(405, { "Content-Type": "application/json", Allow: "GET, HEAD, POST, PUT, PATCH, DELETE" });
      res.end(JSON.stringify({ error: "Method not allowed" }));
      return;
    }
    keepConnectionUsable(req, res);
    inFlight.add(res);
    const pathname = (req.url ?? "").split("?")[0];
    const isStream = pathname === "/api/stream";
    if (isStream) streams.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      streams.delete(res);
    });
    app(req, res);
  };

  const server = createServer(onRequest);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  const port = options.port ?? (env.PORT !== undefined && env.PORT !== "" && !Number.isNaN(Number(env.PORT)) ? Number(env.PORT) : 3000);
  const host = options.host ?? (env.HOST || undefined);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host ?? "localhost"}:${address.port}`;
  console.log(`[server] ${url}${trusted ? " (trusting X-Forwarded-* from the proxy)" : ""}`);
  if (development) void broadcastDevReady(build);

  let stopped: Promise<void> | undefined;
  function stop(reason = "stop"): Promise<void> {
    // The app's background jobs stop alongside the requests (entry.server's stopBackgroundWork).
    const entry = build.entry.module as { stopBackgroundWork?: () => Promise<void> };
    stopped ??= Promise.all([entry.stopBackgroundWork?.(), stopHttp(reason)]).then(() => undefined);
    return stopped;
  }
  function stopHttp(reason: string): Promise<void> {
    return new Promise<void>((resolve) => {
      stopping = true;
      console.log(`[server] ${reason}: no new connections; finishing ${inFlight.size - streams.size} request(s)…`);
      // No more connections; answers still being written tell their client to hang up.
      server.close(() => resolve());
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      // Live streams never end on their own: end them (the browser reconnects elsewhere).
      for (const res of streams) res.socket?.destroy();
      const idle = setInterval(() => {
        for (const res of streams) res.socket?.destroy();
        server.closeIdleConnections();
      }, 100);
      const deadline = setTimeout(() => {
        console.warn(`[server] ${inFlight.size} request(s) still running after ${stopTimeoutMs} ms: closing them.`);
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }, stopTimeoutMs);
      server.once("close", () => {
        clearInterval(idle);
        clearTimeout(deadline);
      });
      server.closeIdleConnections();
    });
  }

  if (options.handleSignals) {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.on(signal, () => {
        if (stopping) return; // npm start forwards the terminal's Ctrl-C once more: one stop is enough
        // The database: SQLite in WAL mode keeps every committed transaction in the -wal file,
        // which the next open replays, so exiting after the drain loses nothing; PostgreSQL
        // closes the connections of an exiting process itself.
        stop(signal).then(() => {
          console.log("[server] stopped.");
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
  try {
    return path.resolve(entry) === fileURLToPath(import.meta.url) || path.resolve(entry) === fileURLToPath(import.meta.url).replace(/\.ts$/, "");
  } catch {
    return false;
  }
}

if (isMain()) {
  const buildArg = process.argv[2];
  startServer({ buildPath: buildArg, handleSignals: true }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
