// `npm run test:pg`: the integration tests against a throwaway PostgreSQL server.
//
// Starts PostgreSQL from Debian's packages (/usr/lib/postgresql/<version>/bin) in a new
// temporary data directory owned by the `postgres` user (initdb and postgres refuse to run
// as root: they run through `runuser -u postgres --` when this runs as root), listening on
// 127.0.0.1 on a free port with its unix sockets in that directory. Then it checks that the
// PostgreSQL files match prisma/schema.prisma, runs tests/integration and tests/pg with
// TEST_PG_URL set (tests/support/database.ts gives each test file its own new database on
// that server), and finally stops the server and deletes the directory, whatever happened.
//
//   npm run test:pg                         everything
//   npm run test:pg -- tests/pg/two-instances.test.ts   vitest filters pass through
//
// Environment: PG_BIN (a bin directory to use instead of the newest Debian one),
// TEST_PG_PORT (a fixed port instead of a free one).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations } from "./migrator";
import { freePort } from "./lib/free-port";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const INSTALL_HINT =
  "PostgreSQL's server binaries were not found (looked in /usr/lib/postgresql/*/bin).\n" +
  "Install them with:  apt-get install -y postgresql\n" +
  "(or point PG_BIN at a directory holding initdb and postgres).";

function findBinDir(): string | null {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, "postgres")) ? process.env.PG_BIN : null;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(base, name, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  // 15 is what CI runs; take it when present, else the newest.
  const chosen = versions.includes("15") ? "15" : versions[0];
  return chosen ? path.join(base, chosen, "bin") : null;
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
/** The command line that runs `bin` as the postgres user (as is, when we are not root). */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  return isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
}

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited (${server.exitCode}):\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start within 30 s:\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function main(): Promise<number> {
  const binDir = findBinDir();
  if (!binDir) {
    console.error(INSTALL_HINT);
    return 1;
  }

  const temp = mkdtempSync(path.join(os.tmpdir(), "carsocial-pg-"));
  const dataDir = path.join(temp, "data");
  let server: ChildProcess | undefined;
  let serverLog = "";
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      // SIGINT: PostgreSQL's "fast" shutdown (ends sessions, no waiting for clients).
      server.kill("SIGINT");
      const timer = setTimeout(() => server!.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(temp, { recursive: true, force: true });
  };
  let stopping: Promise<void> | undefined;
  const stopOnce = () => (stopping ??= stop());
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping PostgreSQL…`);
      void stopOnce().finally(() => process.exit(130));
    });
  }

  try {
    if (isRoot) {
      const pwent = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
      const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
      if (pwent.status !== 0) throw new Error("There is no `postgres` user to run PostgreSQL as (apt-get install -y postgresql makes one).");
      chownSync(temp, Number(pwent.stdout.trim()), Number(gid.stdout.trim()));
    }

    const [initCommand, initArgs] = asPostgres(path.join(binDir, "initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C.UTF-8",
      "--no-sync",
    ]);
    const init = spawnSync(initCommand, initArgs, { encoding: "utf8", cwd: temp });
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);

    const port = Number(process.env.TEST_PG_PORT) || (await freePort());
    // Durability off: this database lives for one test run.
    const [command, args] = asPostgres(path.join(binDir, "postgres"), [
      "-D",
      dataDir,
      "-h",
      "127.0.0.1",
      "-p",
      String(port),
      "-k",
      temp,
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=300",
      "-c",
      "shared_buffers=64MB",
    ]);
    server = spawn(command, args, { cwd: temp, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (chunk: Buffer) => {
      serverLog = (serverLog + chunk.toString()).slice(-20_000);
    };
    server.stdout!.on("data", keep);
    server.stderr!.on("data", keep);

    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    await waitForServer(url, server, () => serverLog);
    const version = await (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<{ server_version: string }>("SHOW server_version")).rows[0].server_version;
      } finally {
        await client.end();
      }
    })();
    console.log(`PostgreSQL ${version} on 127.0.0.1:${port} (data in ${dataDir})`);

    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const check = spawnSync(tsx, [path.join(root, "scripts", "prisma-providers.ts"), "--check"], { stdio: "inherit", cwd: root });
    if (check.status !== 0) return check.status ?? 1;

    // One migrated database that every test file's database is copied from (CREATE
    // DATABASE ... TEMPLATE): the migrations run once instead of once per file.
    const template = "carsocial_template";
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${template}"`);
    } finally {
      await admin.end();
    }
    const applied = await applyMigrations(`postgresql://postgres@127.0.0.1:${port}/${template}`);
    console.log(`Template database ${template}: ${applied.join(", ")}`);

    const vitest = path.join(root, "node_modules", ".bin", "vitest");
    const filters = process.argv.slice(2);
    const tests = spawn(vitest, ["run", "--config", path.join(root, "tests", "pg", "vitest.config.ts"), ...filters], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, TEST_PG_URL: url, TEST_PG_TEMPLATE: template },
    });
    const code: number = await new Promise((resolve) => tests.once("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0))));
    if (code !== 0 && serverLog.includes("FATAL")) {
      writeFileSync(path.join(root, "tests", ".tmp", "test-pg-server.log"), serverLog);
      console.error("PostgreSQL's log (last lines) is in tests/.tmp/test-pg-server.log");
    }
    return code;
  } finally {
    await stopOnce();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
