// Several processes. With WEB_CONCURRENCY above 1 (the default in production: one per core)
// this process is the primary of a node:cluster: it serves nothing itself, forks that many
// workers that each run startServer on the same port (the primary hands them connections in
// turn), relays the messages they send each other (live events, job wake-ups:
// app/lib/server/cluster-relay.server), starts a worker again when one dies, and on SIGTERM/SIGINT
// stops them all gracefully. Worker 1 alone runs the background work (BACKGROUND_WORK); a
// worker started in its place takes it over. See docs/decisions/process-per-core.md.
import cluster, { type Worker } from "node:cluster";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkStartupSettings, settings, type Settings } from "../app/lib/server/env.server";
import { log } from "../app/lib/server/logger.server";
import { relayBetweenWorkers } from "../app/lib/server/cluster-relay.server";

/** How many processes serve requests: WEB_CONCURRENCY, else one per core in production and one elsewhere. */
export function processCount(config: Settings = settings()): number {
  if (config.WEB_CONCURRENCY) return config.WEB_CONCURRENCY;
  return config.NODE_ENV === "production" ? Math.max(1, os.availableParallelism()) : 1;
}

/** A worker that dies sooner than this after its start counts as failing to start. */
const QUICK_EXIT_MS = 5000;
/** Quick deaths in a row after which the primary gives up (the settings or the build are broken). */
const MAX_QUICK_EXITS = 3;

export function runPrimary(count: number, buildArg: string | undefined): void {
  // A setting that cannot be understood stops the start here, once, not in every worker.
  checkStartupSettings();
  const config = settings();
  // The workers run this file again with the same node options and arguments (the build).
  if (buildArg && !existsSync(path.resolve(buildArg))) throw new Error(`No server build at ${path.resolve(buildArg)}: run \`npm run build\` first.`);
  relayBetweenWorkers();

  let stopping = false;
  let quickExits = 0;
  const slots = new Map<Worker, { slot: number; startedAt: number }>();

  const fork = (slot: number) => {
    const worker = cluster.fork({ WEB_CONCURRENCY: "1", BACKGROUND_WORK: slot === 1 ? config.BACKGROUND_WORK.toString() : "off" });
    slots.set(worker, { slot, startedAt: Date.now() });
    // A message to a worker that is going away fails here: never a reason to stop the primary.
    worker.on("error", (error) => log().error(`worker ${slot}: ${error.message}`));
  };

  cluster.on("exit", (worker, code, signal) => {
    const entry = slots.get(worker);
    slots.delete(worker);
    if (stopping) {
      if (slots.size === 0) {
        log().info("stopped.");
        process.exit(0);
      }
      return;
    }
    if (!entry) return;
    const quick = Date.now() - entry.startedAt < QUICK_EXIT_MS;
    quickExits = quick ? quickExits + 1 : 0;
    log().error(`worker ${entry.slot} (pid ${worker.process.pid}) exited (${signal ?? code}).`);
    if (quickExits >= MAX_QUICK_EXITS) {
      log().error(`workers keep exiting at start: stopping. See the errors above.`);
      stopping = true;
      for (const other of slots.keys()) other.process.kill("SIGTERM");
      if (slots.size === 0) process.exit(1);
      return;
    }
    setTimeout(() => fork(entry.slot), quick ? 1000 : 0).unref();
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return; // a terminal's Ctrl-C reaches every process: one stop is enough
      stopping = true;
      log().info(`${signal}: stopping ${slots.size} worker(s)…`);
      // Each worker drains its requests and ends its streams (see server/graceful-stop.ts).
      for (const worker of slots.keys()) worker.process.kill("SIGTERM");
      if (slots.size === 0) process.exit(0);
      setTimeout(() => {
        log().warn("workers still running after the stop timeout: killing them.");
        for (const worker of slots.keys()) worker.process.kill("SIGKILL");
        process.exit(1);
      }, config.STOP_TIMEOUT_MS + 5000).unref();
    });
  }

  log().info(`starting ${count} processes (WEB_CONCURRENCY; worker 1 runs the background work).`);
  for (let slot = 1; slot <= count; slot++) fork(slot);
}
