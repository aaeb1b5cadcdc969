// The production server (server/index.ts) as a child process, for the tools that drive it from the
// outside: the benchmark (scripts/bench) and the reliability checks (tests/reliability). It
// starts server/index.ts on 127.0.0.1 in its own process group, waits until it answers, and stops
// it with SIGTERM, then SIGKILL to the whole group if the graceful stop takes too long.
// Every server it starts is remembered until it exits, so that killAll() can end them all
// when a tool stops early and no server is left holding a port.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Graceful stop: SIGTERM, then SIGKILL of the group after `stopTimeoutMs`. */
  stop(): Promise<Exit>;
  /** SIGKILL of the group, as in a crash. */
  kill(): Promise<void>;
};

export type ServerProcessOptions = {
  port: number;
  /** The REMIX_BUILD_DIR the app was built into. */
  buildDir: string;
  /** The server's database, uploads and mail, and the file its output is appended to. */
  files: { database: string; media: string; outbox: string; log: string };
  /** Added to the environment, after the defaults (so it can override them). */
  env?: Record<string, string | undefined>;
  /** More options for node, before server/index.ts. */
  nodeArgs?: string[];
  /** Another script (and its arguments) to run instead of server/index.ts and the build (the bench's reference). */
  script?: string[];
  /** A path that answers 200 once the server is ready. */
  readyPath: string;
  /** How long stop() waits after SIGTERM before it kills the group. */
  stopTimeoutMs: number;
};

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Kills every server still running (their process groups), synchronously: for exit paths. */
export function killAll() {
  for (const child of running) killGroup(child, "SIGKILL");
  running.clear();
}

/**
 * Runs a command-line script's `main`, and kills every server it started however it ends:
 * done (exit 0), failed (its message, exit 1), or stopped by a signal (exit 130).
 */
export function runWithServers(main: () => Promise<void>): void {
  process.on("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      killAll();
      process.exit(1);
    },
  );
}

/** Starts server/index.ts (production) on 127.0.0.1:port in its own process group; resolves when it answers. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { port, files } = options;
  const logFd = openSync(files.log, "a");
  const serverArgs = options.script ?? [path.join(root, "server", "index.ts"), path.join(options.buildDir, "build", "server", "index.js")];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", ...(options.nodeArgs ?? []), ...serverArgs], {
    cwd: root,
    detached: true,
    stdio: ["ignore", logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${files.database}`,
      MEDIA_DIR: files.media,
      MAIL_OUTBOX_DIR: files.outbox,
      // Production requires it; links point back at this server.
      APP_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
  });
  closeSync(logFd);
  running.add(child);
  let done = false;
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => {
      done = true;
      running.delete(child);
      resolve({ code, signal });
    }),
  );

  const url = `http://127.0.0.1:${port}`;
  const logName = path.relative(root, files.log);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (done) throw new Error(`The server exited at start; the end of ${logName}:\n${readFileSync(files.log, "utf8").slice(-2000)}`);
    try {
      const response = await fetch(`${url}${options.readyPath}`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      killGroup(child, "SIGKILL");
      throw new Error(`The server did not answer on ${url} within 60 s; see ${logName}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    port,
    child,
    exited,
    async stop() {
      if (done) return exited;
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), options.stopTimeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    async kill() {
      if (done) return;
      killGroup(child, "SIGKILL");
      await exited;
    },
  };
}
