// The jobs of "Download my data": making a member's zip (streamed to a private file, within
// EXPORT_TIME_LIMIT_MS), telling them it is ready, and deleting it when its week is over.
import { Transform, type Readable } from "node:stream";
import yazl from "yazl";
import { prisma } from "~/db.server";
import { SITE_NAME } from "~/lib/rules/brand";
import { sendMail } from "~/lib/server/mailer.server";
import { deletePrivateFile, newPrivateName, openMedia, writePrivateFile } from "~/lib/media/media-storage.server";
import { enqueueJob } from "~/models/job.server";
import { DATA_EXPORT_PAGE, notifyDataExportReady } from "~/models/notification.server";
import { queuePush } from "~/models/push.server";
import {
  DATA_EXPORT_EXPIRE_JOB,
  EXPORT_KEEP_MS,
  EXPORT_TIME_LIMIT_MS,
  expireExport,
  exportSelect,
  type ExpireJobPayload,
  type ExportJobPayload,
} from "~/models/data-export-requests.server";
import { collectMemberData } from "~/models/data-export-contents.server";

/** The job that deletes a download when its week is over (queued when it becomes ready). */
export async function runDataExportExpiry(payload: ExpireJobPayload, now = Date.now()): Promise<void> {
  const row = await prisma.dataExport.findUnique({ where: { id: payload.exportId }, select: { expiresAt: true, path: true } });
  // The member (and so the row) is gone: the file goes too.
  if (!row) return deletePrivateFile(payload.path);
  if (row.path !== payload.path) return;
  if (row.expiresAt && row.expiresAt.getTime() > now) {
    await enqueueJob(DATA_EXPORT_EXPIRE_JOB, payload, { lane: "export", delayMs: row.expiresAt.getTime() - now });
    return;
  }
  await expireExport(payload.exportId, payload.path);
}

/** The job's final failure: the download is marked failed, and the member may ask again. */
export async function failDataExport(payload: ExportJobPayload, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await prisma.dataExport.updateMany({ where: { id: payload.exportId, status: "pending" }, data: { status: "failed", activeKey: null, error: message.slice(0, 500) } });
}

/** Makes the zip of one download, stores it, and tells its member. Safe to run again. */
export async function runDataExport(payload: ExportJobPayload, signal?: AbortSignal): Promise<void> {
  const row = await prisma.dataExport.findUnique({ where: { id: payload.exportId }, select: { ...exportSelect, user: { select: { email: true } } } });
  if (!row || row.status !== "pending") return;
  const { entries, document } = await collectMemberData(row.userId);

  const path = newPrivateName("exports", "zip");
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const zip = new yazl.ZipFile();
  zip.on("error", (error: Error) => counted.destroy(error));
  (zip.outputStream as Readable).on("error", (error: Error) => counted.destroy(error)).pipe(counted);
  // Past the job's time limit the queue aborts `signal`: the file stops where it is and is deleted.
  const overtime = () => new Error(`Making the download took longer than ${EXPORT_TIME_LIMIT_MS / 60_000} minutes`);
  if (signal?.aborted) throw overtime();
  const stop = () => counted.destroy(overtime());
  // The writer below reports how the file ended; a stop before it listens is not a crash.
  counted.on("error", () => undefined);
  signal?.addEventListener("abort", stop, { once: true });
  const mtime = row.createdAt;
  try {
    zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), "data.json", { mtime });
    // Photos and videos are compressed already: stored as they are, read one at a time.
    for (const entry of entries) {
      zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime }, (callback) => {
        openMedia(entry.key).then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, undefined as never),
        );
      });
    }
    zip.end();
    await writePrivateFile(path, counted, "application/zip");
  } catch (error) {
    await deletePrivateFile(path).catch(() => undefined);
    throw error;
  } finally {
    signal?.removeEventListener("abort", stop);
  }

  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + EXPORT_KEEP_MS);
  const done = await prisma.$transaction(async (tx) => {
    const { count } = await tx.dataExport.updateMany({
      where: { id: row.id, status: "pending" },
      data: { status: "ready", activeKey: null, path, bytes: BigInt(bytes), readyAt, expiresAt, error: null },
    });
    if (count === 1) await enqueueJob(DATA_EXPORT_EXPIRE_JOB, { exportId: row.id, path } satisfies ExpireJobPayload, { db: tx, lane: "export", delayMs: EXPORT_KEEP_MS });
    return count === 1;
  });
  if (!done) {
    await deletePrivateFile(path);
    return;
  }
  await tellReady(row.userId, row.user.email, row.id, payload.origin, expiresAt);
}

const READY_MESSAGE = "Your data download is ready";

async function tellReady(userId: number, email: string, exportId: number, origin: string, expiresAt: Date): Promise<void> {
  const dedupeKey = `data_export:${exportId}`;
  if (!(await notifyDataExportReady(userId, READY_MESSAGE, dedupeKey))) return;
  await queuePush({ userId, kind: "download", actorId: null, title: READY_MESSAGE, body: SITE_NAME, url: DATA_EXPORT_PAGE, tag: dedupeKey });
  const page = `${origin}${DATA_EXPORT_PAGE}`;
  const until = expiresAt.toUTCString();
  await sendMail({
    to: email,
    subject: READY_MESSAGE,
    text: [
      `The copy of your ${SITE_NAME} data you asked for is ready.`,
      "",
      `Download it here (signed in to your account): ${page}`,
      "",
      `The link works until ${until}; after that the file is deleted and you can ask for a new one.`,
    ].join("\n"),
  });
}
