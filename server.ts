// The production server: Express with compression, the build's assets (immutable, 1 year),
// public/ (1 hour) and the Remix request handler. It replaces remix-serve so that the app
// gets the client's address, and so that SIGTERM/SIGINT stop it gracefully. With
// NODE_ENV=development (`npm run dev`) it serves the sources through Vite instead of a build,
// and every request renders the current code.
//
//   tsx server.ts [path/to/build/server/index.js]   (default: $REMIX_BUILD_DIR/build/server/index.js)
//
// Environment: PORT (3000), HOST (all interfaces), REMIX_BUILD_DIR, NODE_ENV (production),
// WEB_CONCURRENCY (processes: one per core in production, else 1; see "Several processes" below),
// TRUST_PROXY (true, or the number of proxies in front, that set X-Forwarded-For/-Proto/-Host),
// COOKIE_SECURE (HSTS on every answer), LOG_REQUESTS=true|false (default: on, except in tests),
// STOP_TIMEOUT_MS (10000). All are read through app/lib/env.server.ts, which says what to set
// when one cannot be understood (the server then does not start).
//
// Before the app sees a request, this server: drops X-Forwarded-* headers unless TRUST_PROXY
// says a proxy sets them; refuses cross-site state-changing requests (403); answers a method
// a resource route does not handle with 405 and Allow. On the way out it adds nosniff, the
// referrer policy and (over TLS) HSTS to every answer, and `Cache-Control: private, no-store`
// to every answer that depends on the session.
//
// Run with tsx: its loader hooks only act while modules are imported at start-up; once the
// build is loaded, requests run the same compiled JavaScript as under plain node.
import cluster, { type Worker } from "node:cluster";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import { constants as zlibConstants } from "node:zlib";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { checkStartupSettings, cookieSecure, defaultNodeEnv, settings, trustedProxyHops, type Settings } from "./app/lib/env.server";
import { CROSS_SITE_MESSAGE, crossSiteRefusal, STATE_CHANGING_METHODS } from "./app/lib/http.server";
import { baseSecurityHeaders, createNonce, personalCacheControl } from "./app/lib/security-headers.server";
import { createPageCache, keepable, keptHeaders, MAX_PAGE_BYTES, policyNonce, visitorCacheKey, withNonce, type PageCache } from "./app/lib/page-cache.server";
import { dataVersionReader } from "./app/lib/db/data-version.server";
import { relayBetweenWorkers } from "./app/lib/cluster-relay.server";

const root = path.dirname(fileURLToPath(import.meta.url));

/** Names the process that served an answer, when EXPOSE_SERVER_PID is on (tests). */
export const SERVER_PID_HEADER = "x-server-pid";

/** The header through which the app learns the client's address (always set by this server). */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** Whether TRUST_PROXY asks to believe X-Forwarded-* headers (see trustedProxyHops). */
export function trustProxy(env?: Record<string, string | undefined>): boolean {
  return trustedProxyHops(env) > 0;
}

function normaliseAddress(value: string | undefined): string {
  let address = (value ?? "").trim();
  if (address.startsWith("::ffff:") && address.includes(".")) address = address.slice("::ffff:".length);
  // An address has no spaces or control characters and is short; anything else is noise.
  if (!address || address.length > 64 || !/^[0-9A-Za-z.:%_\-[\]]+$/.test(address)) return "unknown";
  return address;
}

/** A header's values as one comma-separated list (Node joins repeated headers). */
function headerList(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).split(",").map((item) => item.trim());
}

/**
 * The client's address: the socket's peer, or behind `hops` trusted proxies (TRUST_PROXY)
 * the rightmost X-Forwarded-For entry that no trusted proxy wrote: each proxy appends the
 * address it was reached from, so with one proxy it is the last entry, with two the one
 * before it. Entries further left are whatever the client sent, and never believed.
 */
export function clientAddress(req: IncomingMessage, hops: number | boolean): string {
  const trusted = hops === true ? 1 : hops === false ? 0 : hops;
  if (trusted > 0) {
    const entries = headerList(req.headers["x-forwarded-for"]).filter(Boolean);
    const hop = entries.length >= trusted ? entries[entries.length - trusted] : undefined;
    if (hop) return normaliseAddress(hop);
  }
  return normaliseAddress(req.socket.remoteAddress);
}

const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-prefix", "forwarded"];

/**
 * X-Forwarded-* as the app may read them: gone unless a proxy is trusted; otherwise the
 * scheme and host are the nearest proxy's (the last entry), so a client's own values in
 * front of it are never taken.
 */
export function normaliseForwardedHeaders(req: IncomingMessage, hops: number) {
  if (hops === 0) {
    for (const name of FORWARDED_HEADERS) delete req.headers[name];
    return;
  }
  for (const name of ["x-forwarded-proto", "x-forwarded-host"]) {
    const last = headerList(req.headers[name]).filter(Boolean).at(-1);
    if (last) req.headers[name] = last;
    else delete req.headers[name];
  }
  // The site's host is the one the proxy was asked for (the Remix adapter takes the port from Host).
  const forwardedHost = req.headers["x-forwarded-host"];
  if (typeof forwardedHost === "string") req.headers.host = forwardedHost;
}

/**
 * Whether this request reached the app over TLS (for HSTS), after normaliseForwardedHeaders.
 * `always`: the operator says every request does (COOKIE_SECURE).
 */
function cameOverTls(req: IncomingMessage, hops: number, always: boolean): boolean {
  if (always) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  return hops > 0 && String(req.headers["x-forwarded-proto"] ?? "").toLowerCase() === "https";
}

/**
 * The files of public/ (1 hour). Only a path whose first segment names one of its entries
 * reaches the disk: any other path would cost every page and API call a failed stat.
 */
function publicFiles(dir: string): express.RequestHandler {
  const names = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const serve = express.static(dir, { maxAge: "1h" });
  return (req, res, next) => (names.has(req.path.split("/")[1] ?? "") ? serve(req, res, next) : next());
}

/** Request headers through the Fetch API's `get` (case-insensitive names). */
function headerGetter(req: IncomingMessage): { get(name: string): string | null } {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** Answers a request here, before the app: JSON with the status and extra headers. */
function answer(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(JSON.stringify({ error: message }));
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

function logRequests(config: Settings): boolean {
  return config.LOG_REQUESTS ?? (config.NODE_ENV !== "test" && !config.E2E && !config.VITEST);
}

async function importBuild(buildPath: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(buildPath).href)) as ServerBuild;
}

/**
 * Development: Vite compiles the sources on request; `load` gives the current server build.
 * Its live-reload socket shares the app's own port, so the page's CSP (`connect-src 'self'`)
 * lets it through.
 */
async function viteDevServer(httpServer: Server) {
  const vite = await import("vite");
  const server = await vite.createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } });
  return { middlewares: server.middlewares, load: () => server.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild> };
}

function enableSourceMaps() {
  // What remix-serve did with source-map-support: stack traces point into the sources when
  // the build carries maps (`remix vite:build --sourcemapServer`).
  process.setSourceMapsEnabled?.(true);
}

/** How long a connection closed with request bytes still coming stays open for its client to read the answer. */
const LINGER_MS = 2000;

/**
 * When the app answers before reading the whole request body (a 405, a 401 before the body
 * is parsed, a 413 at the body limit), the connection cannot serve another request: the
 * answer says Connection: close. Node would then close the socket at once, and closing with
 * unread request bytes is a reset that can reach the client before it has read the answer.
 * So the server half-closes instead (the answer is out), reads and drops what the client
 * still sends, and hangs up when the client does or LINGER_MS later, whichever is first.
 */
function keepConnectionUsable(req: IncomingMessage, res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    // A GET without a body is not complete yet while the handler that received it still runs
    // (an answer from memory is written then): it has nothing left to send, so its connection
    // stays open.
    if (!req.complete && mayHaveBody(req) && !this.headersSent) {
      this.setHeader("Connection", "close");
      lingerOnClose(req, res);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * Whether body bytes may follow the request's headers: it declares a body, or its method is
 * neither GET nor HEAD (some clients send a DELETE's body without declaring it).
 */
function mayHaveBody(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return true;
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function lingerOnClose(req: IncomingMessage, res: ServerResponse) {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = function (this: Socket) {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
  res.once("finish", () => {
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
  });
}

/**
 * nosniff, the referrer policy and (over TLS) HSTS on every answer. Documents and `.data`
 * answers get them from entry.server; resource routes (the JSON API, feeds, downloads),
 * static files and the answers this server gives itself do not pass through it, so they
 * are added here, just before the head goes out, to any answer that has not set them (the
 * Remix adapter appends headers, so setting them earlier would send documents two copies).
 */
function addBaseHeaders(res: ServerResponse, secure: boolean) {
  const headers = Object.entries(baseSecurityHeaders({ secure }));
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) for (const [name, value] of headers) if (!this.hasHeader(name)) this.setHeader(name, value);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * The app's answers (not the static files before it): `private, no-store` when they depend
 * on the session (see personalCacheControl), and an Allow header on a 405 that has none.
 */
function appAnswerHeaders(): express.RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!this.headersSent) {
        // writeHead(status, headers) may carry the headers itself: fold them in first.
        const extra = args.find((arg, index) => index > 0 && arg && typeof arg === "object" && !Array.isArray(arg)) as Record<string, string | string[]> | undefined;
        if (extra) {
          for (const [name, value] of Object.entries(extra)) this.setHeader(name, value);
          args = args.filter((arg) => arg !== extra);
        }
        const status = typeof args[0] === "number" ? args[0] : this.statusCode;
        const policy = personalCacheControl({
          pathname: req.path,
          cookieHeader: req.headers.cookie,
          setsCookie: this.hasHeader("Set-Cookie"),
          current: this.getHeader("Cache-Control")?.toString(),
        });
        if (policy) this.setHeader("Cache-Control", policy);
        if (status === 405 && !this.hasHeader("Allow")) this.setHeader("Allow", "GET, HEAD");
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** Paths whose resource-route methods are kept (up to this many, of at most KNOWN_PATH_LENGTH characters). */
const KNOWN_PATHS_MAX = 5000;
const KNOWN_PATH_LENGTH = 200;

/** What the server needs to know of the route a path goes to, before the app. */
type RouteFacts = {
  /** The methods a resource route answers; null for a page (and `.data` requests), left to Remix. */
  methods: string[] | null;
  /** The route's page reads the same for every visitor, so visitors may share it (page-cache.server.ts). */
  visitorCache: boolean;
};

const NO_FACTS: RouteFacts = { methods: null, visitorCache: false };

/**
 * The route facts of each path. A resource route (a route with no page) answers GET and
 * HEAD with a loader, POST, PUT, PATCH and DELETE with an action; anything else gets 405 and
 * Allow here instead of Remix's "Unexpected Server Error". A route opts into the visitors'
 * page cache with `handle.visitorCache`.
 */
function routeFacts(build: ServerBuild): (pathname: string) => RouteFacts {
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
    const methods = route.module.default ? null : [...(route.module.loader ? ["GET", "HEAD"] : []), ...(route.module.action ? ["POST", "PUT", "PATCH", "DELETE"] : [])];
    const handle = route.module.handle as { visitorCache?: unknown } | undefined;
    facts.set(route.id, { methods, visitorCache: handle?.visitorCache === true });
  }
  for (const [id, node] of nodes) if (!("index" in node && node.index)) (node as { children: AgnosticRouteObject[] }).children = children.get(id) ?? [];
  const tree = children.get(undefined) ?? [];
  // Matching a path against the app's hundred-odd routes costs about 0.2 ms of CPU, on every
  // request: the answer for a path is kept (the routes never change while a build is served).
  const known = new Map<string, RouteFacts>();
  return (pathname) => {
    if (pathname.endsWith(".data")) return NO_FACTS;
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

/**
 * Visitors' pages from memory (app/lib/page-cache.server.ts): a kept page is answered with a
 * fresh nonce; otherwise the app renders it, and what it wrote is kept when the answer may be.
 */
function visitorPages(cache: PageCache, factsOf: () => (pathname: string) => RouteFacts): express.RequestHandler {
  return (req, res, next) => {
    const key = factsOf()(req.path).visitorCache ? visitorCacheKey({ method: req.method, url: req.originalUrl, headers: req.headers }) : null;
    const version = key === null ? null : cache.version();
    if (key === null || version === null) return next();
    const kept = cache.get(key, version);
    if (kept) {
      const { headers, body } = withNonce(kept, createNonce());
      res.statusCode = kept.status;
      // What the server set on this answer already (its own headers per answer) stays as set.
      const byName = new Map<string, string[]>();
      for (const [name, value] of headers) byName.set(name, [...(byName.get(name) ?? []), value]);
      for (const [name, values] of byName) if (!res.hasHeader(name)) res.setHeader(name, values.length === 1 ? values[0] : values);
      res.setHeader("Age", String(Math.floor((Date.now() - kept.storedAt) / 1000)));
      res.setHeader("Content-Length", Buffer.byteLength(body));
      res.end(body);
      return;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || bytes > MAX_PAGE_BYTES) return;
      const buffer =
        typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
      bytes += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      const answer = {
        status: this.statusCode,
        contentType: String(this.getHeader("Content-Type") ?? ""),
        cacheControl: String(this.getHeader("Cache-Control") ?? ""),
        setsCookie: this.hasHeader("Set-Cookie"),
        bytes,
      };
      if (keepable(answer)) {
        const headers = keptHeaders(this.getHeaders());
        const nonce = policyNonce(String(this.getHeader("Content-Security-Policy") ?? ""));
        cache.put(key, { status: answer.status, headers, body: Buffer.concat(chunks).toString("utf8"), nonce, version });
      }
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
    next();
  };
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
  defaultNodeEnv("production");
  // A missing or malformed setting stops the start with a message that says what to set.
  checkStartupSettings();
  const config = settings();
  enableSourceMaps();
  const development = config.NODE_ENV === "development";
  const buildPath = path.resolve(
    options.buildPath ?? path.join(config.REMIX_BUILD_DIR ? path.resolve(root, config.REMIX_BUILD_DIR) : root, "build", "server", "index.js"),
  );
  if (!development && !existsSync(buildPath)) throw new Error(`No server build at ${buildPath}: run \`npm run build\` first.`);
  const hops = trustedProxyHops();
  const trusted = hops > 0;
  const secureAlways = cookieSecure();
  const stopTimeoutMs = config.STOP_TIMEOUT_MS;
  const exposePid = config.EXPOSE_SERVER_PID;

  const server = createServer();
  const dev = development ? await viteDevServer(server) : undefined;
  let build = dev ? await dev.load() : await importBuild(buildPath);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });

  const app = express();
  app.disable("x-powered-by");
  if (trusted) app.set("trust proxy", hops);
  // Brotli looks back 512 KB (MAX_PAGE_BYTES, the largest page kept) rather than its 4 MB
  // default: every answer being compressed holds a window of that size, and pages and
  // scripts are smaller than that.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: Math.log2(MAX_PAGE_BYTES) } } }));
  if (dev) app.use(dev.middlewares);
  // The build's files all have a hash in their names: they never change.
  else app.use(`${build.publicPath}assets`, express.static(path.resolve(root, build.assetsBuildDirectory, "assets"), { immutable: true, maxAge: "1y" }));
  app.use(publicFiles(path.join(root, "public")));
  if (logRequests(config)) app.use(requestLogger());
  app.use(appAnswerHeaders());
  let factsOf = routeFacts(build);
  app.use((req, res, next) => {
    const allowed = factsOf(req.path).methods;
    // OPTIONS is answered like GET (Remix runs the loader for it).
    if (!allowed || allowed.includes(req.method === "OPTIONS" ? "GET" : req.method)) return next();
    answer(res, 405, "Method not allowed", { Allow: allowed.join(", ") });
  });

  // Visitors' pages from memory; in development every page is rendered (the code changes).
  const pageCache = createPageCache({
    ttlMs: development ? 0 : config.VISITOR_CACHE_SECONDS * 1000,
    version: dataVersionReader(config.DATABASE_URL) ?? (() => null),
  });
  app.use(visitorPages(pageCache, () => factsOf));

  if (dev) {
    // Every request renders with the current sources.
    app.all("*", (req, res, next) => {
      dev.load().then((fresh) => {
        if (fresh !== build) factsOf = routeFacts(fresh);
        build = fresh;
        return createRequestHandler({ build, mode: "development" })(req, res, next);
      }, next);
    });
  } else {
    app.all("*", createRequestHandler({ build, mode: config.NODE_ENV }));
  }

  // ------------------------------------------------------------------ connections and stop
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const servedOn = new WeakMap<Socket, number>();

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Never believe a client about its own address, nor X-Forwarded-* without a trusted proxy.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, hops);
    normaliseForwardedHeaders(req, hops);
    addBaseHeaders(res, cameOverTls(req, hops, secureAlways));
    if (exposePid) res.setHeader(SERVER_PID_HEADER, String(process.pid));
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
    const method = (req.method ?? "GET").toUpperCase();
    if (STATE_CHANGING_METHODS.has(method)) {
      const ownHost = String((trusted && req.headers["x-forwarded-host"]) || req.headers.host || "");
      if (crossSiteRefusal(method, headerGetter(req), ownHost)) return answer(res, 403, CROSS_SITE_MESSAGE);
    }
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

  server.on("request", onRequest);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

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
  console.log(`[server] ${url}${trusted ? " (trusting X-Forwarded-* from the proxy)" : ""}`);

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

// ------------------------------------------------------------------ several processes
//
// With WEB_CONCURRENCY above 1 (the default in production: one per core) this process is the
// primary of a node:cluster: it serves nothing itself, forks that many workers that each run
// startServer on the same port (the primary hands them connections in turn), relays the
// messages they send each other (live events, job wake-ups: app/lib/cluster-relay.server),
// starts a worker again when one dies, and on SIGTERM/SIGINT stops them all gracefully.
// Worker 1 alone runs the background work (BACKGROUND_WORK); a worker started in its place
// takes it over. See docs/decisions/process-per-core.md.

/** How many processes serve requests: WEB_CONCURRENCY, else one per core in production and one elsewhere. */
export function processCount(config: Settings = settings()): number {
  if (config.WEB_CONCURRENCY) return config.WEB_CONCURRENCY;
  return config.NODE_ENV === "production" ? Math.max(1, os.availableParallelism()) : 1;
}

/** A worker that dies sooner than this after its start counts as failing to start. */
const QUICK_EXIT_MS = 5000;
/** Quick deaths in a row after which the primary gives up (the settings or the build are broken). */
const MAX_QUICK_EXITS = 3;

function runPrimary(count: number, buildArg: string | undefined): void {
  // A setting that cannot be understood stops the start here, once, not in every worker.
  checkStartupSettings();
  const config = settings();
  // The workers run this file again with the same node options and arguments (the build).
  if (buildArg && !existsSync(path.resolve(buildArg))) throw new Error(`No server build at ${path.resolve(buildArg)}: run \`npm run build\` first.`);
  relayBetweenWorkers();

  let stopping = false;
  let quickExits = 0;
  const slots = new Map<Worker, { slot: number; startedAt: number }>();

  const fork = (slot: number) => {
    const worker = cluster.fork({ WEB_CONCURRENCY: "1", BACKGROUND_WORK: slot === 1 ? config.BACKGROUND_WORK.toString() : "off" });
    slots.set(worker, { slot, startedAt: Date.now() });
    // A message to a worker that is going away fails here: never a reason to stop the primary.
    worker.on("error", (error) => console.error(`[server] worker ${slot}:`, error.message));
  };

  cluster.on("exit", (worker, code, signal) => {
    const entry = slots.get(worker);
    slots.delete(worker);
    if (stopping) {
      if (slots.size === 0) {
        console.log("[server] stopped.");
        process.exit(0);
      }
      return;
    }
    if (!entry) return;
    const quick = Date.now() - entry.startedAt < QUICK_EXIT_MS;
    quickExits = quick ? quickExits + 1 : 0;
    console.error(`[server] worker ${entry.slot} (pid ${worker.process.pid}) exited (${signal ?? code}).`);
    if (quickExits >= MAX_QUICK_EXITS) {
      console.error(`[server] workers keep exiting at start: stopping. See the errors above.`);
      stopping = true;
      for (const other of slots.keys()) other.process.kill("SIGTERM");
      if (slots.size === 0) process.exit(1);
      return;
    }
    setTimeout(() => fork(entry.slot), quick ? 1000 : 0).unref();
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return; // a terminal's Ctrl-C reaches every process: one stop is enough
      stopping = true;
      console.log(`[server] ${signal}: stopping ${slots.size} worker(s)…`);
      // Each worker drains its requests and ends its streams (see stop in startServer).
      for (const worker of slots.keys()) worker.process.kill("SIGTERM");
      if (slots.size === 0) process.exit(0);
      setTimeout(() => {
        console.warn("[server] workers still running after the stop timeout: killing them.");
        for (const worker of slots.keys()) worker.process.kill("SIGKILL");
        process.exit(1);
      }, config.STOP_TIMEOUT_MS + 5000).unref();
    });
  }

  console.log(`[server] starting ${count} processes (WEB_CONCURRENCY; worker 1 runs the background work).`);
  for (let slot = 1; slot <= count; slot++) fork(slot);
}

if (isMain()) {
  const buildArg = process.argv[2];
  const failed = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  try {
    defaultNodeEnv("production");
    const count = cluster.isPrimary ? processCount() : 1;
    if (count > 1) runPrimary(count, buildArg);
    else startServer({ buildPath: buildArg, handleSignals: true }).catch(failed);
  } catch (error) {
    failed(error);
  }
}
