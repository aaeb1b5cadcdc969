// `npm run worker`: runs background jobs (uploaded media) in a process of its own, next to
// or instead of the servers' own workers (JOB_WORKER=off on the servers). JOB_CONCURRENCY
// sets how many jobs it runs at once in each lane (photos; videos). In production it warns
// at start-up when uploads would be decoded by the npm packages' old ffmpeg (no system one). Stops gracefully on SIGTERM/SIGINT: the running job
// finishes, or goes back to the queue for another worker.
import path from "node:path";
import { existsSync } from "node:fs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const { settings } = await import("../app/lib/server/env.server");
// MEDIA_STORE=s3: a missing bucket or refused credentials stop the worker, naming the setting.
if (settings().MEDIA_STORE === "s3") {
  const { checkObjectStore } = await import("../app/lib/media/object-store.server");
  await checkObjectStore();
}
const { startJobWorker } = await import("../app/models/job-worker.server");
const worker = startJobWorker({ label: "worker" });
console.log(`[worker] ${worker.name} is running jobs (Ctrl-C stops it).`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker] ${signal}: finishing…`);
    const grace = Number(process.env.STOP_TIMEOUT_MS ?? 10_000);
    worker.stop(grace).then(() => {
      console.log("[worker] stopped.");
      process.exit(0);
    });
  });
}
