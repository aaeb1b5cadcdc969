// The benchmark (issues 8 and 17): builds the app and the bare Remix reference (bench/reference),
// seeds a fresh database, starts the production server and the reference on 127.0.0.1, signs
// members in, drives each row with autocannon (alternating with its reference request, A B A B)
// and prints one table (requests/s, p50, p99, errors, non-2xx, ratio to a bare route and to the
// reference), plus the JavaScript a first visit to / downloads. Writes bench/results/<timestamp>.md
// and .json.
//
//   npx tsx scripts/bench.ts [--scale USERS,POSTS] [--duration 10] [--connections 32]
//        [--warmup 2 (12 on PostgreSQL)] [--rows home,api-feed,...] [--port 3213] [--members 8] [--crowd 200] [--gzip]
//        [--cpu-prof] [--no-build] [--fresh-seed] [--node-baseline] [--max-minutes 30] [--no-uploads]
//        [--no-reference] [--rounds 2] [--processes 1|all|N|1,all] [--database sqlite|postgres]
//   npx tsx scripts/bench.ts --growth [--growth-sizes 1000,200000] [--growth-users 10000]
//        [--rounds 3] [--duration 5]
//
// How to read the table: bench/README.md.
import { createServer } from "node:http";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { DEMO_PASSWORD, USERS } from "../prisma/seed/data";
import { combineRounds, judge, REFERENCE_ROWS, ROWS, runRow, type Row, type RowContext, type RowResult, type Targets } from "./bench/load";
import { profileText, summarizeProfile } from "./bench/profile";
import { machine, textTable, uptime, weightText, writeReport, type Report } from "./bench/report";
import { SCALE_PASSWORD, scaleEmail } from "./bench/scale";
import {
  buildApp,
  buildReference,
  describeSeed,
  killAll,
  prepareData,
  registerCrowd,
  root,
  runWithServers,
  signIn,
  startReference,
  startServer,
  workspace,
  type Member,
  type Seed,
  type Server,
  type Workspace,
} from "./bench/server";
import { pageWeight, type Weight } from "./bench/weight";
import { CLIPS, uploadTable, uploadToReady, type UploadResult } from "./bench/upload";
import { hitRates, keptCounts, takeCrowdCounts, type KeptCounts } from "./bench/crowd";
import { FOLLOWING_ROWS, followForBench, quietFollowForBench } from "./bench/following";
import { postgresCopyOf } from "./bench/postgres";
import { startPostgres, type PostgresServer } from "./lib/postgres";

const USAGE = `Usage: tsx scripts/bench.ts [--scale USERS,POSTS] [--duration S] [--connections N] [--warmup S]
       [--rows key,...] [--port P] [--members N] [--crowd N] [--gzip] [--cpu-prof] [--no-build] [--fresh-seed]
       [--node-baseline] [--max-minutes M] [--no-uploads] [--no-reference] [--no-reuse] [--rounds R] [--processes 1|all|N|1,all]
       [--database sqlite|postgres]
   or: tsx scripts/bench.ts --growth [--growth-sizes SMALL,LARGE] [--growth-users N] [--rounds R] [--duration S]
Rows: ${[...ROWS.map((row) => row.key), ...CLIPS.map((clip) => clip.key)].join(", ")}`;

type Options = {
  scale: { users: number; posts: number } | null;
  duration: number;
  connections: number;
  warmup: number;
  rows: string[] | null;
  port: number;
  members: number;
  /** Members of the crowd row, each with a session of their own. */
  crowd: number;
  gzip: boolean;
  cpuProf: boolean;
  build: boolean;
  freshSeed: boolean;
  nodeBaseline: boolean;
  uploads: boolean;
  maxMinutes: number;
  growth: boolean;
  growthSizes: [number, number];
  growthUsers: number;
  rounds: number;
  /** Compare rows with the bare Remix reference, A B A B. */
  reference: boolean;
  /** Process counts (WEB_CONCURRENCY) to run the whole table with, one after the other. */
  processes: number[];
  /** Keep no rendered page or feed answer (RENDER_REUSE_SECONDS=0): every request reads the database. */
  noReuse: boolean;
  /** The database both servers read: the seeded SQLite file, or a copy of it in a throwaway PostgreSQL. */
  database: "sqlite" | "postgres";
};

const ALL_CORES = Math.max(1, os.availableParallelism());

/** The default warm-up on PostgreSQL, in seconds (see parseArgs). */
const POSTGRES_WARMUP_S = 12;

function parseArgs(argv: string[]): Options {
  const options: Options = {
    scale: null,
    duration: 10,
    connections: 32,
    warmup: 2,
    rows: null,
    uploads: true,
    port: 3213,
    members: 8,
    crowd: 200,
    gzip: false,
    cpuProf: false,
    noReuse: false,
    build: true,
    freshSeed: false,
    nodeBaseline: false,
    maxMinutes: 30,
    growth: false,
    growthSizes: [1000, 200_000],
    growthUsers: 10_000,
    rounds: 0,
    reference: true,
    processes: [1],
    database: "sqlite",
  };
  let durationGiven = false;
  let warmupGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes("=") ? (arg.split(/=(.*)/s, 2) as [string, string]) : [arg, undefined];
    const text = () => {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`${name} needs a value.\n${USAGE}`);
      return value;
    };
    const number = (min = 0) => {
      const value = Number(text().replace(/_/g, ""));
      if (!Number.isFinite(value) || value < min) throw new Error(`${name} needs a number of at least ${min}.\n${USAGE}`);
      return value;
    };
    const pair = (): [number, number] => {
      const parts = text()
        .split(",")
        .map((part) => Number(part.trim().replace(/_/g, "")));
      if (parts.length !== 2 || parts.some((part) => !Number.isSafeInteger(part) || part < 0))
        throw new Error(`${name} needs two whole numbers like 10000,200000.\n${USAGE}`);
      return [parts[0], parts[1]];
    };
    switch (name) {
      case "--scale": {
        const [users, posts] = pair();
        options.scale = { users, posts };
        break;
      }
      case "--duration":
        options.duration = number(1);
        durationGiven = true;
        break;
      case "--connections":
        options.connections = Math.floor(number(1));
        break;
      case "--warmup":
        options.warmup = number(0);
        warmupGiven = true;
        break;
      case "--rows":
        options.rows = text()
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean);
        break;
      case "--port":
        options.port = Math.floor(number(1));
        break;
      case "--members":
        options.members = Math.floor(number(1));
        break;
      case "--crowd":
        options.crowd = Math.floor(number(1));
        break;
      case "--max-minutes":
        options.maxMinutes = number(1);
        break;
      case "--growth-sizes":
        options.growthSizes = pair();
        break;
      case "--growth-users":
        options.growthUsers = Math.floor(number(2));
        break;
      case "--rounds":
        options.rounds = Math.floor(number(1));
        break;
      case "--gzip":
        options.gzip = true;
        break;
      case "--cpu-prof":
        options.cpuProf = true;
        break;
      case "--no-reuse":
        options.noReuse = true;
        break;
      case "--no-build":
        options.build = false;
        break;
      case "--fresh-seed":
        options.freshSeed = true;
        break;
      case "--no-uploads":
        options.uploads = false;
        break;
      case "--node-baseline":
        options.nodeBaseline = true;
        break;
      case "--growth":
        options.growth = true;
        break;
      case "--no-reference":
        options.reference = false;
        break;
      case "--processes":
        options.processes = text()
          .split(",")
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean)
          .map((part) => {
            if (part === "all") return ALL_CORES;
            const count = Number(part);
            if (!Number.isSafeInteger(count) || count < 1) throw new Error(`--processes takes 1, all, a number or a list such as 1,all.\n${USAGE}`);
            return count;
          });
        if (options.processes.length === 0) throw new Error(`--processes needs a value.\n${USAGE}`);
        break;
      case "--database": {
        const value = text().trim().toLowerCase();
        if (value === "sqlite") options.database = "sqlite";
        else if (value === "postgres" || value === "postgresql") options.database = "postgres";
        else throw new Error(`--database takes sqlite or postgres.\n${USAGE}`);
        break;
      }
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`Unknown option ${arg}.\n${USAGE}`);
    }
  }
  if (options.growth && !durationGiven) options.duration = 5;
  // PostgreSQL plans a prepared statement anew on each of its first five runs on a connection
  // before it keeps a plan, and a page statement takes milliseconds to plan: measured after a
  // 2 s warm-up, the pool's connections were still planning (a fifth of the crowd's throughput).
  if (options.database === "postgres" && !warmupGiven) options.warmup = POSTGRES_WARMUP_S;
  if (options.growth && options.database !== "sqlite") throw new Error(`--growth runs on SQLite only.\n${USAGE}`);
  // Growth: 3 alternating rounds per size; the benchmark: A B A B (2 rounds) against the reference.
  if (options.rounds === 0) options.rounds = options.growth ? 3 : 2;
  const unknown = (options.rows ?? []).filter((key) => !ROWS.some((row) => row.key === key) && !CLIPS.some((clip) => clip.key === key));
  if (unknown.length > 0) throw new Error(`Unknown row ${unknown.join(", ")}.\n${USAGE}`);
  return options;
}

const log = (line: string) => console.log(line);

// ------------------------------------------------------------------ data read from the database

type DatabaseFacts = { targets: Targets; counts: Record<string, number> };

function readFacts(file: string): DatabaseFacts {
  const Database = createRequire(import.meta.url)("better-sqlite3");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const spread = (ids: number[], count: number) => {
      if (ids.length <= count) return ids;
      const step = ids.length / count;
      return Array.from({ length: count }, (_, index) => ids[Math.floor(index * step)]);
    };
    const postIds = spread(db.prepare(`SELECT "id" FROM "posts" ORDER BY "id"`).pluck().all() as number[], 2000);
    const carIds = spread(db.prepare(`SELECT DISTINCT "carId" FROM "post_cars" ORDER BY "carId"`).pluck().all() as number[], 1000);
    const counts: Record<string, number> = {};
    for (const table of ["users", "cars", "posts", "photos", "post_likes", "comments"]) {
      counts[table] = db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number;
    }
    if (postIds.length === 0 || carIds.length === 0) throw new Error("The seeded database has no posts with cars to benchmark.");
    return { targets: { postIds, carIds }, counts };
  } finally {
    db.close();
  }
}

// ------------------------------------------------------------------ members

function memberLogins(seed: Seed, count: number): Array<{ email: string; password: string }> {
  if (seed.kind === "scale") {
    return Array.from({ length: Math.min(count, seed.users - 1) }, (_, index) => ({ email: scaleEmail(index + 2), password: SCALE_PASSWORD }));
  }
  // The demo member first (the page reader), then the other demo people; not the administrator.
  return USERS.filter((user) => user.role !== "admin")
    .slice(0, count)
    .map((user) => ({ email: user.email, password: DEMO_PASSWORD }));
}

/** The crowd row's members: the scale seed's people, or members signed up for it on the demo seed. */
async function crowdOf(url: string, seed: Seed, count: number): Promise<Member[]> {
  return seed.kind === "scale" ? signInAll(url, seed, count) : registerCrowd(url, count);
}

async function signInAll(url: string, seed: Seed, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (const login of memberLogins(seed, count)) members.push(await signIn(url, login.email, login.password));
  return members;
}

// ------------------------------------------------------------------ a bare Node server (optional)

async function nodeBaseline(port: number, options: Options): Promise<RowResult> {
  const body = JSON.stringify({ ok: true });
  const server = createServer((_, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    const row: Row = { key: "node", label: "bare Node http (same process as the load)", detail: "", request: () => ({ method: "GET", path: "/" }) };
    const context: RowContext = { members: [], targets: { postIds: [], carIds: [] }, gzip: false, origin: "" };
    return await runRow(row, context, { url: `http://127.0.0.1:${port}`, connections: options.connections, duration: options.duration, warmup: 1 });
  } finally {
    server.close();
  }
}

// ------------------------------------------------------------------ the normal benchmark

/** The newest profile of the server's main thread (CPU.<date>.<time>.<pid>.0.<seq>.cpuprofile). */
function newestProfile(ws: Workspace): string | null {
  if (!existsSync(ws.profiles)) return null;
  // Worker threads (thread id > 0) write their own files; the requests run on thread 0.
  const files = readdirSync(ws.profiles)
    .filter((file) => /\.0\.\d+\.cpuprofile$/.test(file))
    .sort();
  return files.length > 0 ? path.join(ws.profiles, files[files.length - 1]) : null;
}

/** The benchmark's name of the database both servers read. */
const POSTGRES_DATABASE = "bench";

async function benchmark(options: Options) {
  if (options.database === "sqlite") return benchmarkOn(options, null);
  // A throwaway PostgreSQL for this run, stopped and deleted at the end, whatever happens.
  const postgres = await startPostgres({ settings: { shared_buffers: "256MB" } });
  process.on("exit", postgres.killNow);
  try {
    log(`PostgreSQL ${postgres.version} on 127.0.0.1:${postgres.port} (data in ${postgres.dataDir}).`);
    await benchmarkOn(options, postgres);
  } finally {
    await postgres.stop();
  }
}

async function benchmarkOn(options: Options, postgres: PostgresServer | null) {
  const before = machine();
  log(`Benchmark on ${os.cpus().length} cores. ${before.uptimeBefore}`);
  const ws = workspace(options.port);
  const seed: Seed = options.scale ? { kind: "scale", ...options.scale } : { kind: "demo" };
  if (options.build || !existsSync(path.join(ws.buildDir, "build", "server", "index.js"))) buildApp(ws, log);
  if (options.reference && (options.build || !existsSync(path.join(ws.referenceDir, "build", "index.js")))) buildReference(ws, log);
  const followingRows = ROWS.some((row) => FOLLOWING_ROWS.includes(row.key) && (!options.rows || options.rows.includes(row.key)));
  /** The PostgreSQL database both servers read (with --database postgres). */
  let postgresUrl = null as string | null;
  const databaseName = postgres ? `PostgreSQL ${postgres.version.split(" ")[0]}` : "SQLite";
  // The data each table reads: the seed in SQLite, the Following readers' follows, and with
  // --database postgres a copy of all of it in PostgreSQL. Facts are read from the SQLite
  // file, which holds the same rows.
  const prepareDatabase = async () => {
    prepareData(ws, seed, log, options.freshSeed);
    if (followingRows) {
      const [reader, quietReader] = memberLogins(seed, Math.max(2, options.members));
      const follows = followForBench(ws.database, reader.email);
      log(`${reader.email} follows ${follows.cars} cars and ${follows.people} people for the Following rows.`);
      const quiet = quietFollowForBench(ws.database, quietReader.email);
      log(`${quietReader.email} follows only the ${quiet} cars whose newest posts are the oldest, for the quiet Following row.`);
    }
    if (postgres) {
      const started = Date.now();
      const copy = await postgresCopyOf(postgres.url, POSTGRES_DATABASE, ws.database);
      postgresUrl = copy.url;
      log(
        `Copied ${copy.rows.toLocaleString("en-US")} rows into PostgreSQL (database ${POSTGRES_DATABASE}, migrated) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
    }
  };
  await prepareDatabase();
  log(`Database: ${databaseName}.`);
  const facts = readFacts(ws.database);
  log(
    `Data: ${Object.entries(facts.counts)
      .map(([table, count]) => `${table} ${count.toLocaleString("en-US")}`)
      .join(", ")}`,
  );

  const results: RowResult[] = [];
  const uploads: UploadResult[] = [];
  let weight: Weight | null = null;
  const notes: string[] = [];
  const referencePort = options.port + 2; // the growth check uses port + 1
  for (const [index, processes] of options.processes.entries()) {
    const tag = options.processes.length > 1 ? ` [${processes} process${processes === 1 ? "" : "es"}]` : "";
    // Each table reads the same data: the writes of the table before (thousands of comments
    // from its comment row) would make its pages heavier than the first table's.
    if (index > 0) await prepareDatabase();
    const server = await startServer(ws, {
      port: options.port,
      cpuProfile: options.cpuProf,
      processes,
      extraEnv: {
        ...(options.noReuse ? { RENDER_REUSE_SECONDS: "0" } : {}),
        ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
      },
    });
    let reference: Server | null = null;
    try {
      if (options.reference) reference = await startReference(ws, { port: referencePort, processes, database: postgresUrl ?? undefined });
      const members = await signInAll(server.url, seed, options.members);
      log(
        `${tag ? `${tag.trim()}: ` : ""}${processes} process${processes === 1 ? "" : "es"} (WEB_CONCURRENCY). Signed in ${members.length} members (pages are read as ${members[0].email}).`,
      );
      if (index === 0) {
        try {
          weight = await pageWeight(server.url, "/");
          log(weightText(weight));
        } catch (error) {
          notes.push(`JavaScript weight not measured: ${(error as Error).message}`);
        }
        try {
          const embedPath = `/embed/post/${facts.targets.postIds[facts.targets.postIds.length - 1]}`;
          const embed = await pageWeight(server.url, embedPath);
          const line = `${embedPath}: ${embed.status}, ${embed.js.length} JavaScript files (${(embed.jsGzip / 1024).toFixed(1)} KB gzip), ${embed.inlineScripts} inline scripts, HTML ${(embed.htmlGzip / 1024).toFixed(1)} KB gzip`;
          log(line);
          notes.push(`Embed without JavaScript: ${line}.`);
        } catch (error) {
          notes.push(`Embed not checked: ${(error as Error).message}`);
        }
      }

      const rows = ROWS.filter((row) => row.key === "bare" || (options.rows ? options.rows.includes(row.key) : !row.onlyNamed));
      const crowd = rows.some((row) => row.key.startsWith("crowd")) ? await crowdOf(server.url, seed, options.crowd) : [];
      if (crowd.length > 0) log(`The crowd row's ${crowd.length} members are signed in, each with a session of their own.`);
      const context: RowContext = { members, crowd, targets: facts.targets, gzip: options.gzip, origin: server.url };
      const referenceContext: RowContext = { members: [], targets: facts.targets, gzip: options.gzip, origin: reference?.url ?? "" };
      log(
        `Driving ${rows.length} rows: ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s each${options.gzip ? ", Accept-Encoding: gzip" : ""}${reference ? `; rows with a reference: ${options.rounds} rounds, A B A B` : ""}.`,
      );
      const load = (target: Server) => ({ url: target.url, connections: options.connections, duration: options.duration, serverPid: target.child.pid });
      const setting: RowResult[] = [];
      for (const row of rows) {
        let result: RowResult;
        if (reference && row.reference) {
          const referenceRow = REFERENCE_ROWS[row.reference];
          const mine: RowResult[] = [];
          const theirs: RowResult[] = [];
          const hits: string[] = [];
          for (let round = 0; round < options.rounds; round++) {
            const warmup = round === 0 ? options.warmup : 0;
            let kept: KeptCounts | null = null;
            const onMeasured = row.key.startsWith("crowd")
              ? async (phase: "start" | "end") => {
                  if (phase === "start") {
                    takeCrowdCounts();
                    kept = await keptCounts(server.url);
                  } else hits.push(hitRates(kept, await keptCounts(server.url), takeCrowdCounts()));
                }
              : undefined;
            mine.push(await runRow(row, context, { ...load(server), warmup, onMeasured }));
            theirs.push(await runRow(referenceRow, referenceContext, { ...load(reference), warmup }));
          }
          result = combineRounds(mine);
          for (const [round, line] of hits.entries()) result.notes.push(`round ${round + 1}: ${line}`);
          const other = combineRounds(theirs);
          result.reference = {
            key: referenceRow.key,
            label: referenceRow.label,
            rps: other.rps,
            p50: other.p50,
            p99: other.p99,
            serverCpuMs: other.serverCpuMs,
            non2xx: other.non2xx,
            errors: other.errors,
          };
          result.refRatio = other.rps > 0 ? result.rps / other.rps : undefined;
          if (other.non2xx || other.errors) result.notes.push(`the reference answered ${other.non2xx} non-2xx and ${other.errors} errors`);
        } else {
          result = await runRow(row, context, { ...load(server), warmup: options.warmup });
        }
        result = { ...result, label: `${row.label}${tag}` };
        setting.push(result);
        const statuses = Object.entries(result.statuses)
          .map(([code, count]) => `${code}×${count}`)
          .join(" ");
        const cpu = result.serverCpuMs === null ? "" : `  server CPU ${result.serverCpuMs.toFixed(2)} ms/req`;
        const versus = result.reference ? `  vs reference ${result.reference.rps.toFixed(0)} req/s: ×${result.refRatio?.toFixed(2) ?? "?"}` : "";
        log(
          `  ${result.label.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms${cpu}${versus}  ${statuses || "no answer within the run"}${result.errors ? `  errors ${result.errors}` : ""}${result.notes.length ? `  (${result.notes.join("; ")})` : ""}`,
        );
      }
      results.push(...judge(setting));
      // Upload → ready: a clip per row, while a few clients read the home page (first setting only).
      const clips = index > 0 ? [] : CLIPS.filter((clip) => options.uploads && (!options.rows || options.rows.includes(clip.key)));
      for (const clip of clips) {
        const upload = await uploadToReady(server.url, members[0], clip, { log });
        uploads.push(upload);
        log(
          `  ${clip.label}: answered in ${upload.answeredS?.toFixed(1) ?? "-"} s, ${upload.status} after ${upload.readyS?.toFixed(1) ?? "-"} s; home p50 ${upload.busyP50?.toFixed(1) ?? "-"} ms meanwhile vs ${upload.idleP50?.toFixed(1) ?? "-"} ms idle${upload.note ? ` (${upload.note})` : ""}`,
        );
      }
    } finally {
      await reference?.stop();
      await server.stop();
    }
  }
  if (options.nodeBaseline) {
    const bare = results.find((result) => result.key === "bare");
    const node = await nodeBaseline(options.port + 1, options);
    results.push(...(bare ? judge([bare, node]).slice(1) : [node]));
  }

  const judged = results;
  for (const result of judged) for (const note of result.notes) notes.push(`${result.label}: ${note}.`);
  const after = { loadAfter: os.loadavg(), uptimeAfter: uptime() };
  console.log(`\nDatabase: ${databaseName}\n${textTable(judged)}\n`);
  if (uploads.length > 0) {
    console.log(`${uploadTable(uploads)}\n`);
    notes.push(`Upload → ready (answered: the file safely on disk; ready: every file processed; home p50 read by 2 clients):\n\n${uploadTable(uploads)}\n`);
  }
  if (weight) console.log(weightText(weight));
  console.log(`after: ${after.uptimeAfter}`);

  notes.push(
    "Ratio: each row's requests/s divided by the bare row's (GET /version.json, a resource route that answers constant JSON without touching the database or the session).",
    `Load generator: autocannon in the benchmark's own process, on the same ${os.cpus().length}-core machine as the server; it takes CPU from the server, as wrk did for the reference figures.`,
    "Pages (home, post, showcase, events, search) are read as the first signed-in member, or without cookies in the visitor rows; mutations rotate over every signed-in member; the embed row sends no cookie.",
    ...(options.reference
      ? [
          `× ref: the row's req/s divided by the bare Remix reference's (bench/reference: a page listing 50 rows read with Prisma from ${databaseName}, or the same rows as JSON for /api/feed), measured alternately in the same run: ${options.rounds} rounds of each, A B A B. Both servers run the same number of processes. CPU × ref: the reference's server CPU per request divided by the row's (the same ratio on one dedicated core).`,
        ]
      : []),
    `Rate limits are multiplied by 1,000,000 in the benchmark's server (RATE_LIMIT_SCALE), or mutations would be answered 429 after the first seconds.`,
  );
  const profile = newestProfile(ws);
  if (options.cpuProf && profile) {
    for (const result of judged) {
      if (result.key === "node" || result.requests === 0) continue;
      const text = profileText(summarizeProfile(profile, 14, result.window));
      console.log(`\n== ${result.label}: ${text}`);
    }
    console.log(`\n(profile: ${path.relative(root, profile)}; open it in Chrome DevTools › Performance)`);
    notes.push(`CPU profile of the server: ${path.relative(root, profile)}`);
  }
  const report: Report = {
    kind: "bench",
    machine: { ...before, ...after },
    options: {
      connections: options.connections,
      duration: `${options.duration} s`,
      warmup: `${options.warmup} s`,
      gzip: options.gzip ? "yes" : "no",
      members: options.members,
      processes: options.processes.join(", "),
      reference: options.reference ? `${options.rounds} rounds, A B A B` : "no",
    },
    seed: describeSeed(seed),
    database: postgres
      ? `PostgreSQL ${postgres.version}, a copy of the seeded SQLite database made after its set-ups; both servers read it`
      : "SQLite (better-sqlite3), the seeded file; both servers read it",
    counts: facts.counts,
    results: judged,
    weight,
    notes,
  };
  const files = writeReport(report);
  log(`Wrote ${path.relative(root, files.markdown)} and ${path.relative(root, files.json)}`);
}

// ------------------------------------------------------------------ the growth check

async function growth(options: Options) {
  const before = machine();
  log(`Growth check on ${os.cpus().length} cores. ${before.uptimeBefore}`);
  const [smallPosts, largePosts] = options.growthSizes;
  const large = workspace(options.port);
  const small = { ...workspace(options.port + 1), buildDir: large.buildDir };
  if (options.build || !existsSync(path.join(large.buildDir, "build", "server", "index.js"))) buildApp(large, log);
  const seeds: Record<"small" | "large", Seed> = {
    small: { kind: "scale", users: options.growthUsers, posts: smallPosts },
    large: { kind: "scale", users: options.growthUsers, posts: largePosts },
  };
  prepareData(small, seeds.small, log, options.freshSeed);
  prepareData(large, seeds.large, log, options.freshSeed);

  const servers = {
    small: await startServer(small, { port: options.port + 1 }),
    large: await startServer(large, { port: options.port }),
  };
  const keys = ["home", "api-feed"];
  const p50s: Record<string, number[]> = {};
  const rps: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  const results: RowResult[] = [];
  try {
    const contexts = {
      small: { members: await signInAll(servers.small.url, seeds.small, 1), targets: readFacts(small.database).targets, gzip: options.gzip, origin: servers.small.url },
      large: { members: await signInAll(servers.large.url, seeds.large, 1), targets: readFacts(large.database).targets, gzip: options.gzip, origin: servers.large.url },
    };
    log(`Alternating ${options.rounds} rounds of ${options.duration} s per row and size, ${options.connections} connections.`);
    for (let round = 0; round < options.rounds; round++) {
      for (const key of keys) {
        const row = ROWS.find((candidate) => candidate.key === key)!;
        // Alternate which size goes first, so a drift in the machine's load hits both alike.
        const order: Array<"small" | "large"> = round % 2 === 0 ? ["small", "large"] : ["large", "small"];
        for (const size of order) {
          const result = await runRow(row, contexts[size], {
            url: servers[size].url,
            connections: options.connections,
            duration: options.duration,
            warmup: 1,
            serverPid: servers[size].child.pid,
          });
          (p50s[`${key}:${size}`] ??= []).push(result.p50);
          (rps[`${key}:${size}`] ??= []).push(result.rps);
          if (result.serverCpuMs !== null) (cpu[`${key}:${size}`] ??= []).push(result.serverCpuMs);
          results.push({ ...result, target: undefined, label: `${row.label} @ ${size === "small" ? smallPosts : largePosts} posts, round ${round + 1}` });
          log(
            `  round ${round + 1} ${key.padEnd(9)} ${String(size === "small" ? smallPosts : largePosts).padStart(7)} posts: p50 ${result.p50.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s, server CPU ${result.serverCpuMs?.toFixed(2) ?? "?"} ms/req, non-2xx ${result.non2xx}, errors ${result.errors}`,
          );
        }
      }
    }
  } finally {
    await Promise.all([servers.small.stop(), servers.large.stop()]);
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const summary = keys.map((key) => {
    const row = ROWS.find((candidate) => candidate.key === key)!;
    const smallP50 = median(p50s[`${key}:small`]);
    const largeP50 = median(p50s[`${key}:large`]);
    const ratio = largeP50 / smallP50;
    const smallCpu = cpu[`${key}:small`] ? median(cpu[`${key}:small`]) : null;
    const largeCpu = cpu[`${key}:large`] ? median(cpu[`${key}:large`]) : null;
    return {
      key,
      label: row.label,
      smallP50,
      largeP50,
      ratio,
      met: ratio <= 1.3,
      smallRps: median(rps[`${key}:small`]),
      largeRps: median(rps[`${key}:large`]),
      smallCpuMs: smallCpu,
      largeCpuMs: largeCpu,
      rounds: options.rounds,
    };
  });
  const after = { loadAfter: os.loadavg(), uptimeAfter: uptime() };
  console.log("");
  for (const line of summary) {
    console.log(
      `${line.label.padEnd(30)} p50 ${line.smallP50.toFixed(1)} ms @ ${smallPosts} posts → ${line.largeP50.toFixed(1)} ms @ ${largePosts} posts: ×${line.ratio.toFixed(2)} (target ≤1.30: ${line.met ? "met" : "NOT met"})${line.smallCpuMs && line.largeCpuMs ? `; server CPU ${line.smallCpuMs.toFixed(2)} → ${line.largeCpuMs.toFixed(2)} ms/req (×${(line.largeCpuMs / line.smallCpuMs).toFixed(2)})` : ""}`,
    );
  }
  console.log(`after: ${after.uptimeAfter}`);
  const files = writeReport({
    kind: "growth",
    machine: { ...before, ...after },
    options: { connections: options.connections, duration: `${options.duration} s per run`, rounds: options.rounds },
    seed: `scale seeds of ${options.growthUsers.toLocaleString("en-US")} members with ${smallPosts.toLocaleString("en-US")} and ${largePosts.toLocaleString("en-US")} posts`,
    results: judge(results),
    growth: summary,
    notes: [
      "p50 per size is the median over the rounds; the two servers run side by side and the runs alternate, so changes in the machine's load affect both sizes alike.",
      "Under 32 connections the p50 includes queueing: it moves with the server's cost per request.",
    ],
  });
  log(`Wrote ${path.relative(root, files.markdown)} and ${path.relative(root, files.json)}`);
}

// ------------------------------------------------------------------ main

async function main() {
  const options = parseArgs(process.argv.slice(2));
  // Bounded in time: whatever happens, the servers go and the process ends.
  const watchdog = setTimeout(() => {
    console.error(`The benchmark ran over ${options.maxMinutes} minutes: stopping.`);
    killAll();
    process.exit(2);
  }, options.maxMinutes * 60_000);
  watchdog.unref();
  if (options.growth) await growth(options);
  else await benchmark(options);
}

runWithServers(main);
