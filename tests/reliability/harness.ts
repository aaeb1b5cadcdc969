// Shared parts of the reliability checks (npm run test:reliability): one production build,
// a seeded template database copied for each check, the real server (server/index.ts) started in
// its own process group on 127.0.0.1, and small HTTP helpers.
import { spawnSync } from "node:child_process";
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { root, startServerProcess, type ServerProcess } from "../../scripts/lib/server-process";

export { killAll, root } from "../../scripts/lib/server-process";

export const tmp = path.join(root, "tests", ".tmp", "reliability");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const require = createRequire(import.meta.url);

export type SqliteDatabase = import("better-sqlite3").Database;
export function openDatabase(file: string, options: { readonly?: boolean } = {}): SqliteDatabase {
  const Database = require("better-sqlite3") as typeof import("better-sqlite3");
  return new Database(file, { readonly: options.readonly ?? false, fileMustExist: true });
}

export const DEMO = {
  member: { email: "demo@example.com", username: "demo", password: "password123" },
  admin: { email: "admin@example.com", username: "admin", password: "password123" },
};

export type Check = {
  name: string;
  run(log: (line: string) => void): Promise<string>;
};

/** Fails a check with a readable message. */
export class CheckFailed extends Error {}
export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], timeout: 10 * 60_000 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-20).join("\n");
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${output}`);
  }
}

export const buildDir = path.join(tmp, "build");
const template = path.join(tmp, "template");

/** One production build and one seeded database for every check. */
export function prepare(log: (line: string) => void, options: { rebuild?: boolean } = {}) {
  mkdirSync(tmp, { recursive: true });
  let started = Date.now();
  if (options.rebuild !== false || !existsSync(path.join(buildDir, "build", "server", "index.js"))) {
    run(bin("remix"), ["vite:build"], { ...process.env, NODE_ENV: "production", REMIX_BUILD_DIR: buildDir });
    log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  started = Date.now();
  if (options.rebuild === false && existsSync(path.join(template, "seeded"))) return;
  rmSync(template, { recursive: true, force: true });
  mkdirSync(template, { recursive: true });
  const env = {
    ...process.env,
    DATABASE_URL: `file:${path.join(template, "app.db")}`,
    MEDIA_DIR: path.join(template, "media"),
    MAIL_OUTBOX_DIR: path.join(template, "outbox"),
  };
  run(bin("tsx"), ["scripts/db.ts", "migrate"], env);
  run(bin("tsx"), ["prisma/seed.ts"], env);
  const db = openDatabase(path.join(template, "app.db"));
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  closeSync(openSync(path.join(template, "seeded"), "w"));
  log(`seeded the template database in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export type Workspace = { dir: string; database: string; media: string; outbox: string; log: string };

/** A fresh copy of the seeded database and media for one check, under tests/.tmp/reliability/<name>. */
export function workspace(name: string): Workspace {
  const dir = path.join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const ws = {
    dir,
    database: path.join(dir, "app.db"),
    media: path.join(dir, "media"),
    outbox: path.join(dir, "outbox"),
    log: path.join(dir, "server.log"),
  };
  cpSync(path.join(template, "app.db"), ws.database);
  if (existsSync(path.join(template, "media"))) cpSync(path.join(template, "media"), ws.media, { recursive: true });
  return ws;
}

export type Server = ServerProcess & {
  /** Everything the server has written to its log so far. */
  output(): string;
};

export async function startServer(ws: Workspace, port: number, extraEnv: Record<string, string | undefined> = {}): Promise<Server> {
  const server = await startServerProcess({
    port,
    buildDir,
    files: ws,
    readyPath: "/api/auth/session",
    stopTimeoutMs: 20_000,
    env: {
      SESSION_SECRET: "reliability-session-secret",
      ADMIN_EMAILS: "admin@example.com",
      LOG_REQUESTS: "0",
      RATE_LIMIT_SCALE: "100000",
      // One process unless a check asks for more (the crash and stop checks watch one pid).
      WEB_CONCURRENCY: "1",
      ...extraEnv,
    },
  });
  return { ...server, output: () => readFileSync(ws.log, "utf8") };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Member = { cookie: string; id: number; username: string; email: string };

function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .filter((pair) => pair.startsWith("__session=") && pair !== "__session=")
    .join("; ");
}

export async function signIn(url: string, account: { email: string; password: string }): Promise<Member> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  ensure(response.ok, `sign-in as ${account.email}: ${response.status} ${await response.clone().text()}`);
  const body = (await response.json()) as { user: { id: number; username: string; email: string } };
  const cookie = sessionCookie(response);
  ensure(cookie, `sign-in as ${account.email} gave no session cookie`);
  return { cookie, id: body.user.id, username: body.user.username, email: body.user.email };
}

export async function register(url: string, username: string): Promise<Member> {
  const account = { username, email: `${username}@example.com`, password: "password123" };
  const response = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(account),
  });
  ensure(response.status === 201, `register ${username}: ${response.status} ${await response.clone().text()}`);
  const body = (await response.json()) as { user: { id: number; username: string } };
  const cookie = sessionCookie(response);
  if (cookie) return { cookie, id: body.user.id, username, email: account.email };
  return signIn(url, account);
}

/** JSON (or another body) with the member's cookie; answers the status and parsed body. */
export async function api(
  url: string,
  method: string,
  pathname: string,
  options: { member?: Member | null; json?: unknown; form?: Record<string, string>; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.member) headers.Cookie = options.member.cookie;
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${url}${pathname}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Row counts of every table of the database. */
export function rowCounts(db: SqliteDatabase): Record<string, number> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
  return counts;
}

export function integrityCheck(file: string): string {
  const db = openDatabase(file, { readonly: true });
  try {
    return (db.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

// The seed's deterministic generator, so fuzz and soak failures reproduce from their seed.
export { createRng as rng, type Rng } from "../../prisma/seed/random";

/** A tiny PNG (1×1) to upload. */
export const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
