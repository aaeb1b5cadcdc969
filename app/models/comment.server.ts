// Comments and replies. Replies sit one level under a
// top-level comment: a reply to a reply is stored under that reply's top-level comment.
// Top-level comments are listed newest first; replies oldest first, so a conversation
// under a comment reads downwards.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, parseJsonCell, parseStoredDate, timestampSql } from "~/lib/db/json-sql";
import { READY_POST } from "~/lib/rules/post-status";
import { UserError } from "~/lib/user-error";
import { ANONYMOUS, COMMENT_MESSAGES, type CommentInput, type CommentPage, type CommentView } from "~/lib/schemas/comment-schemas";
import { isAdmin } from "~/models/user.server";
import { pushComment } from "~/models/push.server";
import { BLOCK_MESSAGES, blockedError, blockedFlagSql, commentBlockState } from "~/models/block.server";
import { retryOnConflict } from "~/lib/db/conflicts";
import { encodeCursor, type Cursor } from "~/lib/cursor";
import { membersIn, mentionedMembers, notifyCommentMentions } from "~/models/text-links.server";

/** Who is looking: decides is_liked and can_delete. */
export type Viewer = { id: number; role: string } | null;

/** How many top-level comments (each with all its replies) one page of a post's list shows. */
export const COMMENTS_PAGE_SIZE = 20;
/** The most comments, replies included, one page reads: a page's work stays bounded. */
export const COMMENTS_PAGE_MAX = 1000;

/** A comment's own columns (its author's public name and photo come with it: CommentRow). */
const commentColumns = { id: true, content: true, createdAt: true, userId: true, postId: true, parentId: true, editedAt: true } as const;

/** The member writing a comment: who they are, and the name and photo the comment shows. */
export type CommentAuthor = { id: number; role: string; username: string; nickname: string | null; profileImage: string | null };

type CommentRow = {
  id: number;
  content: string;
  createdAt: Date;
  userId: number | null;
  postId: number;
  parentId: number | null;
  user: { username: string; nickname: string | null; profileImage: string | null } | null;
  editedAt?: Date | null;
};

function canDelete(viewer: Viewer, comment: { userId: number | null }, postOwnerId: number): boolean {
  if (!viewer) return false;
  return comment.userId === viewer.id || postOwnerId === viewer.id || isAdmin(viewer);
}

function toView(
  row: CommentRow,
  viewer: Viewer,
  postOwnerId: number,
  likes: { count: number; liked: boolean },
  parentId: number | null,
  members: ReadonlySet<string>,
): CommentView {
  return {
    id: row.id,
    content: row.content,
    mentions: membersIn(row.content, members),
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt ? row.editedAt.toISOString() : null,
    user_id: row.userId,
    post_id: row.postId,
    parent_id: parentId,
    username: row.user?.username || ANONYMOUS,
    nickname: row.user?.nickname ?? null,
    profileImage: row.user?.profileImage ?? null,
    likes_count: likes.count,
    is_liked: likes.liked,
    can_delete: canDelete(viewer, row, postOwnerId),
    replies: [],
  };
}

// ------------------------------------------------------------------ the list
//
// Prisma read a post's list with five statements (the post, the comments, their authors, the
// like counts, the viewer's likes). The statement below answers it as ONE JSON text
// (~/lib/db/json-sql): a post page pays one statement for its comments.

/** A comment as the list statement answers it, in this order. */
type CommentTuple = [
  id: number,
  content: string,
  createdAt: string | number,
  userId: number | null,
  parentId: number | null,
  /** The author's; null when the author is gone. */
  username: string | null,
  nickname: string | null,
  profileImage: string | null,
  likes: number,
  /** 1 when the viewer liked it. */
  liked: number,
  editedAt: string | number | null,
];

/**
 * One row when the post exists and is ready (else none): its owner, how many comments it has,
 * and a page of its comments: the COMMENTS_PAGE_SIZE newest top-level comments older than
 * `before`, with every reply under them (COMMENTS_PAGE_MAX comments at most), newest first,
 * each with its author, its like count and whether `viewerId` liked it. `tops` counts one
 * top-level comment more than the page shows when an older page follows. Blocks do not hide
 * comments: they stop new ones (createComment).
 */
function commentsStatement(postId: number, viewerId: number, before: Cursor | null): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  let older = Prisma.empty;
  if (before) {
    const at = timestampSql(databaseProvider, before.createdAt);
    older = Prisma.sql`AND "createdAt" <= ${at} AND ("createdAt" < ${at} OR "id" < ${before.id})`;
  }
  const comment = json.tuple(Prisma.sql`
    c."id", c."content", c."createdAt", c."userId", c."parentId", u."username", u."nickname", u."profileImage",
    (SELECT COUNT(*) FROM "comment_likes" l WHERE l."commentId" = c."id"),
    ${json.flag(Prisma.sql`EXISTS (SELECT 1 FROM "comment_likes" l WHERE l."commentId" = c."id" AND l."userId" = ${viewerId})`)},
    c."editedAt"`);
  return Prisma.sql`
    WITH RECURSIVE
      page_tops AS (SELECT "id", "createdAt" FROM "comments" WHERE "postId" = ${postId} AND "parentId" IS NULL ${older}
                    ORDER BY "createdAt" DESC, "id" DESC LIMIT ${COMMENTS_PAGE_SIZE + 1}),
      shown_tops AS (SELECT "id" FROM page_tops ORDER BY "createdAt" DESC, "id" DESC LIMIT ${COMMENTS_PAGE_SIZE}),
      thread ("id") AS (SELECT "id" FROM shown_tops UNION SELECT r."id" FROM "comments" r JOIN thread t ON r."parentId" = t."id")
    SELECT p."createdById" AS "ownerId",
      (SELECT COUNT(*) FROM page_tops) AS "tops",
      (SELECT COUNT(*) FROM "comments" WHERE "postId" = ${postId}) AS "total",
      (SELECT ${json.text(json.tuples(comment, Prisma.sql`c."createdAt" DESC, c."id" DESC`))}
       FROM (SELECT "id", "content", "createdAt", "userId", "parentId", "editedAt" FROM "comments" WHERE "id" IN (SELECT "id" FROM thread)
             ORDER BY "createdAt" DESC, "id" DESC LIMIT ${COMMENTS_PAGE_MAX}) c
       LEFT JOIN "users" u ON u."id" = c."userId" AND u."deletedAt" IS NULL) AS "comments"
    FROM "posts" p
    WHERE p."id" = ${postId} AND p."status" = ${READY_POST.status}`;
}

/**
 * A page of a post's comments as a tree, for the viewer, in one statement: the newest
 * top-level comments, or those older than `before` (a previous page's nextCursor).
 * UserError 404 for a missing post.
 */
export async function listComments(postId: number, viewer: Viewer, before: Cursor | null = null): Promise<CommentPage> {
  const page = await commentPageOf(postId, viewer, before);
  if (!page) throw new UserError(404, COMMENT_MESSAGES.postNotFound);
  return page;
}

/** `listComments`, or null when there is no such post: a page may read it beside the post itself. */
export async function commentPageOf(postId: number, viewer: Viewer, before: Cursor | null = null): Promise<CommentPage | null> {
  // A visitor likes nothing: user ids start at 1.
  const [post] = await prisma.$queryRaw<Array<{ ownerId: number | bigint; tops: number | bigint; total: number | bigint; comments: string | null }>>(
    commentsStatement(postId, viewer?.id ?? 0, before),
  );
  if (!post) return null;
  const ownerId = Number(post.ownerId);
  const rows: CommentRow[] = [];
  const likeCounts = new Map<number, number>();
  const likedIds = new Set<number>();
  for (const [id, content, createdAt, userId, parentId, username, nickname, profileImage, likes, liked, editedAt] of parseJsonCell<CommentTuple[]>(post.comments, [])) {
    const user = username === null ? null : { username, nickname, profileImage };
    rows.push({ id, content, createdAt: parseStoredDate(createdAt), userId, postId, parentId, user, editedAt: editedAt === null ? null : parseStoredDate(editedAt) });
    likeCounts.set(id, likes);
    if (liked === 1) likedIds.add(id);
  }

  // Every reply hangs under its top-level ancestor, even if older data nests deeper.
  const byId = new Map(rows.map((row) => [row.id, row]));
  const rootOf = (row: CommentRow): number | null => {
    let current = row;
    for (let depth = 0; current.parentId !== null && depth < 50; depth++) {
      const parent = byId.get(current.parentId);
      if (!parent) return current.parentId;
      current = parent;
    }
    return current.id === row.id ? null : current.id;
  };

  // The members the page's comments mention, for their links: one query for the page.
  const members = await mentionedMembers(rows.map((row) => row.content));
  const tops: CommentView[] = [];
  const topsById = new Map<number, CommentView>();
  const replies: { root: number; view: CommentView }[] = [];
  for (const row of rows) {
    const root = row.parentId === null ? null : rootOf(row);
    const view = toView(row, viewer, ownerId, { count: likeCounts.get(row.id) ?? 0, liked: likedIds.has(row.id) }, root, members);
    if (root === null) {
      tops.push(view);
      topsById.set(view.id, view);
    } else {
      replies.push({ root, view });
    }
  }
  // Rows come newest first; replies read oldest first.
  for (let i = replies.length - 1; i >= 0; i--) topsById.get(replies[i].root)?.replies.push(replies[i].view);
  const oldest = tops[tops.length - 1];
  const more = Number(post.tops) > COMMENTS_PAGE_SIZE && oldest !== undefined;
  return { comments: tops, total: Number(post.total), nextCursor: more ? encodeCursor({ createdAt: oldest.created_at, id: oldest.id }) : null };
}

type CommentTarget = {
  /** The replied-to comment, when it is on this post; and the top-level comment it sits under. */
  parentId: number | null;
  parentRootId: number | null;
  /** Who wrote the post, and the replied-to comment (the ones a push goes to). */
  ownerId: number | null;
  parentAuthorId: number | null;
  /** The author and the post's owner (or the replied-to comment's author) blocked each other. */
  ownerBlocked: boolean;
  parentBlocked: boolean;
};

/**
 * What a new comment by `authorId` needs to know, in one statement, as every comment asks
 * it: the post (ready), the comment it replies to (on that post), and whether a block
 * stands between the author and the post's owner or the replied-to comment's author.
 * Null when the post is missing or not ready.
 */
async function commentTarget(authorId: number, postId: number, parentId: number | null): Promise<CommentTarget | null> {
  const blockedWith = (other: Prisma.Sql) => blockedFlagSql(authorId, other);
  const [row] = await prisma.$queryRaw<
    {
      parentId: number | null;
      parentRootId: number | null;
      ownerId: number | bigint | null;
      parentAuthorId: number | bigint | null;
      ownerBlocked: number | bigint;
      parentBlocked: number | bigint | null;
    }[]
  >`
    SELECT c."id" AS "parentId", c."parentId" AS "parentRootId", p."createdById" AS "ownerId", c."userId" AS "parentAuthorId",
      ${blockedWith(Prisma.sql`p."createdById"`)} AS "ownerBlocked",
      ${blockedWith(Prisma.sql`c."userId"`)} AS "parentBlocked"
    FROM "posts" p LEFT JOIN "comments" c ON c."id" = ${parentId ?? 0} AND c."postId" = p."id"
    WHERE p."id" = ${postId} AND p."status" = ${READY_POST.status}`;
  if (!row) return null;
  return {
    parentId: row.parentId,
    parentRootId: row.parentRootId,
    ownerId: row.ownerId === null ? null : Number(row.ownerId),
    parentAuthorId: row.parentAuthorId === null ? null : Number(row.parentAuthorId),
    ownerBlocked: Number(row.ownerBlocked) === 1,
    parentBlocked: Number(row.parentBlocked ?? 0) === 1,
  };
}

/** How many comments a post has (replies included). */
export function countComments(postId: number): Promise<number> {
  return prisma.comment.count({ where: { postId } });
}

/**
 * Adds a comment (or a reply) by `author`. A reply to a reply lands under the top-level
 * comment. UserError 404 for a missing post or parent comment, 403 when the author and the
 * post's owner (or the replied-to comment's author) have blocked each other, either way.
 */
export async function createComment(author: CommentAuthor, input: CommentInput): Promise<CommentView> {
  const target = await commentTarget(author.id, input.postId, input.parentId);
  if (!target) throw new UserError(404, COMMENT_MESSAGES.postNotFound);
  if (input.parentId !== null && target.parentId === null) throw new UserError(404, COMMENT_MESSAGES.notFound);
  // A block either way stops comments on the other's posts and replies to their comments.
  if (target.parentBlocked) throw new UserError(403, COMMENT_MESSAGES.blockedReply);
  if (target.ownerBlocked) throw new UserError(403, COMMENT_MESSAGES.blockedPost);
  const parentId = target.parentId === null ? null : (target.parentRootId ?? target.parentId);
  // The author is the member writing, whose name and photo are at hand: one INSERT.
  const row = await prisma.comment.create({
    data: { postId: input.postId, userId: author.id, parentId, content: input.content },
    select: commentColumns,
  });
  // The replied-to comment's author hears of a reply; the post's owner of a comment (once,
  // when they are also the one replied to). Nobody hears of their own.
  if (target.parentAuthorId !== null) await pushComment(author, { recipientId: target.parentAuthorId, postId: input.postId, content: input.content, reply: true });
  if (target.ownerId !== null && target.ownerId !== target.parentAuthorId)
    await pushComment(author, { recipientId: target.ownerId, postId: input.postId, content: input.content, reply: false });
  await notifyCommentMentions({ authorId: author.id, postId: input.postId, commentId: row.id, content: input.content });
  const user = { username: author.username, nickname: author.nickname, profileImage: author.profileImage };
  const members = await mentionedMembers([input.content]);
  // A new comment has no likes yet, and its author may always delete it.
  return { ...toView({ ...row, user }, author, -1, { count: 0, liked: false }, parentId, members), can_delete: true };
}

/**
 * Flips `userId`'s like on a comment and answers the new state and count (never below 0).
 * UserError 404 for a missing comment; 403 for a like when the member and the comment's
 * author have blocked each other, either way (an earlier like can still be taken back).
 */
export function toggleCommentLike(commentId: number, userId: number): Promise<{ liked: boolean; likes_count: number }> {
  return retryOnConflict(() =>
    prisma.$transaction(async (tx) => {
      const comment = await commentBlockState(userId, commentId, tx);
      if (!comment) throw new UserError(404, COMMENT_MESSAGES.notFound);
      const existing = await tx.commentLike.findUnique({ where: { commentId_userId: { commentId, userId } }, select: { userId: true } });
      if (!existing && comment.blocked) throw blockedError(BLOCK_MESSAGES.likeComment);
      if (existing) await tx.commentLike.deleteMany({ where: { commentId, userId } });
      else await tx.commentLike.create({ data: { commentId, userId } });
      const likes = await tx.commentLike.count({ where: { commentId } });
      return { liked: !existing, likes_count: Math.max(0, likes) };
    }),
  );
}

/**
 * Deletes a comment (and its replies) when the viewer wrote it, owns the post, or is an
 * administrator. UserError 404 / 403 otherwise.
 */
export async function deleteComment(commentId: number, viewer: { id: number; role: string }): Promise<{ id: number; post_id: number }> {
  const comment = await prisma.comment.findUnique({
    where: { id: commentId },
    select: { id: true, userId: true, postId: true, post: { select: { createdById: true } } },
  });
  if (!comment) throw new UserError(404, COMMENT_MESSAGES.notFound);
  if (!canDelete(viewer, comment, comment.post.createdById)) throw new UserError(403, COMMENT_MESSAGES.forbidden);
  await prisma.comment.deleteMany({ where: { OR: [{ id: commentId }, { parentId: commentId }] } });
  return { id: comment.id, post_id: comment.postId };
}

/** The post a comment belongs to, or null (for moderation links). */
export async function getCommentPostId(commentId: number): Promise<number | null> {
  const comment = await prisma.comment.findUnique({ where: { id: commentId }, select: { postId: true } });
  return comment?.postId ?? null;
}
