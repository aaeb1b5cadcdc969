// The rows of the benchmark and the load generator (autocannon, in this process).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CROWD_PAGES, crowdRow } from "./crowd";
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
export type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
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
  /** The crowd row's members, each with a session of their own (--crowd). */
  crowd?: Member[];
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
  /** What the row is compared with in the bare Remix reference (bench/reference), A B A B. */
  reference?: ReferenceKey;
  /** Issue 17's goal against the reference: at least `ratio` × its req/s (`floor` the least acceptable), p99 below `p99` ms. */
  goal?: Goal;
  /** Runs only when `--rows` names it, never in the whole table. */
  onlyNamed?: boolean;
};

export type ReferenceKey = "page" | "json";
export type Goal = { ratio: number; floor?: number; p99?: number };

const FEED_PAGE_TARGET = { rps: 265, p99: 250 };
const PAGE_GOAL: Goal = { ratio: 0.5 };

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
    reference: "page",
    goal: { ratio: 0.5, floor: 0.3, p99: 250 },
  },
  {
    key: "home-visitor",
    label: "home feed page / (visitor)",
    detail: "the same document for a visitor without cookies",
    request: (context) => ({ method: "GET", path: "/", headers: headers(context, null, { accept: "text/html" }) }),
    reference: "page",
  },
  {
    key: "api-feed",
    label: "GET /api/feed (member)",
    detail: "first page (50 posts) with the member's flags",
    request: (context) => ({ method: "GET", path: "/api/feed", headers: headers(context, context.members[0]) }),
    target: { rps: 730 },
    reference: "json",
    goal: { ratio: 0.5 },
  },
  {
    key: "home-following",
    label: "home Following feed /?feed=following (member)",
    detail: "the document of / on the Following feed of a member following 500 cars and 200 people (compare with home: Latest)",
    request: (context) => ({ method: "GET", path: "/?feed=following", headers: headers(context, context.members[0], { accept: "text/html" }) }),
    reference: "page",
  },
  {
    key: "api-feed-following",
    label: "GET /api/feed?feed=following (member)",
    detail: "first page (50 posts) of the Following feed of a member following 500 cars and 200 people (compare with api-feed: Latest)",
    request: (context) => ({ method: "GET", path: "/api/feed?feed=following", headers: headers(context, context.members[0]) }),
    reference: "json",
  },
  {
    key: "api-feed-following-quiet",
    label: "GET /api/feed?feed=following (quiet member)",
    detail: "first page of the Following feed of a member who follows only the 3 cars whose newest posts are the oldest (compare with api-feed: Latest)",
    request: (context) => ({ method: "GET", path: "/api/feed?feed=following", headers: headers(context, context.members[1]) }),
    reference: "json",
  },
  {
    key: "api-feed-visitor",
    label: "GET /api/feed (visitor)",
    detail: "first page (50 posts) for a visitor",
    request: (context) => ({ method: "GET", path: "/api/feed", headers: headers(context, null) }),
    reference: "json",
  },
  ...(["member", "visitor"] as const).flatMap((who): Row[] => {
    const suffix = who === "visitor" ? "-visitor" : "";
    const reader = (context: RowContext) => (who === "member" ? context.members[0] : null);
    return [
      {
        key: `post${suffix}`,
        label: `/post/{id} (${who})`,
        detail: "the public page of one post, ids spread over the whole table",
        request: (context, n) => ({
          method: "GET",
          path: `/post/${pick(context.targets.postIds, n)}`,
          headers: headers(context, reader(context), { accept: "text/html" }),
        }),
        reference: "page",
        goal: PAGE_GOAL,
      },
      {
        key: `showcase${suffix}`,
        label: `/showcase/{carId} (${who})`,
        detail: "a car's showcase, cars that appear in posts",
        request: (context, n) => ({
          method: "GET",
          path: `/showcase/${pick(context.targets.carIds, n)}`,
          headers: headers(context, reader(context), { accept: "text/html" }),
        }),
        reference: "page",
        goal: PAGE_GOAL,
      },
      {
        key: `events${suffix}`,
        label: `/events (${who})`,
        detail: "the list of coming events",
        request: (context) => ({ method: "GET", path: "/events", headers: headers(context, reader(context), { accept: "text/html" }) }),
        reference: "page",
        goal: PAGE_GOAL,
      },
      {
        key: `search${suffix}`,
        label: `/search (${who})`,
        detail: "the search page before a query is typed",
        request: (context) => ({ method: "GET", path: "/search", headers: headers(context, reader(context), { accept: "text/html" }) }),
        reference: "page",
        goal: PAGE_GOAL,
      },
    ];
  }),
  {
    key: "embed",
    label: "/embed/post/{id} (visitor)",
    detail: "the embeddable view, as a third-party page frames it (no cookies)",
    request: (context, n) => ({ method: "GET", path: `/embed/post/${pick(context.targets.postIds, n)}`, headers: headers(context, null, { accept: "text/html" }) }),
    reference: "page",
    goal: { ratio: 0.8 },
  },
  crowdRow(),
  ...CROWD_PAGES.map((page) => crowdRow(page)),
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

/** The requests of the bare Remix reference (bench/reference) that rows are compared with. */
export const REFERENCE_ROWS: Record<ReferenceKey, Row> = {
  page: {
    key: "reference-page",
    label: "reference page GET / (50 rows)",
    detail: "a Remix page whose loader reads 50 posts and their authors with Prisma from SQLite",
    request: (context) => ({ method: "GET", path: "/", headers: headers(context, null, { accept: "text/html" }) }),
  },
  json: {
    key: "reference-json",
    label: "reference JSON GET /api/rows",
    detail: "a Remix resource route answering the same 50 rows as JSON",
    request: (context) => ({ method: "GET", path: "/api/rows", headers: headers(context, null) }),
  },
};

/** The reference's side of a row: measured in the same run, alternating with the row. */
export type ReferenceResult = { key: string; label: string; rps: number; p50: number; p99: number; serverCpuMs: number | null; non2xx: number; errors: number };

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
  /** Rounds measured (A B A B with a reference: this row's rounds). */
  rounds?: number;
  reference?: ReferenceResult;
  /** req/s of the row ÷ req/s of its reference, over the same rounds. */
  refRatio?: number;
  goal?: Goal;
  /** "met", "floor" (at least the floor, below the goal) or "not met"; null without a goal or reference. */
  goalMet?: "met" | "floor" | "not met" | null;
};

export type LoadOptions = {
  url: string;
  connections: number;
  duration: number;
  warmup: number;
  serverPid?: number;
  /** Called just before and just after the measured run (after the warm-up). */
  onMeasured?: (phase: "start" | "end") => Promise<void>;
};

const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces); null when gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** `pid` and every process below it (a multi-process server's workers, their ffmpeg). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

/**
 * CPU milliseconds (user + system) a process and the processes below it have used so far,
 * from /proc; null elsewhere. A worker that exited is no longer counted, so a row during
 * which one is replaced reads low.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    let total = 0;
    let found = false;
    for (const member of processTree(pid)) {
      const fields = statFields(member);
      if (!fields) continue;
      found = true;
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    }
    return found ? total : null;
  } catch {
    return null;
  }
}

/**
 * The scheduler state of a process's main thread ("R" running or runnable, "S" sleeping, ...),
 * and of its workers': "R" when any of them runs.
 */
function processState(pid: number): string | null {
  const own = statFields(pid)?.[0] ?? null;
  if (own === null) return null;
  let tree: number[];
  try {
    tree = processTree(pid);
  } catch {
    return own;
  }
  return tree.some((member) => statFields(member)?.[0] === "R") ? "R" : own;
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
  await options.onMeasured?.("start");
  const serverBefore = processCpuMs(options.serverPid);
  const clientBefore = process.cpuUsage();
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const result = await drive(options.duration);
  const endUs = Number(process.hrtime.bigint() / 1000n);
  await options.onMeasured?.("end");
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
    goal: row.goal,
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
    let goalMet: RowResult["goalMet"] = null;
    if (result.goal && result.refRatio !== undefined) {
      const clean = result.requests > 0 && result.errors === 0 && result.non2xx === 0 && (result.goal.p99 === undefined || result.p99 < result.goal.p99);
      if (clean && result.refRatio >= result.goal.ratio) goalMet = "met";
      else if (clean && result.goal.floor !== undefined && result.refRatio >= result.goal.floor) goalMet = "floor";
      else goalMet = "not met";
    }
    return { ...result, ratio, met, goalMet };
  });
}

/**
 * One row's rounds as one result: req/s over every measured second, the mean of the rounds'
 * p50 and p99, server CPU over every answered request, the counts summed.
 */
export function combineRounds(runs: RowResult[]): RowResult {
  const first = runs[0];
  if (runs.length === 1) return { ...first, rounds: 1 };
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + (run.rps > 0 ? run.requests / run.rps : 0), 0);
  const mean = (pick: (run: RowResult) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  const cpuRuns = runs.filter((run) => run.serverCpuMs !== null);
  const statuses: Record<string, number> = {};
  for (const run of runs) for (const [code, count] of Object.entries(run.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  return {
    ...first,
    rps: seconds > 0 ? requests / seconds : 0,
    p50: mean((run) => run.p50),
    p90: mean((run) => run.p90),
    p99: mean((run) => run.p99),
    max: Math.max(...runs.map((run) => run.max)),
    requests,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    statuses,
    bytesPerRequest: requests > 0 ? runs.reduce((sum, run) => sum + run.bytesPerRequest * run.requests, 0) / requests : 0,
    serverCpuMs: cpuRuns.length === runs.length && requests > 0 ? cpuRuns.reduce((sum, run) => sum + (run.serverCpuMs ?? 0) * run.requests, 0) / requests : null,
    clientCpuMs: requests > 0 ? runs.reduce((sum, run) => sum + run.clientCpuMs * run.requests, 0) / requests : 0,
    notes: runs.flatMap((run) => run.notes),
    rounds: runs.length,
  };
}
