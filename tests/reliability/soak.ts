// Soak: mixed reads and writes at 50 connections for SOAK_SECONDS (default 300) with
// autocannon: zero 5xx, and memory stable: the server's RSS at the end stays within a bound
// of its RSS after the warm-up (the first fifth of the run, at least 10 s).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ensure, openDatabase, rng, signIn, sleep, startServer, workspace, DEMO, type Check } from "./harness";
import { postPath, userPath } from "~/lib/paths";

const PORT = 3235;
const CONNECTIONS = 50;

type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Result = {
  requests: { total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests: Array<{ setupRequest: (request: RawRequest) => RawRequest }>;
}) => Promise<Result> & { stop(): void };
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export const soak: Check = {
  name: "soak",
  async run(log) {
    const seconds = Number(process.env.SOAK_SECONDS ?? 300);
    const ws = workspace("soak");
    const server = await startServer(ws, PORT);
    const members = [await signIn(server.url, DEMO.member), await signIn(server.url, DEMO.admin)];
    const db = openDatabase(ws.database, { readonly: true });
    const postIds = (db.prepare("SELECT id FROM posts ORDER BY id").all() as { id: number }[]).map((row) => row.id);
    const usernames = (db.prepare("SELECT username FROM users ORDER BY id").all() as { username: string }[]).map((row) => row.username);
    db.close();
    ensure(postIds.length > 0, "the seed has no posts");

    const random = rng(Number(process.env.SOAK_SEED ?? 7));
    let n = 0;
    const json = (body: unknown) => JSON.stringify(body);
    const mix: Array<[number, () => RawRequest]> = [
      [20, () => ({ method: "GET", path: "/" })],
      [15, () => ({ method: "GET", path: "/api/feed?limit=20" })],
      [10, () => ({ method: "GET", path: postPath(random.pick(postIds)) })],
      [10, () => ({ method: "GET", path: `/api/posts/${random.pick(postIds)}/comments` })],
      [5, () => ({ method: "GET", path: userPath(random.pick(usernames)) })],
      [5, () => ({ method: "GET", path: "/api/notifications" })],
      [10, () => ({ method: "POST", path: `/api/posts/${random.pick(postIds)}/like`, body: json({ type: random.pick(["like", "dislike"]) }) })],
      [8, () => ({ method: "POST", path: "/api/comments", body: json({ postId: random.pick(postIds), content: `Soak comment ${n++}` }) })],
      [5, () => ({ method: "POST", path: `/api/posts/${random.pick(postIds)}/save`, body: "{}" })],
      [5, () => ({ method: "POST", path: "/api/messages", body: json({ to: "demo", content: `Soak message ${n++}` }) })],
      [3, () => ({ method: "POST", path: "/api/posts", body: json({ story: `Soak post ${n++}` }) })],
      [4, () => ({ method: "GET", path: "/api/messages" })],
    ];
    const weight = mix.reduce((sum, [w]) => sum + w, 0);
    const setupRequest = (request: RawRequest): RawRequest => {
      let roll = random.next() * weight;
      let make = mix[0][1];
      for (const [w, build] of mix) {
        if ((roll -= w) < 0) {
          make = build;
          break;
        }
      }
      const made = make();
      // admin writes to demo, demo reads: both members take part.
      const member = made.path === "/api/messages" && made.method === "POST" ? members[1] : random.pick(members);
      return {
        ...request,
        ...made,
        headers: { Cookie: member.cookie, Accept: "application/json", ...(made.body ? { "Content-Type": "application/json" } : {}) },
      };
    };

    const pid = server.child.pid!;
    const warmupSeconds = Math.max(10, Math.round(seconds / 5));
    const samples: { at: number; rss: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 1000, rss: rssMb(pid) }), 1000);
    const startRss = rssMb(pid);
    const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, timeout: 30, requests: [{ setupRequest }] });
    clearInterval(sampler);
    await sleep(500);
    const endRss = rssMb(pid);
    await server.stop();

    const afterWarmup = samples.filter((sample) => sample.at >= warmupSeconds);
    const warmRss = afterWarmup[0]?.rss ?? startRss;
    const peak = Math.max(...samples.map((sample) => sample.rss));
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stat]) => `${code}×${stat.count}`)
      .join(" ");
    const fiveXX = Object.entries(result.statusCodeStats ?? {}).reduce((sum, [code, stat]) => (code.startsWith("5") ? sum + stat.count : sum), 0);
    const growth = endRss - warmRss;
    // Stable: no more than 25% (and 64 MB at least, for short runs) above the warm RSS.
    const bound = Math.max(64, warmRss * 0.25);
    log(
      `${result.requests.total} requests in ${seconds} s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms); statuses ${statuses}; errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    log(
      `RSS: start ${startRss.toFixed(0)} MB, after ${warmupSeconds} s warm-up ${warmRss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, end ${endRss.toFixed(0)} MB (bound +${bound.toFixed(0)} MB)`,
    );
    ensure(result.requests.total > 0, "no requests were answered");
    ensure(fiveXX === 0, `${fiveXX} answers were 5xx (${statuses})`);
    // Timeouts and dropped connections are reported, not failed: on an overloaded machine a
    // page whose render passes entry.server's streamTimeout (5 s, queueing included) is
    // aborted by the app and its connection closed. Zero 5xx and stable memory are the rules.
    ensure(growth <= bound, `RSS grew ${growth.toFixed(0)} MB after the warm-up (bound ${bound.toFixed(0)} MB)`);
    const non5xx = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => /^\d{3}$/.test(code) && !code.startsWith("2"))
      .map(([code, stat]) => `${code}×${stat.count}`);
    const dropped = result.errors ? `; ${result.errors} connection errors (${result.timeouts} timeouts)` : "";
    return `${result.requests.total} mixed requests at ${CONNECTIONS} connections over ${seconds} s, zero 5xx${non5xx.length ? ` (other non-2xx: ${non5xx.join(" ")})` : ""}${dropped}; RSS ${warmRss.toFixed(0)} MB after warm-up → ${endRss.toFixed(0)} MB at the end (peak ${peak.toFixed(0)} MB)`;
  },
};
