// Saved posts. Saves are kept on the server, not only on the device, so they
// follow the account: one row per user and post, toggled, listed on the profile's Saved tab.
import { prisma } from "~/db.server";
import { UserError } from "~/lib/user-error";
import type { SaveState } from "~/lib/wire";
import { encodeCursor, readCursor } from "~/lib/cursor";
import { retryOnConflict } from "~/lib/db/conflicts";
import { POST_NOT_FOUND } from "~/models/like.server";
import { BLOCK_MESSAGES, blockedError, postBlockState } from "~/models/block.server";

export const SAVED_PAGE = 20;

export type SaveResult = SaveState;

/**
 * Saves or unsaves a post for the user (toggles when `want` is left out) and answers the
 * new state and how many people saved it. UserError 404 for a missing post; 403 for a
 * save when the user and the post's author have blocked each other, either way (an
 * earlier save can still be taken back).
 */
export function toggleSave(userId: number, postId: number, want?: boolean): Promise<SaveResult> {
  return retryOnConflict(() =>
    prisma.$transaction(async (tx) => {
      const post = await postBlockState(userId, postId, tx);
      if (!post) throw new UserError(404, POST_NOT_FOUND);
      const existing = await tx.save.findUnique({ where: { userId_postId: { userId, postId } }, select: { postId: true } });
      const target = want ?? !existing;
      if (target && !existing && post.blocked) throw blockedError(BLOCK_MESSAGES.save);
      if (target && !existing) await tx.save.create({ data: { userId, postId } });
      if (!target && existing) await tx.save.deleteMany({ where: { userId, postId } });
      const saves = await tx.save.count({ where: { postId } });
      return { saved: target, saves };
    }),
  );
}

export async function isSaved(userId: number | null, postId: number): Promise<boolean> {
  if (userId === null) return false;
  return (await prisma.save.count({ where: { userId, postId } })) > 0;
}

export function countSaves(postId: number): Promise<number> {
  return prisma.save.count({ where: { postId } });
}

/** Which of these posts the user saved, in one query. */
export async function getSavedPostIds(userId: number | null, postIds: number[]): Promise<Set<number>> {
  if (userId === null || postIds.length === 0) return new Set();
  const rows = await prisma.save.findMany({ where: { userId, postId: { in: postIds } }, select: { postId: true } });
  return new Set(rows.map((row) => row.postId));
}

export type SavedPage = {
  /** Most recently saved first. */
  items: { postId: number; savedAt: string }[];
  postIds: number[];
  /** Pass back to get the next page; null at the end. */
  nextCursor: string | null;
};

/**
 * The posts a user saved, newest save first, a page at a time. `cursor` is the previous
 * page's nextCursor (an unreadable cursor starts from the top).
 */
export async function listSavedPosts(userId: number, cursor?: string | null, limit = SAVED_PAGE): Promise<SavedPage> {
  const after = readCursor(cursor);
  const rows = await prisma.save.findMany({
    where: {
      userId,
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, postId: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { postId: "desc" }],
    take: limit + 1,
    select: { postId: true, createdAt: true },
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({ postId: row.postId, savedAt: row.createdAt.toISOString() })),
    postIds: page.map((row) => row.postId),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.postId }) : null,
  };
}
