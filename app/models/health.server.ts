// What a load balancer asks before it sends this process requests (/readyz): the database
// answers, and on PostgreSQL the live-event listener is connected. And what the metrics
// (/metrics) read of the app: the job queue and the database pool.
import { databasePoolUse, prisma, type PoolUse } from "~/db.server";
import { postgresTransport } from "~/lib/server/live-hub.server";
import { mediaStoreFailures } from "~/lib/media/object-store.server";

/** How long the database may take to answer a readiness check before it counts as down. */
const DATABASE_CHECK_MS = 2000;

export type Readiness = { database: boolean; liveEvents: boolean };

async function databaseAnswers(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)));
  const query = prisma.$queryRaw`SELECT 1`.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each check of readiness; the process is ready when all hold. Without PostgreSQL there is no listener to wait for. */
export async function readiness(): Promise<Readiness> {
  return { database: await databaseAnswers(), liveEvents: postgresTransport()?.connected ?? true };
}

/** The jobs of one kind in one state: how many, and since when the oldest has waited (queued) or run. */
export type JobQueueRow = { kind: string; state: string; count: number; oldestSeconds: number };

/** Jobs not yet done, by kind and state: one grouped statement over the state index. */
export async function jobQueue(now = Date.now()): Promise<JobQueueRow[]> {
  const groups = await prisma.job.groupBy({
    by: ["kind", "state"],
    where: { state: { in: ["queued", "running", "failed"] } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  return groups.map((group) => ({
    kind: group.kind,
    state: group.state,
    count: group._count._all,
    oldestSeconds: group._min.createdAt ? Math.max(0, (now - group._min.createdAt.getTime()) / 1000) : 0,
  }));
}

export type AppMetrics = { jobs: JobQueueRow[]; pool: PoolUse | null; mediaStoreFailures: { store: string; action: string; count: number }[] };

/** What the metrics read of the app, once per scrape. */
export async function appMetrics(): Promise<AppMetrics> {
  return { jobs: await jobQueue(), pool: databasePoolUse(), mediaStoreFailures: mediaStoreFailures() };
}
