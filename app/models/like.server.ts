// Likes and dislikes of posts. One row per user and post (the
// composite primary key) with a type: pressing like adds a like, turns a dislike into a
// like, or removes the like; dislike the other way round.
import { prisma } from "~/db.server";
import { READY_POST } from "~/lib/post-status";
import { UserError } from "~/lib/user-error";
import { isForeignKeyViolation, retryOnConflict } from "~/lib/db/conflicts";

export const REACTIONS = ["like", "dislike"] as const;
export type Reaction = (typeof REACTIONS)[number];

export const POST_NOT_FOUND = "Post not found";
export const INVALID_REACTION = "type must be like or dislike";
/** The likes/dislikes lists name at most this many people each, newest first. */
export const INTERACTIONS_LIST_MAX = 200;

export type ReactionCounts = { likes: number; dislikes: number };
export type ReactionState = ReactionCounts & { liked: boolean; disliked: boolean };
export type ReactionResult = ReactionState & { action: "added" | "removed" };

export type InteractionUser = { username: string; nickname: string | null; profileImage: string | null };

export function parseReaction(value: unknown): Reaction | null {
  if (Array.isArray(value)) value = value[value.length - 1];
  return value === "like" || value === "dislike" ? value : null;
}

export async function postExists(postId: number): Promise<boolean> {
  return (await prisma.post.count({ where: { id: postId, ...READY_POST } })) > 0;
}

/**
 * Applies a press of like or dislike by `userId` on a post and answers what happened and
 * the new counts. UserError 404 when the post does not exist.
 *
 * The press removes the member's reaction of that type if there is one; otherwise it
 * writes the reaction, adding the row or switching the other type. A missing post fails
 * that write on its foreign key (there was nothing to remove). One transaction, so the
 * counts answered are the ones this press left.
 */
export function reactToPost(userId: number, postId: number, type: Reaction): Promise<ReactionResult> {
  return retryOnConflict(() =>
    prisma.$transaction(async (tx) => {
      const removed = (await tx.postLike.deleteMany({ where: { userId, postId, type } })).count > 0;
      if (!removed) {
        // A post that is not ready exists for its author only: nobody can react to it yet.
        if ((await tx.post.count({ where: { id: postId, status: { not: READY_POST.status } } })) > 0) throw new UserError(404, POST_NOT_FOUND);
        try {
          await tx.postLike.upsert({
            where: { userId_postId: { userId, postId } },
            create: { userId, postId, type },
            update: { type, createdAt: new Date() },
          });
        } catch (error) {
          if (isForeignKeyViolation(error)) throw new UserError(404, POST_NOT_FOUND);
          throw error;
        }
      }
      const counts = await countReactions(tx, postId);
      const current = removed ? null : type;
      return { action: removed ? "removed" : "added", ...counts, liked: current === "like", disliked: current === "dislike" };
    }),
  );
}

/** Both counts of a post in one statement, through `db` (the client or a transaction). */
async function countReactions(db: Pick<typeof prisma, "postLike">, postId: number): Promise<ReactionCounts> {
  const rows = await db.postLike.groupBy({ by: ["type"], where: { postId }, _count: { _all: true } });
  const count = (type: Reaction) => rows.find((row) => row.type === type)?._count._all ?? 0;
  return { likes: count("like"), dislikes: count("dislike") };
}

export function getReactionCounts(postId: number): Promise<ReactionCounts> {
  return countReactions(prisma, postId);
}

/** Counts and the viewer's flags for one post (visitors: both flags false). */
export async function getReactionState(postId: number, userId: number | null): Promise<ReactionState> {
  const [counts, mine] = await Promise.all([
    getReactionCounts(postId),
    userId === null ? null : prisma.postLike.findUnique({ where: { userId_postId: { userId, postId } }, select: { type: true } }),
  ]);
  return { ...counts, liked: mine?.type === "like", disliked: mine?.type === "dislike" };
}

/** Who liked and who disliked a post, newest first. UserError 404 for a missing post. */
export async function getPostInteractions(postId: number): Promise<{ likes: InteractionUser[]; dislikes: InteractionUser[] }> {
  if (!(await postExists(postId))) throw new UserError(404, POST_NOT_FOUND);
  const list = (type: Reaction) =>
    prisma.postLike.findMany({
      where: { postId, type },
      orderBy: [{ createdAt: "desc" }, { userId: "desc" }],
      take: INTERACTIONS_LIST_MAX,
      select: { user: { select: { username: true, nickname: true, profileImage: true } } },
    });
  const [likes, dislikes] = await Promise.all([list("like"), list("dislike")]);
  return { likes: likes.map((row) => row.user), dislikes: dislikes.map((row) => row.user) };
}
