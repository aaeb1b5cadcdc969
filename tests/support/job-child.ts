// A worker process for the queue's kill -9 test: it runs `test.block` jobs, which write
// their marker file and then never finish. The parent kills it with SIGKILL mid-job.
// Run with tsx; DATABASE_URL comes from the parent.
import { writeFileSync } from "node:fs";

const { registerJobHandler, startJobWorker } = await import("../../app/models/job-worker.server");

registerJobHandler("test.block", {
  async run(payload) {
    writeFileSync((payload as { marker: string }).marker, String(process.pid));
    await new Promise(() => undefined);
  },
});
startJobWorker({ kinds: ["test.block"], lockMs: Number(process.env.LOCK_MS ?? 1500), pollMs: 100, label: "child", log: () => undefined });
