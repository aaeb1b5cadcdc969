// Prometheus metrics at GET /metrics, on only when METRICS_TOKEN is set, and only for
// requests that carry `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Each process
// answers for itself (its `pid` label tells them apart).
//
// - http_request_duration_seconds: latency by route (the Remix route id), method and status;
// - kept_answers_total: answers given from what a cache kept, by cache (visitor-page, render,
//   feed) and result (hit, miss; render and feed count their hits);
// - live_streams: open live-event streams;
// - jobs, job_oldest_seconds: jobs not yet done by kind and state (queued, running, failed),
//   and how long the oldest of each has waited;
// - db_pool_connections: the PostgreSQL pool by state (open, idle, waiting, max);
// - media_store_errors_total: failed calls to the media store (the bucket, or disk writes);
// - and prom-client's process metrics (CPU, memory, event-loop delay, garbage collection).
import { timingSafeEqual } from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { FactsOf } from "./route-facts";

type AppMetrics = {
  jobs: { kind: string; state: string; count: number; oldestSeconds: number }[];
  pool: { max: number; open: number; idle: number; waiting: number } | null;
  mediaStoreFailures?: { store: string; action: string; count: number }[];
};

export type Metrics = {
  /** Times each answer by route and counts what caches answered; then answers /metrics. */
  middleware: RequestHandler;
  /** Counts a visitor-page cache lookup. */
  visitorPage(hit: boolean): void;
};

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function metrics({
  token,
  factsOf,
  build,
  openStreams,
}: {
  token: string | undefined;
  factsOf: FactsOf;
  build: () => ServerBuild;
  openStreams: () => number;
}): Metrics | null {
  if (!token) return null;
  const registry = new Registry();
  registry.setDefaultLabels({ pid: String(process.pid) });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route, method and status.",
    labelNames: ["route", "method", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const kept = new Counter({
    name: "kept_answers_total",
    help: "Answers looked up in or given from a cache, by cache and result.",
    labelNames: ["cache", "result"],
    registers: [registry],
  });
  new Gauge({
    name: "live_streams",
    help: "Open live-event streams (GET /api/stream) in this process.",
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
  const appMetrics = () =>
    (build().entry.module as { metrics?: () => Promise<AppMetrics> }).metrics?.() ?? Promise.resolve<AppMetrics>({ jobs: [], pool: null, mediaStoreFailures: [] });
  let scrape: Promise<AppMetrics> | null = null;
  /** One read of the app per scrape, shared by the gauges below. */
  const appScrape = () => (scrape ??= appMetrics().finally(() => setTimeout(() => (scrape = null), 0)));
  /** A gauge of the background jobs by kind and state, reading one figure of each row. */
  const jobsGauge = (name: string, help: string, figure: (row: AppMetrics["jobs"][number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["kind", "state"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of (await appScrape()).jobs) this.set({ kind: row.kind, state: row.state }, figure(row));
      },
    });
  jobsGauge("jobs", "Background jobs not yet done, by kind and state.", (row) => row.count);
  jobsGauge("job_oldest_seconds", "How long the oldest job of each kind and state has existed.", (row) => row.oldestSeconds);
  new Gauge({
    name: "db_pool_connections",
    help: "This process's PostgreSQL connections, by state (open, idle, waiting requests, max).",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      const pool = (await appScrape()).pool;
      if (pool) for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });

  new Counter({
    name: "media_store_errors_total",
    help: "Failed calls to the media store since the process started, by store (s3, disk) and action.",
    labelNames: ["store", "action"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await appScrape()).mediaStoreFailures ?? []) this.inc({ store: row.store, action: row.action }, row.count);
    },
  });

  const middleware: RequestHandler = (req, res, next) => {
    if (req.path === "/metrics" && (req.method === "GET" || req.method === "HEAD")) {
      const authorization = req.headers.authorization ?? "";
      if (!authorization.startsWith("Bearer ") || !sameToken(authorization.slice("Bearer ".length), token)) {
        res.writeHead(401, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "WWW-Authenticate": 'Bearer realm="metrics"' });
        res.end(JSON.stringify({ error: "The metrics need the token set in METRICS_TOKEN." }));
        return;
      }
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
          res.end(text);
        },
        (error: unknown) => next(error),
      );
      return;
    }
    const stop = duration.startTimer();
    res.once("finish", () => {
      stop({ route: factsOf()(req.path).route ?? "none", method: req.method, status: String(res.statusCode) });
      const timing = String(res.getHeader("Server-Timing") ?? "");
      if (timing.includes('render;desc="reused"')) kept.inc({ cache: "render", result: "hit" });
      if (timing.includes('feed;desc="kept"')) kept.inc({ cache: "feed", result: "hit" });
    });
    next();
  };
  return { middleware, visitorPage: (hit) => kept.inc({ cache: "visitor-page", result: hit ? "hit" : "miss" }) };
}
