// The rows of the benchmark and the load generator (autocannon, in this process).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Member } from "./server";

type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number; p99_9?: number };
type AutocannonResult = {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  throughput: Histogram & { total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
};
type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests?: Array<{ setupRequest?: (request: RawRequest, context: object) => RawRequest }>;
};
type AutocannonInstance = Promise<AutocannonResult> & { stop(): void };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => AutocannonInstance;

/** What the rows draw their ids from (read from the seeded database). */
export type Targets = {
  /** Posts to open, like and comment on (a spread over the whole table). */
  postIds: number[];
  /** Cars that appear in posts (showcases) and to follow. */
  carIds: number[];
};

export type RowContext = {
  /** Signed-in members; the first one reads the pages. */
  members: Member[];
  targets: Targets;
  /** Send Accept-Encoding: gzip (the server compresses then). */
  gzip: boolean;
  /** The server's origin, sent as Origin on mutations like a browser does. */
  origin: string;
};

export type Row = {
  key: string;
  label: string;
  /** What one request does, for the table's footnotes. */
  detail: string;
  request: (context: RowContext, n: number) => RawRequest;
  target?: { rps?: number; p99?: number };
};

const FEED_PAGE_TARGET = { rps: 265, p99: 250 };

function pick<T>(items: T[], n: number): T {
  // A multiplicative hash spreads consecutive requests over the list.
  return items[(Math.imul(n + 1, 2654435761) >>> 0) % items.length];
}

const json = (body: unknown) => JSON.stringify(body);

function headers(context: RowContext, member: Member | null, extra: Record<string, string> = {}): Record<string, string> {
  const result: Record<string, string> = { ...extra };
  if (member) result.cookie = member.cookie;
  if (context.gzip) result["accept-encoding"] = "gzip";
  return result;
}

const memberFor = (context: RowContext, n: number) => context.members[n % context.members.length];

/** Every row, in table order. `bare` must stay first: the others are compared with it. */
export const ROWS: Row[] = [
  {
    key: "bare",
    label: "bare route GET /version.json",
    detail: "a resource route that answers a constant JSON (no database, no session): the server's floor",
    request: (context) => ({ method: "GET", path: "/version.json", headers: headers(context, null) }),
  },
  {
    key: "home",
    label: "home feed page / (member)",
    detail: "the document of / for a signed-in member (root loader, session, feed of 50)",
    request: (context) => ({ method: "GET", path: "/", headers: headers(context, context.members[0], { accept: "text/html" }) }),
    target: FEED_PAGE_TARGET,
  },
  {
    key: "home-visitor",
    label: "home feed page / (visitor)",
    detail: "the same document for a visitor without cookies",
    request: (context) => ({ method: "GET", path: "/", headers: headers(context, null, { accept: "text/html" }) }),
  },
  {
    key: "api-feed",
    label: "GET /api/feed (member)",
    detail: "first page (50 posts) with the member's flags",
    request: (context) => ({ method: "GET", path: "/api/feed", headers: headers(context, context.members[0]) }),
    target: { rps: 730 },
  },
  {
    key: "api-feed-visitor",
    label: "GET /api/feed (visitor)",
    detail: "first page (50 posts) for a visitor",
    request: (context) => ({ method: "GET", path: "/api/feed", headers: headers(context, null) }),
  },
  {
    key: "post",
    label: "/post/{id} (member)",
    detail: "the public page of one post, ids spread over the whole table",
    request: (context, n) => ({
      method: "GET",
      path: `/post/${pick(context.targets.postIds, n)}`,
      headers: headers(context, context.members[0], { accept: "text/html" }),
    }),
  },
  {
    key: "showcase",
    label: "/showcase/{carId} (member)",
    detail: "a car's showcase, cars that appear in posts",
    request: (context, n) => ({
      method: "GET",
      path: `/showcase/${pick(context.targets.carIds, n)}`,
      headers: headers(context, context.members[0], { accept: "text/html" }),
    }),
  },
  {
    key: "embed",
    label: "/embed/post/{id} (visitor)",
    detail: "the embeddable view, as a third-party page frames it (no cookies)",
    request: (context, n) => ({ method: "GET", path: `/embed/post/${pick(context.targets.postIds, n)}`, headers: headers(context, null, { accept: "text/html" }) }),
  },
  {
    key: "like",
    label: "POST /api/posts/{id}/like",
    detail: "JSON {type: like}; members × posts rotate so each press toggles a different row (adds, later removes)",
    request: (context, n) => ({
      method: "POST",
      path: `/api/posts/${pick(context.targets.postIds, n >> 3)}/like`,
      headers: headers(context, memberFor(context, n), { "content-type": "application/json", origin: context.origin }),
      body: json({ type: "like" }),
    }),
    target: { rps: 400 },
  },
  {
    key: "comment",
    label: "POST /api/comments",
    detail: "JSON {postId, content} on posts spread over the table, members rotating",
    request: (context, n) => ({
      method: "POST",
      path: "/api/comments",
      headers: headers(context, memberFor(context, n), { "content-type": "application/json", origin: context.origin }),
      body: json({ postId: pick(context.targets.postIds, n), content: `Benchmark comment ${n}: clean build!` }),
    }),
    target: { rps: 400 },
  },
  {
    key: "follow",
    label: "POST /api/cars/{id}/follow",
    detail: "toggles (follow, later unfollow; a follow notifies the owner), members × cars rotating",
    request: (context, n) => ({
      method: "POST",
      path: `/api/cars/${pick(context.targets.carIds, n >> 3)}/follow`,
      headers: headers(context, memberFor(context, n), { "content-type": "application/json", origin: context.origin }),
      body: "{}",
    }),
    target: { rps: 400 },
  },
];

export type RowResult = {
  key: string;
  label: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
  bytesPerRequest: number;
  /** CPU time (user + system, all threads) the server process spent per answered request. */
  serverCpuMs: number | null;
  /** CPU time the load generator (this process) spent per answered request. */
  clientCpuMs: number;
  /** What happened around the run (e.g. waiting for the server to drain a backlog). */
  notes: string[];
  /** The measured run on the system's monotonic clock, in µs (what V8 profiles use). */
  window: [number, number];
  ratio?: number;
  target?: Row["target"];
  met?: boolean | null;
};

export type LoadOptions = { url: string; connections: number; duration: number; warmup: number; serverPid?: number };

const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU milliseconds (user + system) a process has used so far, from /proc; null elsewhere. */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The scheduler state of a process's main thread ("R" running or runnable, "S" sleeping, ...). */
function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.charAt(stat.lastIndexOf(")") + 2);
  } catch {
    return null;
  }
}

/**
 * Waits until the server has finished the requests the load generator gave up on when a run
 * ended (it keeps working on them), so one row's backlog does not slow the next. The server
 * is idle when its main thread (the JavaScript thread: all of the app's work, SQLite included,
 * runs on it) is seen asleep in ten samples in a row over a second; a busy thread starved of
 * CPU by other processes shows as runnable, so a crowded machine does not fool it. Answers the
 * seconds waited, or null when it was still busy after `maxMs`.
 */
export async function settle(pid: number | undefined, maxMs = 180_000): Promise<number | null> {
  const started = Date.now();
  if (!pid || processState(pid) === null) return 0;
  let asleep = 0;
  while (asleep < 10) {
    if (Date.now() - started > maxMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const state = processState(pid);
    if (state === null) break;
    asleep = state === "S" ? asleep + 1 : 0;
  }
  return (Date.now() - started) / 1000;
}

/** Drives one row: a short warm-up (not counted), then the measured run. */
export async function runRow(row: Row, context: RowContext, options: LoadOptions): Promise<RowResult> {
  let n = 0;
  // Keeps autocannon's own fields (host, port) and replaces method, path, headers and body.
  const setupRequest = (request: RawRequest) => ({ ...request, ...row.request(context, n++) });
  const drive = (duration: number) => autocannon({ url: options.url, connections: options.connections, duration, timeout: 10, requests: [{ setupRequest }] });
  const backlog = async (when: string) => {
    const waited = await settle(options.serverPid);
    if (waited === null) notes.push(`server still busy 180 s after the ${when}`);
    else if (waited > 5) notes.push(`waited ${waited.toFixed(0)} s for the server to finish the ${when}'s abandoned requests`);
  };
  const notes: string[] = [];
  await backlog("previous row");
  if (options.warmup > 0) {
    await drive(options.warmup);
    await backlog("warm-up");
  }
  const serverBefore = processCpuMs(options.serverPid);
  const clientBefore = process.cpuUsage();
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const result = await drive(options.duration);
  const endUs = Number(process.hrtime.bigint() / 1000n);
  const serverAfter = processCpuMs(options.serverPid);
  const client = process.cpuUsage(clientBefore);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(stat.count);
  const requests = result.requests.total;
  return {
    key: row.key,
    label: row.label,
    rps: requests / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
    bytesPerRequest: requests > 0 ? result.throughput.total / requests : 0,
    serverCpuMs: serverBefore !== null && serverAfter !== null && requests > 0 ? (serverAfter - serverBefore) / requests : null,
    clientCpuMs: requests > 0 ? (client.user + client.system) / 1000 / requests : 0,
    window: [startUs, endUs],
    notes,
    target: row.target,
  };
}

/** Fills in each row's ratio to the bare row and whether its target was met. */
export function judge(results: RowResult[]): RowResult[] {
  const bare = results.find((result) => result.key === "bare");
  return results.map((result) => {
    const ratio = bare && bare.rps > 0 ? result.rps / bare.rps : undefined;
    let met: boolean | null = null;
    if (result.target) {
      met = result.requests > 0 && result.errors === 0 && result.non2xx === 0;
      if (result.target.rps !== undefined) met &&= result.rps >= result.target.rps;
      if (result.target.p99 !== undefined) met &&= result.p99 < result.target.p99;
    }
    return { ...result, ratio, met };
  });
}
