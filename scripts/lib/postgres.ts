// A throwaway PostgreSQL server for the tools that need one (`npm run test:pg`, the benchmark's
// `--database postgres`).
//
// Starts PostgreSQL from Debian's packages (/usr/lib/postgresql/<version>/bin) in a new
// temporary data directory owned by the `postgres` user (initdb and postgres refuse to run
// as root: they run through `runuser -u postgres --` when this runs as root), listening on
// 127.0.0.1 on a free port with its unix sockets in that directory, durability off. stop()
// shuts it down and deletes the directory; killNow() does the same synchronously, for exit
// paths that cannot wait.
//
// Environment: PG_BIN (a bin directory to use instead of the newest Debian one).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

export const POSTGRES_INSTALL_HINT =
  "PostgreSQL's server binaries were not found (looked in /usr/lib/postgresql/*/bin).\n" +
  "Install them with:  apt-get install -y postgresql\n" +
  "(or point PG_BIN at a directory holding initdb and postgres).";

/** The bin directory of PostgreSQL's server: PG_BIN, else Debian's 15 when present, else its newest; null when none. */
export function findPostgresBinDir(): string | null {
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

export type PostgresServer = {
  /** postgresql://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  version: string;
  dataDir: string;
  /** The URL of another database on this server. */
  urlOf(database: string): string;
  /** The end of the server's output (at most 20,000 characters). */
  log(): string;
  /** Fast shutdown (ends sessions, no waiting for clients), then the directory is deleted. Safe to call twice. */
  stop(): Promise<void>;
  /** Immediate shutdown, without waiting, and the directory deleted as far as it can be: for exit paths. */
  killNow(): void;
};

export type StartPostgresOptions = {
  /** A fixed port instead of a free one. */
  port?: number;
  /** More `-c name=value` settings, after the defaults. */
  settings?: Record<string, string>;
};

/** Starts a throwaway PostgreSQL server (see the header); throws POSTGRES_INSTALL_HINT when it is not installed. */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error(POSTGRES_INSTALL_HINT);

  const temp = mkdtempSync(path.join(os.tmpdir(), "carsocial-pg-"));
  const dataDir = path.join(temp, "data");
  let server: ChildProcess | undefined;
  let serverLog = "";
  const running = () => server !== undefined && server.exitCode === null && server.signalCode === null;
  /** The postmaster's pid: the first line of postmaster.pid; null before it starts. */
  const postmasterPid = (): number | null => {
    try {
      const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      return pid > 0 ? pid : null;
    } catch {
      return null;
    }
  };
  const stop = async () => {
    if (server && running()) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      // SIGINT: PostgreSQL's "fast" shutdown (ends sessions, no waiting for clients), sent to
      // the postmaster itself: runuser, between us and it, would pass on a SIGTERM instead.
      const pid = postmasterPid();
      if (pid) process.kill(pid, "SIGINT");
      else server.kill("SIGINT");
      const timer = setTimeout(() => {
        const left = postmasterPid();
        if (left) process.kill(left, "SIGKILL");
        server!.kill("SIGKILL");
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(temp, { recursive: true, force: true });
  };
  let stopping: Promise<void> | undefined;
  const stopOnce = () => (stopping ??= stop());
  const killNow = () => {
    try {
      // SIGQUIT is the postmaster's immediate shutdown.
      const pid = postmasterPid();
      if (pid) process.kill(pid, "SIGQUIT");
    } catch {
      // already gone
    }
    if (server && running()) server.kill("SIGKILL");
    try {
      rmSync(temp, { recursive: true, force: true });
    } catch {
      // files of a server still exiting: the system's temporary folder keeps them
    }
  };

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

    const port = options.port || (await freePort());
    // Durability off: this database lives for one run.
    const settings: Record<string, string> = {
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      max_connections: "300",
      shared_buffers: "64MB",
      ...options.settings,
    };
    const [command, args] = asPostgres(path.join(binDir, "postgres"), [
      "-D",
      dataDir,
      "-h",
      "127.0.0.1",
      "-p",
      String(port),
      "-k",
      temp,
      ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ]);
    server = spawn(command, args, { cwd: temp, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (chunk: Buffer) => {
      serverLog = (serverLog + chunk.toString()).slice(-20_000);
    };
    server.stdout!.on("data", keep);
    server.stderr!.on("data", keep);

    const urlOf = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
    const url = urlOf("postgres");
    await waitForServer(url, server, () => serverLog);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let version: string;
    try {
      version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0].server_version;
    } finally {
      await client.end();
    }
    return { url, port, version, dataDir, urlOf, log: () => serverLog, stop: stopOnce, killNow };
  } catch (error) {
    await stopOnce();
    throw error;
  }
}

/** Runs `work` with a client connected to `url`, and closes it. */
export async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
