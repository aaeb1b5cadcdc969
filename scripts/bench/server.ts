// The benchmark's own production server: a build in its own folder, a fresh database (the
// demo seed or a scale seed, the latter cached by size and seed source), server.ts on
// 127.0.0.1 in its own process group, and members signed in through the real API.
import { BENCH_METRICS_TOKEN } from "./crowd";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { root, startServerProcess, type ServerProcess } from "../lib/server-process";

export { killAll, root, runWithServers } from "../lib/server-process";
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

export type Log = (line: string) => void;

export type Workspace = {
  dir: string;
  buildDir: string;
  /** The bare Remix reference's build (bench/reference). */
  referenceDir: string;
  database: string;
  media: string;
  outbox: string;
  log: string;
  profiles: string;
};

/** Everything one benchmark port uses lives in tests/.tmp/bench-<port>. */
export function workspace(port: number, name = `bench-${port}`): Workspace {
  const dir = path.join(root, "tests", ".tmp", name);
  return {
    dir,
    buildDir: path.join(dir, "build-dir"),
    referenceDir: path.join(dir, "reference"),
    database: path.join(dir, "bench.db"),
    media: path.join(dir, "media"),
    outbox: path.join(dir, "outbox"),
    log: path.join(dir, "server.log"),
    profiles: path.join(dir, "profiles"),
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, quiet = true): void {
  const result = spawnSync(command, args, { cwd: root, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", timeout: 15 * 60_000 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-20).join("\n");
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${output}`);
  }
}

/** A production build into the workspace (NODE_ENV=production, as it is served). */
export function buildApp(ws: Workspace, log: Log) {
  const started = Date.now();
  mkdirSync(ws.dir, { recursive: true });
  run(bin("remix"), ["vite:build"], { ...process.env, NODE_ENV: "production", REMIX_BUILD_DIR: ws.buildDir });
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s → ${path.relative(root, ws.buildDir)}`);
}

const referenceSources = path.join(root, "bench", "reference");

/** The bare Remix reference (bench/reference), built with the project's remix CLI into the workspace. */
export function buildReference(ws: Workspace, log: Log) {
  const started = Date.now();
  mkdirSync(ws.referenceDir, { recursive: true });
  const result = spawnSync(bin("remix"), ["build"], {
    cwd: referenceSources,
    env: { ...process.env, NODE_ENV: "production", REFERENCE_BUILD_DIR: ws.referenceDir },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 5 * 60_000,
  });
  if (result.status !== 0) throw new Error(`Building the reference failed:\n${`${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-20).join("\n")}`);
  log(`Built the bare Remix reference in ${((Date.now() - started) / 1000).toFixed(1)} s → ${path.relative(root, ws.referenceDir)}`);
}

/**
 * The reference's server (bench/reference/server.mjs) on 127.0.0.1:port, reading the benchmark's
 * database: the workspace's SQLite file, or `database` (a postgresql:// URL) when given.
 */
export function startReference(ws: Workspace, options: { port: number; processes: number; database?: string }): Promise<Server> {
  return startServerProcess({
    port: options.port,
    buildDir: ws.referenceDir,
    files: { ...ws, log: path.join(ws.dir, "reference.log") },
    script: [path.join(referenceSources, "server.mjs"), path.join(ws.referenceDir, "build", "index.js")],
    readyPath: "/api/rows",
    stopTimeoutMs: 10_000,
    env: { REFERENCE_DATABASE: options.database ?? ws.database, WEB_CONCURRENCY: String(options.processes) },
  });
}

function removeDatabase(file: string) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
}

function sourcesDigest(files: string[]): string {
  const hash = createHash("sha256");
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full, { recursive: true }).map(String).sort()) {
        const inner = path.join(full, entry);
        if (statSync(inner).isFile()) hash.update(entry).update(readFileSync(inner));
      }
    } else hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

export type Seed = { kind: "demo" } | { kind: "scale"; users: number; posts: number };

export function describeSeed(seed: Seed): string {
  return seed.kind === "demo" ? "demo seed" : `scale seed: ${seed.users.toLocaleString("en-US")} members, ${seed.posts.toLocaleString("en-US")} posts`;
}

/**
 * A fresh database and media folder for the workspace. Scale seeds are kept in
 * tests/.tmp/bench-cache (keyed by size and the seed's sources) and copied, so a second
 * run at the same size starts in seconds; `fresh` re-seeds anyway.
 */
export function prepareData(ws: Workspace, seed: Seed, log: Log, fresh = false) {
  mkdirSync(ws.dir, { recursive: true });
  removeDatabase(ws.database);
  rmSync(ws.media, { recursive: true, force: true });
  rmSync(ws.outbox, { recursive: true, force: true });
  const env = { ...process.env, DATABASE_URL: `file:${ws.database}`, MEDIA_DIR: ws.media, MAIL_OUTBOX_DIR: ws.outbox };
  const started = Date.now();

  if (seed.kind === "demo") {
    run(bin("tsx"), ["scripts/db.ts", "migrate"], env);
    run(bin("tsx"), ["prisma/seed.ts"], env);
    log(`Demo seed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }

  const digest = sourcesDigest(["scripts/bench/scale.ts", "scripts/bench/words.ts", "scripts/bench/pool.ts", "prisma/migrations"]);
  const cache = path.join(root, "tests", ".tmp", "bench-cache", `scale-${seed.users}-${seed.posts}-${digest}`);
  const cachedDb = path.join(cache, "bench.db");
  if (!fresh && existsSync(path.join(cache, "complete"))) {
    cpSync(cachedDb, ws.database);
    cpSync(path.join(cache, "media"), ws.media, { recursive: true, verbatimSymlinks: true });
    log(`${describeSeed(seed)} copied from the cache in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
  log(`Seeding (${describeSeed(seed)})…`);
  run(bin("tsx"), ["scripts/seed-scale.ts", "--users", String(seed.users), "--posts", String(seed.posts), "--quiet"], env);
  log(`${describeSeed(seed)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    // A checkpointed, single-file copy.
    const Database = createRequire(import.meta.url)("better-sqlite3");
    const db = new Database(ws.database);
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
    cpSync(ws.database, cachedDb);
    cpSync(ws.media, path.join(cache, "media"), { recursive: true, verbatimSymlinks: true });
    closeSync(openSync(path.join(cache, "complete"), "w"));
  } catch (error) {
    log(`(could not cache the seeded database: ${(error as Error).message})`);
  }
}

export type Server = ServerProcess;

export type ServerOptions = {
  port: number;
  /** Node's --cpu-prof into ws.profiles. */
  cpuProfile?: boolean;
  /** Processes serving requests (WEB_CONCURRENCY). */
  processes?: number;
  extraEnv?: Record<string, string>;
};

/** The project's server (server/index.ts, production) on 127.0.0.1:port in its own process group; resolves when it answers. */
export async function startServer(ws: Workspace, options: ServerOptions): Promise<Server> {
  // The server stops gracefully on SIGTERM and exits, which lets --cpu-prof write its profile.
  const nodeArgs: string[] = [];
  if (options.cpuProfile) {
    mkdirSync(ws.profiles, { recursive: true });
    nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${ws.profiles}`);
  }
  mkdirSync(ws.dir, { recursive: true });
  return startServerProcess({
    port: options.port,
    buildDir: ws.buildDir,
    files: ws,
    nodeArgs,
    readyPath: "/version.json",
    stopTimeoutMs: 10_000,
    env: {
      SESSION_SECRET: "bench-session-secret",
      // The benchmark sends thousands of likes, comments and follows a minute from a few
      // members: the limits (per member) would answer 429 after the first seconds.
      RATE_LIMIT_SCALE: "1000000",
      // Uploads of the upload → ready rows wait here for their background job.
      UPLOAD_TMP_DIR: path.join(ws.dir, "incoming"),
      WEB_CONCURRENCY: String(options.processes ?? 1),
      // The crowd row reads the caches' hit counts from /metrics.
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      ...options.extraEnv,
    },
  });
}

export type Member = { email: string; cookie: string; id: number; username: string };

/** Signs in through POST /api/auth/login and answers the session cookie. */
export async function signIn(url: string, email: string, password: string): Promise<Member> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .filter((pair) => pair.startsWith("__session="))
    .join("; ");
  if (!cookie) throw new Error(`Sign-in as ${email} gave no session cookie`);
  const body = (await response.json()) as { user: { id: number; username: string } };
  return { email, cookie, id: body.user.id, username: body.user.username };
}

/** Signs up `count` members of the crowd (crowd_1, crowd_2, …) through POST /api/auth/register; each keeps the session it gets. */
export async function registerCrowd(url: string, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let index = 1; index <= count; index++) {
    const username = `crowd_${index}`;
    const email = `${username}@bench.example`;
    const response = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Origin: url },
      body: JSON.stringify({ username, email, password: "crowd-password-1" }),
    });
    if (!response.ok) {
      // Signed up by an earlier table of this run: sign in instead.
      members.push(await signIn(url, email, "crowd-password-1"));
      continue;
    }
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .filter((pair) => pair.startsWith("__session="))
      .join("; ");
    const body = (await response.json()) as { user: { id: number; username: string } };
    members.push({ email, cookie, id: body.user.id, username: body.user.username });
  }
  return members;
}
