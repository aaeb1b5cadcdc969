// Blocking: a row (blocker, blocked). Either direction stops, between the two: messages,
// comments on each other's posts and replies to each other's comments, likes and dislikes
// of each other's posts, likes of each other's comments, saves and shares of each other's
// posts, follows of each other and of each other's cars, and notifications. Taking back
// one's own like, save or follow stays allowed. Blocking ends the follows, the likes and
// dislikes of posts and the likes of comments between the two, both ways, and removes the
// notifications either caused the other.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect } from "~/lib/db/json-sql";
import { READY_POST } from "~/lib/rules/post-status";
import { UserError } from "~/lib/user-error";
import { dropFollowsBetween } from "~/models/timeline.server";
import type { BlockState } from "~/lib/wire";

export const BLOCK_MESSAGES = {
  userNotFound: "User not found",
  blockYourself: "You can't block yourself",
  react: "You can't like or dislike this post",
  save: "You can't save this post",
  share: "You can't share this post",
  likeComment: "You can't like this comment",
} as const;

/** The answer to an action a block stops: 403 with `message` (one of BLOCK_MESSAGES). */
export function blockedError(message: string): UserError {
  return new UserError(403, message);
}

/** Whether either of the two has blocked the other. */
export async function isBlockedEitherWay(a: number, b: number): Promise<boolean> {
  const count = await prisma.block.count({
    where: {
      OR: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    },
  });
  return count > 0;
}

/**
 * A condition, for a statement of another model: a block stands either way between `userId`
 * and the user that `other` (a column) names. False when `other` is NULL.
 */
export function blockedEitherWaySql(userId: number | Prisma.Sql, other: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM "blocks" b WHERE (b."blockerId" = ${userId} AND b."blockedId" = ${other}) OR (b."blockerId" = ${other} AND b."blockedId" = ${userId}))`;
}

/** `blockedEitherWaySql` as a column of a SELECT: 1 or 0 on both databases. */
export function blockedFlagSql(userId: number, other: Prisma.Sql): Prisma.Sql {
  return jsonDialect(databaseProvider).flag(blockedEitherWaySql(userId, other));
}

/** Prisma, or the client of a transaction: anything that can run a raw read. */
type Db = Pick<typeof prisma, "$queryRaw">;

/**
 * Whether `userId` may act on a post: null when the post is missing or not ready, else
 * whether a block stands either way between `userId` and the post's author (never for a
 * visitor, null). One read by primary keys.
 */
export async function postBlockState(userId: number | null, postId: number, db: Db = prisma): Promise<{ blocked: boolean } | null> {
  const [row] = await db.$queryRaw<{ blocked: number | bigint }[]>`
    SELECT ${blockedFlagSql(userId ?? 0, Prisma.sql`p."createdById"`)} AS "blocked"
    FROM "posts" p WHERE p."id" = ${postId} AND p."status" = ${READY_POST.status}`;
  return row ? { blocked: Number(row.blocked) === 1 } : null;
}

/**
 * Whether `userId` may act on a comment: null when it is missing, else whether a block
 * stands either way between `userId` and the comment's author. One read by primary keys.
 */
export async function commentBlockState(userId: number, commentId: number, db: Db = prisma): Promise<{ blocked: boolean } | null> {
  const [row] = await db.$queryRaw<{ blocked: number | bigint | null }[]>`
    SELECT ${blockedFlagSql(userId, Prisma.sql`c."userId"`)} AS "blocked" FROM "comments" c WHERE c."id" = ${commentId}`;
  return row ? { blocked: Number(row.blocked ?? 0) === 1 } : null;
}

/**
 * Users with no block either way with `userId`: a relation filter, so a list can leave
 * blocked people out in its own query (two index probes per row).
 */
export function unblockedWith(userId: number): Prisma.UserWhereInput {
  return { blocking: { none: { blockedId: userId } }, blockedBy: { none: { blockerId: userId } } };
}

/** Whether `viewerId` blocked `otherId`, and whether `otherId` blocked the viewer. */
export async function getBlockState(viewerId: number, otherId: number): Promise<{ blockedByMe: boolean; blockedMe: boolean }> {
  const rows = await prisma.block.findMany({
    where: {
      OR: [
        { blockerId: viewerId, blockedId: otherId },
        { blockerId: otherId, blockedId: viewerId },
      ],
    },
    select: { blockerId: true },
  });
  return {
    blockedByMe: rows.some((row) => row.blockerId === viewerId),
    blockedMe: rows.some((row) => row.blockerId === otherId),
  };
}

/** Ids of everyone the user blocked or was blocked by, among `otherIds` (all when omitted). */
export async function blockedPartnerIds(userId: number, otherIds?: number[]): Promise<Set<number>> {
  if (otherIds && otherIds.length === 0) return new Set();
  const rows = await prisma.block.findMany({
    where: {
      OR: [
        { blockerId: userId, ...(otherIds ? { blockedId: { in: otherIds } } : {}) },
        { blockedId: userId, ...(otherIds ? { blockerId: { in: otherIds } } : {}) },
      ],
    },
    select: { blockerId: true, blockedId: true },
  });
  return new Set(rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)));
}

/** Users the viewer has blocked, newest first (for a settings list). */
export function listBlockedUsers(userId: number) {
  return prisma.block.findMany({
    where: { blockerId: userId },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true, blocked: { select: { id: true, username: true, nickname: true, profileImage: true } } },
  });
}

/**
 * Blocks or unblocks `username` for `blockerId`: `want` true blocks, false unblocks,
 * undefined toggles. Returns the new state. Throws UserError 404/400.
 */
export async function setBlock(blockerId: number, username: string, want?: boolean): Promise<BlockState & { userId: number }> {
  const target = await prisma.user.findUnique({ where: { username: username.trim().toLowerCase() }, select: { id: true } });
  if (!target) throw new UserError(404, BLOCK_MESSAGES.userNotFound);
  if (target.id === blockerId) throw new UserError(400, BLOCK_MESSAGES.blockYourself);

  const key = { blockerId_blockedId: { blockerId, blockedId: target.id } };
  const existing = await prisma.block.findUnique({ where: key, select: { blockerId: true } });
  const blocked = want ?? !existing;
  if (blocked && !existing) {
    const a = blockerId;
    const b = target.id;
    await prisma.$transaction([
      // Two clicks racing: the row may exist already, which is what was asked.
      prisma.block.upsert({ where: key, create: { blockerId: a, blockedId: b }, update: {} }),
      prisma.userFollow.deleteMany({
        where: {
          OR: [
            { followerId: a, followingId: b },
            { followerId: b, followingId: a },
          ],
        },
      }),
      prisma.carFollow.deleteMany({
        where: {
          OR: [
            { userId: a, car: { ownerId: b } },
            { userId: b, car: { ownerId: a } },
          ],
        },
      }),
      // The timelines lose what only those follows brought.
      dropFollowsBetween(a, b),
      prisma.notification.deleteMany({
        where: {
          OR: [
            { userId: a, relatedUserId: b },
            { userId: b, relatedUserId: a },
          ],
        },
      }),
      // Counts are counted from these rows when read: removing the rows is enough.
      prisma.postLike.deleteMany({
        where: {
          OR: [
            { userId: a, post: { createdById: b } },
            { userId: b, post: { createdById: a } },
          ],
        },
      }),
      prisma.commentLike.deleteMany({
        where: {
          OR: [
            { userId: a, comment: { userId: b } },
            { userId: b, comment: { userId: a } },
          ],
        },
      }),
    ]);
  } else if (!blocked && existing) {
    await prisma.block.deleteMany({ where: { blockerId, blockedId: target.id } });
  }
  return { blocked, userId: target.id };
}
