// Editing a post and a comment after they were published. Only their author may: other
// members and administrators are refused (403), and a post they cannot see is missing (404).
// Likes, comments, saves and shares stay; the post (or comment) records when it was last
// edited, and everything kept in memory that showed it reads it anew at once (any commit
// gives a new data version: app/cache/README.md).
import { prisma } from "~/db.server";
import { discardMedia } from "~/lib/media/processed-media.server";
import { Prisma } from "~/generated/prisma/client";
import { isEmptyPost } from "~/lib/schemas/post-schemas";
import { POST_EDIT_MESSAGES, type PostEdit } from "~/lib/schemas/post-edit-schemas";
import { POST_MESSAGES } from "~/lib/rules/post-messages";
import { POST_STATUS } from "~/lib/rules/post-status";
import { COMMENT_EDIT_MESSAGES } from "~/lib/schemas/comment-edit-schemas";
import { COMMENT_MESSAGES } from "~/lib/schemas/comment-schemas";
import { UserError } from "~/lib/user-error";
import { assertOwnCars } from "~/models/post.server";
import { assertModsOfCars } from "~/models/post-mods.server";
import { notifyCommentMentions, syncPostText } from "~/models/text-links.server";
import { syncPostTimelines } from "~/models/timeline.server";

type Actor = { id: number };

/**
 * 404 when the post is missing, or is not ready and not the actor's (only its author sees
 * it); 403 when it is someone else's; 409 while its files are still being prepared.
 */
function assertEditable(post: { createdById: number; status: string } | null, actor: Actor): asserts post is { createdById: number; status: string } {
  if (!post) throw new UserError(404, POST_MESSAGES.notFound);
  if (post.createdById !== actor.id) {
    if (post.status !== POST_STATUS.ready) throw new UserError(404, POST_MESSAGES.notFound);
    throw new UserError(403, POST_EDIT_MESSAGES.forbidden);
  }
  if (post.status !== POST_STATUS.ready) throw new UserError(409, POST_EDIT_MESSAGES.notReady);
}

/** What both the edit form and the edit itself read of a post: its author, status and edited fields. */
const EDITABLE_FIELDS = {
  createdById: true,
  status: true,
  story: true,
  layout: true,
  soundcloudUrl: true,
  postCars: { select: { carId: true }, orderBy: { position: "asc" } },
  postMods: { select: { modId: true } },
} as const satisfies Prisma.PostSelect;

/** What the edit form starts from: the post's own fields. The author only (see assertEditable). */
export async function getPostForEdit(postId: number, actor: Actor) {
  const post = await prisma.post.findUnique({
    where: { id: postId },
    select: { id: true, ...EDITABLE_FIELDS },
  });
  assertEditable(post, actor);
  return {
    id: post.id,
    story: post.story,
    layout: post.layout,
    hasAudio: Boolean(post.soundcloudUrl),
    carIds: post.postCars.map((row) => row.carId),
    modIds: post.postMods.map((row) => row.modId),
  };
}

/** Stable order: by the position asked for (1 is the cover), else the place it has; ties keep the current order. */
function newOrder<T extends { id: number }>(kept: readonly T[], positions: ReadonlyMap<number, number | null>): T[] {
  return kept
    .map((medium, index) => ({ medium, index, at: positions.get(medium.id) ?? index + 1 }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ medium }) => medium);
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Saves the author's edit of a post: its story, cars, tagged mods, layout, the order of its
 * media, their descriptions, and the media it removes, in one transaction. An edit that
 * would leave the post with nothing to show (no medium, no story, no track) is refused (400)
 * and nothing changes. Answers whether anything changed; the post's `editedAt` moves only then.
 */
export async function editPost(postId: number, actor: Actor, edit: PostEdit): Promise<{ changed: boolean }> {
  const post = await prisma.post.findUnique({
    where: { id: postId },
    select: {
      ...EDITABLE_FIELDS,
      media: {
        select: { id: true, position: true, alt: true, path: true, variants: true, posterPath: true, posterVariants: true },
        orderBy: [{ position: "asc" }, { id: "asc" }],
      },
    },
  });
  assertEditable(post, actor);
  const current = new Map(post.media.map((medium) => [medium.id, medium]));
  for (const medium of edit.media) if (!current.has(medium.id)) throw new UserError(400, POST_EDIT_MESSAGES.notInPost);
  const asked = new Map(edit.media.map((medium) => [medium.id, medium]));
  const removed = post.media.filter((medium) => asked.get(medium.id)?.remove);
  const kept = post.media.filter((medium) => !asked.get(medium.id)?.remove);
  if (isEmptyPost({ story: edit.story, soundcloud_url: post.soundcloudUrl }, kept.length)) throw new UserError(400, POST_EDIT_MESSAGES.empty);
  await assertOwnCars(actor.id, edit.carIds);
  await assertModsOfCars(edit.modIds, edit.carIds);

  const ordered = newOrder(kept, new Map(edit.media.map((medium) => [medium.id, medium.position])));
  const mediaChanges = ordered
    .map((medium, position) => {
      const wanted = asked.get(medium.id)?.alt;
      const alt = wanted === undefined ? medium.alt : wanted;
      return { id: medium.id, position, alt, changed: medium.position !== position || medium.alt !== alt };
    })
    .filter((change) => change.changed);
  const oldModIds = post.postMods.map((row) => row.modId).sort((a, b) => a - b);
  const newModIds = [...edit.modIds].sort((a, b) => a - b);
  const storyChanged = post.story !== edit.story;
  const carsChanged = !sameList(
    post.postCars.map((row) => row.carId),
    edit.carIds,
  );
  const modsChanged = !sameList(oldModIds, newModIds);
  const changed = storyChanged || carsChanged || modsChanged || post.layout !== edit.layout || removed.length > 0 || mediaChanges.length > 0;
  if (!changed) return { changed: false };

  await prisma.$transaction(async (tx) => {
    await tx.post.update({
      where: { id: postId },
      data: { story: edit.story, layout: edit.layout, carId: edit.carIds[0] ?? null, editedAt: new Date() },
    });
    if (carsChanged) {
      await tx.postCar.deleteMany({ where: { postId } });
      if (edit.carIds.length) await tx.postCar.createMany({ data: edit.carIds.map((carId, position) => ({ postId, carId, position })) });
      await syncPostTimelines(tx, postId);
    }
    if (modsChanged) {
      await tx.postMod.deleteMany({ where: { postId } });
      if (edit.modIds.length) await tx.postMod.createMany({ data: edit.modIds.map((modId) => ({ postId, modId })) });
    }
    if (removed.length) await tx.media.deleteMany({ where: { postId, id: { in: removed.map((medium) => medium.id) } } });
    // At most one statement per medium of the post (a post holds a bounded number of files).
    for (const change of mediaChanges) await tx.media.update({ where: { id: change.id }, data: { position: change.position, alt: change.alt } });
  });
  // The story's #tags and new @mentions follow it.
  if (storyChanged) await syncPostText({ postId, authorId: actor.id, story: edit.story, previousStory: post.story });
  // After the rows are gone: a failed unlink leaves an orphan file, never a broken post.
  await Promise.all(removed.map((medium) => discardMedia(medium).catch(() => undefined)));
  return { changed: true };
}

/**
 * Saves the author's new text of a comment (already checked by the comment rules) and
 * answers it with its edit time. 404 when missing, 403 for anyone but its author.
 */
export async function editComment(commentId: number, actor: Actor, content: string): Promise<{ id: number; post_id: number; content: string; edited_at: string | null }> {
  const comment = await prisma.comment.findUnique({ where: { id: commentId }, select: { id: true, userId: true, postId: true, content: true, editedAt: true } });
  if (!comment) throw new UserError(404, COMMENT_MESSAGES.notFound);
  if (comment.userId === null || comment.userId !== actor.id) throw new UserError(403, COMMENT_EDIT_MESSAGES.forbidden);
  if (comment.content === content) return { id: comment.id, post_id: comment.postId, content, edited_at: comment.editedAt?.toISOString() ?? null };
  const saved = await prisma.comment.update({ where: { id: commentId }, data: { content, editedAt: new Date() }, select: { editedAt: true } });
  // Members the new text mentions for the first time hear of it.
  await notifyCommentMentions({ authorId: actor.id, postId: comment.postId, commentId, content, previousContent: comment.content });
  return { id: comment.id, post_id: comment.postId, content, edited_at: saved.editedAt?.toISOString() ?? null };
}

/** A comment as its edit form starts: its text and post. The author only (404 / 403). */
export async function getCommentForEdit(commentId: number, actor: Actor): Promise<{ id: number; postId: number; content: string }> {
  const comment = await prisma.comment.findUnique({ where: { id: commentId }, select: { id: true, userId: true, postId: true, content: true } });
  if (!comment) throw new UserError(404, COMMENT_MESSAGES.notFound);
  if (comment.userId === null || comment.userId !== actor.id) throw new UserError(403, COMMENT_EDIT_MESSAGES.forbidden);
  return { id: comment.id, postId: comment.postId, content: comment.content };
}
