// "Download my data": one zip per member with everything they put in, made by a background
// job in the "export" lane and kept for a week.
//
// Rules:
// - A member asks; while one of their downloads is being made, asking again answers that one
//   (the unique `activeKey` holds the member's id while it is pending, so two requests at the
//   same moment still make one).
// - The zip holds data.json (profile, cars, mods with their costs, posts with their stories,
//   tags, cars and files, comments, messages sent and received, follows, likes, saves, events,
//   notification choices) and every photo and video the member uploaded, as stored, named by
//   post: posts/2026-11-20-post-41/1.webp. It is written as a stream to a private file
//   beside the media store (on disk or in the bucket): no file is ever held whole in memory.
// - Making it may take at most EXPORT_TIME_LIMIT_MS; a run that takes longer fails and is
//   tried again later.
// - When it is ready the member gets a notice (in the list, live and by push) and an e-mail.
// - The file is theirs alone for EXPORT_KEEP_DAYS; then it is deleted (by a job queued for
//   that moment, or by the first request after it) and the link answers 410.
import type { Readable } from "node:stream";
import { prisma } from "~/db.server";
import { deletePrivateFile, openPrivateFile } from "~/lib/media/media-storage.server";
import { UserError } from "~/lib/user-error";
import { enqueueJob } from "~/models/job.server";
import { DATA_EXPORT_PAGE } from "~/models/notification.server";

export const DATA_EXPORT_JOB = "data-export";
export const DATA_EXPORT_EXPIRE_JOB = "data-export-expire";
/** How long a ready download can be fetched. */
export const EXPORT_KEEP_DAYS = 7;
export const EXPORT_KEEP_MS = EXPORT_KEEP_DAYS * 24 * 3600_000;
/** The longest one run of the job may take before it is stopped (and tried again later). */
export const EXPORT_TIME_LIMIT_MS = 30 * 60_000;
/** Runs of the job before the download counts as failed. */
const EXPORT_ATTEMPTS = 3;

export type DataExportStatus = "pending" | "ready" | "failed" | "expired";

/** A download as its member's page shows it. */
export type DataExportView = {
  id: number;
  status: DataExportStatus;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  /** Bytes of the zip, once ready. */
  bytes: number | null;
  /** Where the zip is fetched, while it is ready. */
  url: string | null;
};

type ExportRow = { id: number; userId: number; status: string; path: string | null; bytes: bigint | null; createdAt: Date; readyAt: Date | null; expiresAt: Date | null };

export const exportSelect = { id: true, userId: true, status: true, path: true, bytes: true, createdAt: true, readyAt: true, expiresAt: true } as const;

/** The address a ready download is fetched from (its member's alone). */
export function exportDownloadUrl(id: number): string {
  return `${DATA_EXPORT_PAGE}/${id}/download`;
}

function isExpired(row: Pick<ExportRow, "status" | "expiresAt">, now: number): boolean {
  return row.status === "expired" || (row.status === "ready" && row.expiresAt !== null && row.expiresAt.getTime() <= now);
}

function toView(row: ExportRow, now = Date.now()): DataExportView {
  const status: DataExportStatus = isExpired(row, now) ? "expired" : (row.status as DataExportStatus);
  return {
    id: row.id,
    status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes === null ? null : Number(row.bytes),
    url: status === "ready" ? exportDownloadUrl(row.id) : null,
  };
}

export type ExportJobPayload = { exportId: number; origin: string };
export type ExpireJobPayload = { exportId: number; path: string };

/**
 * Starts a download of the member's data, or answers the one being made. `origin` is the
 * site's address for the e-mail's link. `started` says whether a new one was queued (the
 * caller then wakes the job workers).
 */
export async function requestDataExport(userId: number, origin: string): Promise<{ export: DataExportView; started: boolean }> {
  const pending = await prisma.dataExport.findUnique({ where: { activeKey: String(userId) }, select: exportSelect });
  if (pending) return { export: toView(pending), started: false };
  try {
    const row = await prisma.$transaction(async (tx) => {
      const created = await tx.dataExport.create({ data: { userId, activeKey: String(userId) }, select: exportSelect });
      await enqueueJob(DATA_EXPORT_JOB, { exportId: created.id, origin } satisfies ExportJobPayload, { db: tx, lane: "export", maxAttempts: EXPORT_ATTEMPTS });
      return created;
    });
    return { export: toView(row), started: true };
  } catch (error) {
    // Another request made one at the same moment: answer that one.
    if ((error as { code?: string }).code !== "P2002") throw error;
    const other = await prisma.dataExport.findUnique({ where: { activeKey: String(userId) }, select: exportSelect });
    if (!other) throw error;
    return { export: toView(other), started: false };
  }
}

/** The member's newest download (the one their page shows); null when they never asked. */
export async function latestDataExport(userId: number): Promise<DataExportView | null> {
  const row = await prisma.dataExport.findFirst({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: exportSelect });
  return row ? toView(row) : null;
}

/**
 * The zip of download `id` for `userId`: a stream and its size. Anyone else's, or one that is
 * not ready, is a 404; one past its week is a 410 (its file is deleted then, if still there).
 */
export async function openDataExport(userId: number, id: number, now = Date.now()): Promise<{ stream: Readable; size: number; createdAt: Date }> {
  const row = await prisma.dataExport.findUnique({ where: { id }, select: exportSelect });
  if (!row || row.userId !== userId || (row.status !== "ready" && row.status !== "expired")) throw new UserError(404, "Download not found");
  if (isExpired(row, now)) {
    if (row.path) await expireExport(row.id, row.path);
    throw new UserError(410, "This download has expired");
  }
  const file = row.path ? await openPrivateFile(row.path) : null;
  if (!file) throw new UserError(404, "Download not found");
  return { ...file, createdAt: row.createdAt };
}

/** Deletes a download's file and marks it expired. */
export async function expireExport(id: number, path: string): Promise<void> {
  await deletePrivateFile(path);
  await prisma.dataExport.updateMany({ where: { id, path }, data: { status: "expired", path: null } });
}

/**
 * Deletes the files of every download of a member (for deleting their account: run it
 * before their rows go). Without it, each file still goes when its week is over.
 */
export async function deleteDataExportFiles(userId: number): Promise<void> {
  const rows = await prisma.dataExport.findMany({ where: { userId, path: { not: null } }, select: { id: true, path: true } });
  for (const row of rows) if (row.path) await expireExport(row.id, row.path);
}
