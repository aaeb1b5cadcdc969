// Likes and dislikes of posts. One row per user and post (the
// composite primary key) with a type: pressing like adds a like, turns a dislike into a
// like, or removes the like; dislike the other way round.
import { databaseProvider, prisma } from "~/db.server";
import { READY_POST } from "~/lib/rules/post-status";
import { UserError } from "~/lib/user-error";
import { timestampSql } from "~/lib/db/json-sql";
import { Prisma } from "~/generated/prisma/client";
import { BLOCK_MESSAGES, blockedEitherWaySql, blockedError, postBlockState } from "~/models/block.server";
import { pushPostLike } from "~/models/push.server";
import type { InteractionLists, ReactionResult, ReactionState } from "~/lib/wire";

export const REACTIONS = ["like", "dislike"] as const;
export type Reaction = (typeof REACTIONS)[number];

export const POST_NOT_FOUND = "Post not found";
export const INVALID_REACTION = "type must be like or dislike";
/** The likes/dislikes lists name at most this many people each, newest first. */
export const INTERACTIONS_LIST_MAX = 200;

export type ReactionCounts = Pick<ReactionState, "likes" | "dislikes">;

export function parseReaction(value: unknown): Reaction | null {
  if (Array.isArray(value)) value = value[value.length - 1];
  return value === "like" || value === "dislike" ? value : null;
}

export async function postExists(postId: number): Promise<boolean> {
  return (await prisma.post.count({ where: { id: postId, ...READY_POST } })) > 0;
}

/**
 * Applies a press of like or dislike by `userId` on a post and answers what happened and
 * the new counts. UserError 404 when the post does not exist or is not ready (a post that
 * is not ready exists for its author only: nobody can react to it yet); 403 when the
 * member and the post's author have blocked each other, either way (taking a reaction back
 * is still allowed).
 *
 * The press removes the member's reaction of that type if there is one; otherwise it
 * writes the reaction, adding the row or switching the other type, in the same statement
 * that checks the post is ready and that no block stands between the two; only when that
 * writes nothing does one more read tell which of the two refused it. Each step is one statement that is right on its own, so
 * no transaction is held open between them. Two presses at once both end in a state one
 * of them asked for; each answer's counts and flags are read together after its press.
 */
export async function reactToPost(userId: number, postId: number, type: Reaction): Promise<ReactionResult> {
  const removed = (await prisma.$executeRaw`DELETE FROM "post_likes" WHERE "userId" = ${userId} AND "postId" = ${postId} AND "type" = ${type}`) > 0;
  if (!removed) {
    const written = await prisma.$executeRaw`
      INSERT INTO "post_likes" ("userId", "postId", "type", "createdAt")
      SELECT ${userId}, p."id", ${type}, ${timestampSql(databaseProvider, new Date())} FROM "posts" p
      WHERE p."id" = ${postId} AND p."status" = ${READY_POST.status} AND NOT ${blockedEitherWaySql(userId, Prisma.sql`p."createdById"`)}
      ON CONFLICT ("userId", "postId") DO UPDATE SET "type" = excluded."type", "createdAt" = excluded."createdAt"`;
    if (written === 0) {
      const state = await postBlockState(userId, postId);
      if (state?.blocked) throw blockedError(BLOCK_MESSAGES.react);
      throw new UserError(404, POST_NOT_FOUND);
    }
    if (type === "like") await pushPostLike(userId, postId);
  }
  return { action: removed ? "removed" : "added", ...(await getReactionState(postId, userId)) };
}

/**
 * Counts and the viewer's flags for one post (visitors: both flags false), in one
 * statement, so they always describe one state of the post.
 */
export async function getReactionState(postId: number, userId: number | null): Promise<ReactionState> {
  const [row] = await prisma.$queryRaw<{ likes: number | bigint | null; dislikes: number | bigint | null; mine: string | null }[]>`
    SELECT SUM(CASE WHEN "type" = 'like' THEN 1 ELSE 0 END) AS "likes",
      SUM(CASE WHEN "type" = 'dislike' THEN 1 ELSE 0 END) AS "dislikes",
      (SELECT m."type" FROM "post_likes" m WHERE m."userId" = ${userId ?? 0} AND m."postId" = ${postId}) AS "mine"
    FROM "post_likes" WHERE "postId" = ${postId}`;
  return { likes: Number(row?.likes ?? 0), dislikes: Number(row?.dislikes ?? 0), liked: row?.mine === "like", disliked: row?.mine === "dislike" };
}

/** Who liked and who disliked a post, newest first. UserError 404 for a missing post. */
export async function getPostInteractions(postId: number): Promise<InteractionLists> {
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
