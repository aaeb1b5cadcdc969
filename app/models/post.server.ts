// Posts: creating one from uploaded files (checked, converted and stored by the upload
// pipeline), deleting one with its files, and counting shares. Reads live in feed.server.ts.
import { prisma } from "~/db.server";
import { HttpError } from "~/lib/http.server";
import {
  checkPostUpload,
  discardMedia,
  mediaColumns,
  processUpload,
  type ProcessedMedia,
} from "~/lib/images.server";
import { sortVideosFirst } from "~/lib/media-types";
import { isEmptyPost, POST_MESSAGES, type PostFields, type ShareChannel } from "~/lib/post-schemas";

export type NewPost = PostFields & {
  /** The uploaded files in the order they were sent. */
  files: Uint8Array[];
};

/** 403 unless every car exists and belongs to the user. One query. */
export async function assertOwnCars(userId: number, carIds: number[]): Promise<void> {
  if (carIds.length === 0) return;
  const owned = await prisma.car.count({ where: { id: { in: carIds }, ownerId: userId } });
  if (owned !== carIds.length) throw new HttpError(403, POST_MESSAGES.notYourCar);
}

/**
 * Creates a post for `userId`: checks the fields and the cars, runs each file through the
 * upload pipeline (415 'Unsupported media type', 413 for sizes), then writes the post, its
 * cars and its media (videos first, SPEC §5) in one transaction. When anything fails, the
 * files already stored are deleted. Returns the new post's id.
 */
export async function createPost(userId: number, input: NewPost): Promise<number> {
  const files = input.files.filter((file) => file.byteLength > 0);
  if (isEmptyPost(input, files.length)) throw new HttpError(400, POST_MESSAGES.empty);
  checkPostUpload(files.map((file) => file.byteLength));
  await assertOwnCars(userId, input.carIds);

  const stored: ProcessedMedia[] = [];
  try {
    // One at a time: image encoding already uses every core, and memory stays bounded.
    for (const file of files) stored.push(await processUpload(file));
    const ordered = sortVideosFirst(stored, (media) => media.kind === "video");
    const post = await prisma.post.create({
      data: {
        createdById: userId,
        story: input.story,
        layout: input.layout,
        soundcloudUrl: input.soundcloud_url,
        carId: input.carIds[0] ?? null,
        postCars: { create: input.carIds.map((carId, position) => ({ carId, position })) },
        media: {
          create: ordered.map((media, position) => ({ uploaderId: userId, position, ...mediaColumns(media) })),
        },
      },
      select: { id: true },
    });
    return post.id;
  } catch (error) {
    await Promise.all(stored.map((media) => discardMedia(media).catch(() => undefined)));
    throw error;
  }
}

/**
 * Deletes a post (its cars, media rows, likes, comments, shares and saves go with it) and
 * then its stored files. The creator or an administrator only: 404 when missing, 403 else.
 */
export async function deletePost(postId: number, actor: { id: number; role: string }): Promise<void> {
  const post = await prisma.post.findUnique({
    where: { id: postId },
    select: { createdById: true, media: { select: { path: true, variants: true, posterPath: true, posterVariants: true } } },
  });
  if (!post) throw new HttpError(404, POST_MESSAGES.notFound);
  if (post.createdById !== actor.id && actor.role !== "admin") throw new HttpError(403, POST_MESSAGES.forbidden);
  await prisma.post.delete({ where: { id: postId } });
  // After the rows are gone: a failed unlink leaves an orphan file, never a broken post.
  await Promise.all(post.media.map((media) => discardMedia(media).catch(() => undefined)));
}

/** Records a share (the user when signed in) and answers the post's share count. 404 when missing. */
export async function recordShare(postId: number, userId: number | null, channel: ShareChannel): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const post = await tx.post.findUnique({ where: { id: postId }, select: { id: true } });
    if (!post) throw new HttpError(404, POST_MESSAGES.notFound);
    await tx.share.create({ data: { postId, userId, channel } });
    return tx.share.count({ where: { postId } });
  });
}

export async function postExists(postId: number): Promise<boolean> {
  return (await prisma.post.count({ where: { id: postId } })) > 0;
}
