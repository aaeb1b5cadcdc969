// The files of a post between upload and publication. Each waits in the incoming folder
// with a background job (MEDIA_JOB) that stores it in the media store. When every file of a
// post is stored, one transaction turns them into Media rows and marks the post ready; until
// then only its author (and administrators) can see it. A file that fails shows its name
// and reason to the author, who can remove it or (when the failure was not the file's
// fault) try again.
//
// Photos run in the "media" lane of the job queue and videos in the "video" lane, so a photo
// never waits behind someone's transcode. A video waits (its job deferred) while its owner's
// hourly budget of video processing is spent.
import { prisma } from "~/db.server";
import { UserError } from "~/lib/user-error";
import { parseId } from "~/lib/ids";
import { discardMedia, mediaColumns, type InspectedUpload, type ProcessedMedia } from "~/lib/media/processed-media.server";
import { processUploadFile } from "~/lib/media/upload-pipeline.server";
import { fetchIncoming, IncomingMissingError, incomingPath, removeIncoming } from "~/lib/server/incoming.server";
import { POST_STATUS, postStatusOf, type PostProcessing, type PostStatus } from "~/lib/rules/post-status";
import { parseCrop } from "~/lib/schemas/upload-media-fields";
import { mediaUrl, parseVariants, variantPath } from "~/lib/media/media-types";
import { enqueueJob, errorText, JobDeferral, type JobLane } from "~/models/job.server";
import { recordTranscodeUsage, TRANSCODE_SECONDS_PER_HOUR, transcodeBudgetBackAt } from "~/models/media-budget.server";
import { notifyReadyPostMentions } from "~/models/text-links.server";

/** The job kind that stores one uploaded file of a post. */
export const MEDIA_JOB = "post.media";

export type MediaJobPayload = { uploadId: number };

/** The queue lane of an upload's job: videos in their own, so photos never wait behind them. */
export function mediaLane(kind: string): JobLane {
  return kind === "video" ? "video" : "media";
}

/** What the author reads while a video waits for their budget of video processing. */
export function budgetWaitMessage(name: string, backAt: number, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((backAt - now) / 60_000));
  return (
    `${name}: waiting: you have used this hour's ${TRANSCODE_SECONDS_PER_HOUR / 60} minutes of video processing; ` +
    `this video is processed in about ${minutes} minute${minutes === 1 ? "" : "s"}`
  );
}

export const PROCESSING_MESSAGES = {
  failed: "Processing failed. Try again, or remove this file.",
  missing: "The uploaded file is missing (it never reached the media store). Remove it and upload it again.",
  notRetryable: "This file cannot be processed: remove it",
  notFailed: "This file has not failed",
  uploadNotFound: "File not found",
} as const;

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/**
 * The Media row of a stored file: the ONE place that maps what the upload pipeline returns
 * onto the `photos` table.
 */
export function mediaRow(media: ProcessedMedia, at: { postId: number; uploaderId: number; position: number; alt?: string | null }) {
  return { postId: at.postId, uploaderId: at.uploaderId, position: at.position, ...mediaColumns(media), alt: at.alt ?? null };
}

/** The stored media a done upload holds (its `result`), for deleting it. */
export function storedMediaOf(result: string | null): ProcessedMedia[] {
  if (!result) return [];
  try {
    const media = JSON.parse(result) as ProcessedMedia;
    return typeof media?.path === "string" ? [media] : [];
  } catch {
    return [];
  }
}

/**
 * Brings a post's status in line with its uploads: all done → Media rows written, uploads
 * gone, ready; any failed → failed; else processing. Inside the caller's transaction.
 */
async function settlePost(tx: Tx, postId: number): Promise<PostStatus | null> {
  const post = await tx.post.findUnique({ where: { id: postId }, select: { createdById: true, status: true } });
  if (!post) return null;
  const uploads = await tx.postUpload.findMany({ where: { postId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  let status: PostStatus;
  if (uploads.some((upload) => upload.status === "failed")) status = POST_STATUS.failed;
  else if (uploads.some((upload) => upload.status !== "done")) status = POST_STATUS.processing;
  else {
    status = POST_STATUS.ready;
    const rows = uploads.flatMap((upload) =>
      storedMediaOf(upload.result).map((media) => mediaRow(media, { postId, uploaderId: post.createdById, position: upload.position, alt: upload.alt })),
    );
    if (rows.length > 0) await tx.media.createMany({ data: rows });
    await tx.postUpload.deleteMany({ where: { postId } });
  }
  if (status !== post.status) await tx.post.update({ where: { id: postId }, data: { status } });
  return status;
}

function inspectedOf(upload: {
  kind: string;
  mimeType: string;
  ext: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}): InspectedUpload {
  return {
    kind: upload.kind === "video" ? "video" : "image",
    mime: upload.mimeType,
    ext: upload.ext,
    bytes: upload.bytes,
    width: upload.width,
    height: upload.height,
    durationMs: upload.durationMs,
  };
}

/** The least time between two writes of one upload's progress. */
const PROGRESS_WRITE_MS = 1000;

/**
 * Keeps an upload's progress (whole percent) as its video is encoded: at most one write a
 * second and one at a time, each only when the percent grew, and only while it is queued.
 * A failed write is let go: the next one, or the result, follows. `settled` waits for the
 * write under way, so none lands after the result.
 */
function progressWriter(uploadId: number): { report: (fraction: number) => void; settled: () => Promise<void> } {
  let written = -1;
  let writing: Promise<void> | null = null;
  let lastAt = 0;
  return {
    report(fraction) {
      const percent = Math.floor(fraction * 100);
      if (writing || percent <= written || Date.now() - lastAt < PROGRESS_WRITE_MS) return;
      lastAt = Date.now();
      writing = prisma.postUpload
        .updateMany({ where: { id: uploadId, status: "queued" }, data: { progress: percent } })
        .then(() => void (written = percent))
        .catch(() => undefined)
        .finally(() => void (writing = null));
    },
    settled: async () => {
      await writing;
    },
  };
}

/**
 * The work of one MEDIA_JOB: stores the upload's file, records the result and publishes the
 * post when it was the last. Does nothing when the upload is gone (removed, post deleted)
 * or already handled. Throws what the pipeline throws (UserError for a bad file).
 */
export async function runMediaJob(payload: MediaJobPayload): Promise<void> {
  const upload = await prisma.postUpload.findUnique({ where: { id: parseId(payload?.uploadId) ?? 0 }, include: { post: { select: { createdById: true } } } });
  if (!upload || upload.status !== "queued") return;
  const name = upload.tempPath;
  if (!name || !incomingPath(name)) throw new UserError(400, `${upload.name}: ${PROCESSING_MESSAGES.notRetryable}`);
  // The file on a local disk (downloaded from the bucket with MEDIA_STORE=s3). A missing file
  // throws IncomingMissingError: the job tries again, and then reports it missing.
  const processFile = async (): Promise<ProcessedMedia> => {
    const incoming = await fetchIncoming(name);
    try {
      const progress = upload.kind === "video" ? progressWriter(upload.id) : null;
      try {
        return await processUploadFile({ path: incoming.path, name: upload.name }, inspectedOf(upload), { crop: parseCrop(upload.crop), onProgress: progress?.report });
      } finally {
        await progress?.settled();
      }
    } finally {
      await incoming.done();
    }
  };

  let processed: ProcessedMedia;
  if (upload.kind === "video") {
    const owner = upload.post.createdById;
    // The owner's hour of video processing is spent: the job waits, and the author is told why.
    const backAt = await transcodeBudgetBackAt(owner);
    if (backAt !== null) {
      const message = budgetWaitMessage(upload.name, backAt);
      await prisma.postUpload.updateMany({ where: { id: upload.id, status: "queued" }, data: { error: message } });
      throw new JobDeferral(backAt, message);
    }
    const started = performance.now();
    try {
      processed = await processFile();
    } finally {
      await recordTranscodeUsage(owner, (performance.now() - started) / 1000);
    }
  } else {
    processed = await processFile();
  }
  let kept = false;
  let ready = false;
  try {
    kept = await prisma.$transaction(async (tx) => {
      // Removed, or its post deleted, while it was being processed: the result is not wanted.
      const updated = await tx.postUpload.updateMany({
        where: { id: upload.id, status: "queued" },
        data: { status: "done", result: JSON.stringify(processed), tempPath: null, error: null },
      });
      if (updated.count !== 1) return false;
      ready = (await settlePost(tx, upload.postId)) === POST_STATUS.ready;
      return true;
    });
  } finally {
    if (!kept) await discardMedia(processed).catch(() => undefined);
  }
  await removeIncoming(upload.tempPath);
  // The post is out: the members its story mentions hear of it now.
  if (ready) await notifyReadyPostMentions(upload.postId);
}

/**
 * Records that a MEDIA_JOB failed for good. A bad file (a UserError: its message already
 * names the file) is deleted at once, since trying again cannot help; any other failure
 * keeps the file so the author can try again. The post becomes failed.
 */
export async function failMediaJob(payload: MediaJobPayload, error: unknown): Promise<void> {
  const upload = await prisma.postUpload.findUnique({ where: { id: parseId(payload?.uploadId) ?? 0 } });
  if (!upload || upload.status !== "queued") return;
  const badFile = error instanceof UserError;
  const message = badFile ? errorText(error) : `${upload.name}: ${error instanceof IncomingMissingError ? PROCESSING_MESSAGES.missing : PROCESSING_MESSAGES.failed}`;
  await prisma.$transaction(async (tx) => {
    const updated = await tx.postUpload.updateMany({
      where: { id: upload.id, status: "queued" },
      data: { status: "failed", error: message, ...(badFile ? { tempPath: null } : {}) },
    });
    if (updated.count === 1) await settlePost(tx, upload.postId);
  });
  if (badFile) await removeIncoming(upload.tempPath);
}

/** A bad file's failure: retrying the job cannot help. */
export function isPermanentMediaFailure(error: unknown): boolean {
  return error instanceof UserError;
}

/** A stored file's still for the author's preview: the photo's smallest copy, or the video's poster. */
function stillOf(result: string | null): string | null {
  const [media] = storedMediaOf(result);
  if (!media) return null;
  const key = media.kind === "video" ? (media.poster?.path ?? null) : media.path;
  if (!key) return null;
  const widths = parseVariants(media.kind === "video" ? media.poster?.variants : media.variants);
  return mediaUrl(widths.length > 0 ? variantPath(key, Math.min(...widths)) : key);
}

/** The processing state of a post for its author or an administrator; null for anyone else (and for a missing post). */
export async function getPostProcessing(postId: number, viewer: { id: number; role: string } | null): Promise<PostProcessing | null> {
  if (!viewer || !Number.isSafeInteger(postId) || postId <= 0) return null;
  const post = await prisma.post.findUnique({
    where: { id: postId },
    select: {
      id: true,
      status: true,
      createdById: true,
      uploads: {
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: {
          id: true,
          name: true,
          kind: true,
          status: true,
          error: true,
          tempPath: true,
          position: true,
          alt: true,
          result: true,
          width: true,
          height: true,
          progress: true,
        },
      },
    },
  });
  if (!post || (post.createdById !== viewer.id && viewer.role !== "admin")) return null;
  return {
    id: post.id,
    status: postStatusOf(post.status),
    files: post.uploads.map((upload) => ({
      id: upload.id,
      name: upload.name,
      kind: upload.kind === "video" ? "video" : "image",
      status: upload.status === "failed" ? "failed" : upload.status === "done" ? "done" : "queued",
      error: upload.error,
      retryable: upload.status === "failed" && upload.tempPath !== null,
      position: upload.position,
      alt: upload.alt,
      still: stillOf(upload.result),
      width: upload.width,
      height: upload.height,
      progress: upload.status === "queued" ? upload.progress : null,
    })),
  };
}

async function ownUpload(postId: number, uploadId: number, actor: { id: number; role: string }) {
  const upload = await prisma.postUpload.findUnique({
    where: { id: uploadId },
    select: { id: true, postId: true, kind: true, status: true, tempPath: true, name: true, result: true, post: { select: { createdById: true } } },
  });
  // Someone else's post answers like a missing one: it must not even be known to exist.
  if (!upload || upload.postId !== postId || (upload.post.createdById !== actor.id && actor.role !== "admin")) {
    throw new UserError(404, PROCESSING_MESSAGES.uploadNotFound);
  }
  return upload;
}

/** Queues a failed file again (a new job). 404 unless the actor's; 400 when it cannot be retried. */
export async function retryUpload(postId: number, uploadId: number, actor: { id: number; role: string }): Promise<PostStatus> {
  const upload = await ownUpload(postId, uploadId, actor);
  if (upload.status !== "failed") throw new UserError(400, PROCESSING_MESSAGES.notFailed);
  if (!upload.tempPath) throw new UserError(400, `${upload.name}: ${PROCESSING_MESSAGES.notRetryable}`);
  return prisma.$transaction(async (tx) => {
    const updated = await tx.postUpload.updateMany({ where: { id: upload.id, status: "failed" }, data: { status: "queued", error: null, progress: null } });
    if (updated.count !== 1) throw new UserError(400, PROCESSING_MESSAGES.notFailed);
    await enqueueJob(MEDIA_JOB, { uploadId: upload.id }, { db: tx, lane: mediaLane(upload.kind) });
    return (await settlePost(tx, postId)) ?? POST_STATUS.processing;
  });
}

/**
 * Removes one file from a post that is not ready yet (its bytes go too). When nothing is
 * left of the post (no files, story or track), the post is deleted: answers "deleted".
 */
export async function removeUpload(postId: number, uploadId: number, actor: { id: number; role: string }): Promise<PostStatus | "deleted"> {
  const upload = await ownUpload(postId, uploadId, actor);
  const outcome = await prisma.$transaction(async (tx) => {
    await tx.postUpload.delete({ where: { id: upload.id } });
    const post = await tx.post.findUnique({
      where: { id: postId },
      select: { story: true, soundcloudUrl: true, _count: { select: { uploads: true, media: true } } },
    });
    if (!post) return "deleted" as const;
    const empty = post._count.uploads === 0 && post._count.media === 0 && post.story === "" && !post.soundcloudUrl;
    if (empty) {
      await tx.post.delete({ where: { id: postId } });
      return "deleted" as const;
    }
    return (await settlePost(tx, postId)) ?? ("deleted" as const);
  });
  await Promise.all(storedMediaOf(upload.result).map((media) => discardMedia(media).catch(() => undefined)));
  await removeIncoming(upload.tempPath).catch(() => undefined);
  return outcome;
}

/** The incoming files the database still needs, among `names` (for the incoming folder's sweep). */
export async function referencedIncoming(names: string[]): Promise<Set<string>> {
  const rows = await prisma.postUpload.findMany({ where: { tempPath: { in: names } }, select: { tempPath: true } });
  return new Set(rows.map((row) => row.tempPath).filter((name): name is string => name !== null));
}
