// Posts: creating one (its files wait on disk for their background jobs, see
// post-upload.server.ts), deleting one with its files, and counting shares. Reads live in
// feed.server.ts.
import { prisma } from "~/db.server";
import { UserError } from "~/lib/user-error";
import { checkPostUpload, fileMessage } from "~/lib/media/upload-limits.server";
import { discardMedia, type InspectedUpload, type UploadFile } from "~/lib/media/processed-media.server";
import { incomingName, removeIncoming, shareIncoming } from "~/lib/server/incoming.server";
import { cropFits, cropText, MEDIA_FIELD_MESSAGES, orderFiles, type Crop } from "~/lib/schemas/upload-media-fields";
import { isEmptyPost, POST_MESSAGES, type PostFields, type ShareChannel } from "~/lib/schemas/post-schemas";
import { enqueueJob } from "~/models/job.server";
import { POST_STATUS, READY_POST } from "~/lib/rules/post-status";
import { MEDIA_JOB, mediaLane, storedMediaOf } from "~/models/post-upload.server";
import { assertModsOfCars } from "~/models/post-mods.server";
import { BLOCK_MESSAGES, blockedError, postBlockState } from "~/models/block.server";
import { notifyReadyPostMentions, setPostTags } from "~/models/text-links.server";
import { addPostToTimelines } from "~/models/timeline.server";

/**
 * An uploaded file on disk in the incoming folder, checked by inspectUploadFile, with what
 * the author said about it: its number and position (see upload-media-fields), its
 * description and, for a photo, the part to keep.
 */
export type PendingFile = {
  file: UploadFile;
  inspected: InspectedUpload;
  number?: number;
  position?: number | null;
  alt?: string | null;
  crop?: Crop | null;
};

/** 400 naming the file when its crop is not a rectangle inside the (upright) photo. */
function checkCrop({ file, inspected, crop }: PendingFile): void {
  if (!crop) return;
  if (inspected.kind === "video") throw new UserError(400, fileMessage(file.name, 400, MEDIA_FIELD_MESSAGES.cropVideo));
  const { width, height } = inspected;
  if (width === null || height === null || !cropFits(crop, width, height)) {
    throw new UserError(400, fileMessage(file.name, 400, `${MEDIA_FIELD_MESSAGES.cropOutside} (${width ?? "?"} × ${height ?? "?"} pixels)`));
  }
}

export type NewPost = PostFields & {
  /** The uploaded files in the order they were sent. */
  files: PendingFile[];
};

/** 403 unless every car exists and belongs to the user. One query. */
export async function assertOwnCars(userId: number, carIds: number[]): Promise<void> {
  if (carIds.length === 0) return;
  const owned = await prisma.car.count({ where: { id: { in: carIds }, ownerId: userId } });
  if (owned !== carIds.length) throw new UserError(403, POST_MESSAGES.notYourCar);
}

/**
 * Creates a post for `userId`: checks the fields, the files' count and total size, the
 * cars and the mods (each of one of those cars), then writes the post, its cars, its mods
 * and one pending upload per file (videos first)
 * with one background job each, in one transaction. A post with files starts
 * `processing` and becomes ready when every file is stored; one without is ready at once.
 * The files stay in the incoming folder for their jobs; when this throws, the caller still
 * owns them. Returns the new post's id.
 */
export async function createPost(userId: number, input: NewPost): Promise<number> {
  const files = input.files;
  if (isEmptyPost(input, files.length)) throw new UserError(400, POST_MESSAGES.empty);
  checkPostUpload(files.map((file) => file.inspected.bytes));
  await assertOwnCars(userId, input.carIds);
  await assertModsOfCars(input.modIds, input.carIds);
  files.forEach(checkCrop);
  // The order the author chose (positions, else the order sent); videos are not moved first.
  const ordered = orderFiles(files.map((pending, index) => ({ ...pending, number: pending.number ?? index + 1, position: pending.position ?? null })));
  const names = ordered.map((pending) => {
    const name = incomingName(pending.file.path);
    if (!name) throw new Error(`Not a file of the incoming folder: ${pending.file.path}`);
    return name;
  });
  // MEDIA_STORE=s3: the files go to the bucket before their jobs exist (503 when it is down).
  await shareIncoming(ordered.map((pending) => pending.file.path));

  const postId = await prisma.$transaction(async (tx) => {
    const post = await tx.post.create({
      data: {
        createdById: userId,
        story: input.story,
        layout: input.layout,
        soundcloudUrl: input.soundcloud_url,
        carId: input.carIds[0] ?? null,
        status: ordered.length > 0 ? POST_STATUS.processing : POST_STATUS.ready,
        postCars: { create: input.carIds.map((carId, position) => ({ carId, position })) },
        postMods: { create: input.modIds.map((modId) => ({ modId })) },
      },
      select: { id: true, createdAt: true },
    });
    await setPostTags(tx, post.id, input.story, post.createdAt);
    await addPostToTimelines(tx, post.id);
    for (const [position, { file, inspected, alt, crop }] of ordered.entries()) {
      const upload = await tx.postUpload.create({
        data: {
          postId: post.id,
          position,
          name: file.name.slice(0, 200) || `file ${position + 1}`,
          tempPath: names[position],
          kind: inspected.kind,
          mimeType: inspected.mime,
          ext: inspected.ext,
          bytes: inspected.bytes,
          width: inspected.width,
          height: inspected.height,
          durationMs: inspected.durationMs,
          alt: alt ?? null,
          crop: crop ? cropText(crop) : null,
        },
        select: { id: true },
      });
      await enqueueJob(MEDIA_JOB, { uploadId: upload.id }, { db: tx, lane: mediaLane(inspected.kind) });
    }
    return post.id;
  });
  // The members the story mentions hear of it once others can see it: now, or when its files are stored.
  if (ordered.length === 0) await notifyReadyPostMentions(postId);
  return postId;
}

/**
 * Deletes a post (its cars, media rows, likes, comments, shares and saves go with it) and
 * then its stored files. The creator or an administrator only: 404 when missing, 403 else.
 */
export async function deletePost(postId: number, actor: { id: number; role: string }): Promise<void> {
  const post = await prisma.post.findUnique({
    where: { id: postId },
    select: {
      createdById: true,
      media: { select: { path: true, variants: true, posterPath: true, posterVariants: true } },
      uploads: { select: { tempPath: true, result: true } },
    },
  });
  if (!post) throw new UserError(404, POST_MESSAGES.notFound);
  if (post.createdById !== actor.id && actor.role !== "admin") throw new UserError(403, POST_MESSAGES.forbidden);
  await prisma.post.delete({ where: { id: postId } });
  // After the rows are gone: a failed unlink leaves an orphan file, never a broken post.
  // Files still waiting for their jobs go too (a job finding its upload gone does nothing).
  const stored = [...post.media, ...post.uploads.flatMap((upload) => storedMediaOf(upload.result))];
  await Promise.all(stored.map((media) => discardMedia(media).catch(() => undefined)));
  await removeIncoming(...post.uploads.map((upload) => upload.tempPath)).catch(() => undefined);
}

/**
 * Records a share (the user when signed in) and answers the post's share count. 404 when
 * missing; 403 when the sharer and the post's author have blocked each other, either way.
 */
export async function recordShare(postId: number, userId: number | null, channel: ShareChannel): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const post = await postBlockState(userId, postId, tx);
    if (!post) throw new UserError(404, POST_MESSAGES.notFound);
    if (post.blocked) throw blockedError(BLOCK_MESSAGES.share);
    await tx.share.create({ data: { postId, userId, channel } });
    return tx.share.count({ where: { postId } });
  });
}

export async function postExists(postId: number): Promise<boolean> {
  return (await prisma.post.count({ where: { id: postId, ...READY_POST } })) > 0;
}
