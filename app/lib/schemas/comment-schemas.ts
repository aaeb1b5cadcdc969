// Comments and replies (trimmed text, never blank): the input rules shared by the
// comment box and POST /api/comments, the shape the API answers, and the pure updates the
// comment section applies optimistically.
import { z } from "zod";
import { idSchema } from "~/lib/ids";
import { intentField } from "~/lib/schemas/input-schemas";
import { userText } from "~/lib/schemas/text-schemas";
import { textLinksProblem } from "~/lib/rules/text-links";

export const COMMENT_MAX = 2000;
export const ANONYMOUS = "anonymous";

export const COMMENT_MESSAGES = {
  blank: "Please write something before posting",
  tooLong: `Comments can be at most ${COMMENT_MAX} characters`,
  invalid: "Invalid request data",
  signIn: "You must be signed in to comment",
  postNotFound: "Post not found",
  notFound: "Comment not found",
  forbidden: "You can only delete your own comments, or comments on your own posts",
  blockedPost: "You can't comment on this post",
  blockedReply: "You can't reply to this comment",
  postFailed: "Your comment could not be posted. Please try again.",
  likeFailed: "Could not update the like. Comments were reloaded.",
  deleteFailed: "The comment could not be deleted. Please try again.",
  loadFailed: "Comments could not be loaded.",
  olderFailed: "Older comments could not be loaded. Please try again.",
} as const;

/** A comment as GET /api/posts/{id}/comments and POST /api/comments answer it. */
export type CommentView = {
  id: number;
  content: string;
  /** The usernames of the members `content` mentions (its @links); absent means none. */
  mentions?: string[];
  /** ISO 8601. */
  created_at: string;
  /** When its author last edited it (ISO 8601); null or absent when never. */
  edited_at?: string | null;
  user_id: number | null;
  post_id: number;
  /** Always a top-level comment's id (replies are one level deep), or null. */
  parent_id: number | null;
  username: string;
  nickname: string | null;
  profileImage: string | null;
  likes_count: number;
  is_liked: boolean;
  can_delete: boolean;
  /** Top-level comments only; oldest first so a conversation reads downwards. */
  replies: CommentView[];
};

/** A page of a post's comments, as GET /api/posts/{id}/comments answers it. */
export type CommentPage = {
  /** Top-level comments newest first, each with its replies oldest first. */
  comments: CommentView[];
  /** How many comments the post has, replies included. */
  total: number;
  /** Pass back as `before` for the older comments; null when this page is the oldest. */
  nextCursor: string | null;
};

/** The query parameter that asks for the comments older than a cursor, on the API and the post page. */
export const COMMENTS_BEFORE = "before";

/** A comment shown before the server confirmed it carries a temporary negative id. */
export function isTemporaryId(id: number): boolean {
  return id < 0;
}

/** True when the text may be posted: non-blank after trimming, not too long. */
export function canPost(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= COMMENT_MAX;
}

export const commentInputSchema = z.object({
  postId: idSchema,
  content: userText("A comment", { multiline: true }).pipe(
    z
      .string()
      .min(1, COMMENT_MESSAGES.blank)
      .max(COMMENT_MAX, COMMENT_MESSAGES.tooLong)
      .superRefine((text, ctx) => {
        const problem = text.length <= COMMENT_MAX ? textLinksProblem(text, { label: "A comment" }) : null;
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
  ),
  parentId: idSchema.nullable().optional(),
});

/** DELETE /api/comments/{id} from a plain form, which can only POST: intent=delete. */
export const commentDeleteFormSchema = z.object({ intent: intentField(["delete"], COMMENT_MESSAGES.invalid) });

export type CommentInput = { postId: number; content: string; parentId: number | null };

function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** Parses POST /api/comments fields (postId, content, parentId?); names its first problem. */
export function parseCommentInput(fields: Record<string, unknown>): { ok: true; value: CommentInput } | { ok: false; message: string } {
  const content = single(fields.content);
  if (content === undefined || content === null || (typeof content === "string" && content.trim() === "")) {
    return { ok: false, message: COMMENT_MESSAGES.blank };
  }
  if (typeof content !== "string") return { ok: false, message: COMMENT_MESSAGES.invalid };
  const parent = single(fields.parentId ?? fields.parent_id);
  const parsed = commentInputSchema.safeParse({
    postId: single(fields.postId ?? fields.post_id),
    content,
    parentId: parent === "" || parent === undefined ? null : parent,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue.path[0] === "content" ? issue.message : COMMENT_MESSAGES.invalid;
    return { ok: false, message };
  }
  return { ok: true, value: { ...parsed.data, parentId: parsed.data.parentId ?? null } };
}

// ------------------------------------------------------------------ tree updates

/** Adds a comment: a top-level one first (newest first), a reply last under its parent. */
export function addComment(list: CommentView[], comment: CommentView): CommentView[] {
  if (comment.parent_id === null) return [{ ...comment, replies: comment.replies ?? [] }, ...list];
  return list.map((top) => (top.id === comment.parent_id ? { ...top, replies: [...top.replies, comment] } : top));
}

/** Replaces the comment with id `id` (a temporary one, usually) wherever it is. */
export function replaceComment(list: CommentView[], id: number, next: CommentView): CommentView[] {
  return list.map((top) => {
    if (top.id === id) return { ...next, replies: top.replies.length > 0 ? top.replies : (next.replies ?? []) };
    if (top.replies.some((reply) => reply.id === id)) {
      return { ...top, replies: top.replies.map((reply) => (reply.id === id ? { ...next, replies: [] } : reply)) };
    }
    return top;
  });
}

/** Removes a comment (and, for a top-level one, its replies). */
export function removeComment(list: CommentView[], id: number): CommentView[] {
  return list
    .filter((top) => top.id !== id)
    .map((top) => (top.replies.some((reply) => reply.id === id) ? { ...top, replies: top.replies.filter((reply) => reply.id !== id) } : top));
}

function updateOne(list: CommentView[], id: number, change: (comment: CommentView) => CommentView): CommentView[] {
  return list.map((top) => {
    if (top.id === id) return change(top);
    if (top.replies.some((reply) => reply.id === id)) {
      return { ...top, replies: top.replies.map((reply) => (reply.id === id ? change(reply) : reply)) };
    }
    return top;
  });
}

/** Flips the viewer's like on a comment; the count moves with it and never drops below 0. */
export function toggleCommentLikeIn(list: CommentView[], id: number): CommentView[] {
  return updateOne(list, id, (comment) => ({
    ...comment,
    is_liked: !comment.is_liked,
    likes_count: Math.max(0, comment.likes_count + (comment.is_liked ? -1 : 1)),
  }));
}

/** Sets a comment's like state to what the server answered. */
export function setCommentLikeIn(list: CommentView[], id: number, liked: boolean, likesCount: number): CommentView[] {
  return updateOne(list, id, (comment) => ({ ...comment, is_liked: liked, likes_count: Math.max(0, likesCount) }));
}

/** Finds a comment anywhere in the tree. */
export function findComment(list: CommentView[], id: number): CommentView | undefined {
  for (const top of list) {
    if (top.id === id) return top;
    const reply = top.replies.find((item) => item.id === id);
    if (reply) return reply;
  }
  return undefined;
}

/** How many comments the tree holds, replies included. */
export function countComments(list: CommentView[]): number {
  return list.reduce((sum, top) => sum + 1 + top.replies.length, 0);
}

// ------------------------------------------------------------------ pages

/** The comments a section shows: the newest page, then the older pages it asked for. */
export type CommentList = CommentPage & {
  /** The top-level comments that came with older pages. */
  olderIds: number[];
};

/** A section's list before anything is read. */
export const NO_COMMENTS: CommentList = { comments: [], total: 0, nextCursor: null, olderIds: [] };

/** True when `a` lists after `b`: older, or as old with a smaller id (the order pages are read in). */
function listsAfter(a: CommentView, b: CommentView): boolean {
  return a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id);
}

/**
 * The list with a fresh newest page (a page load, a reload). With older pages shown, what lists
 * after the new page stays under it (the comments new ones pushed off the newest page
 * included), with the cursor past them; a comment gone from the new page's span is gone.
 */
export function withNewestPage(list: CommentList, page: CommentPage): CommentList {
  const boundary = page.comments[page.comments.length - 1];
  if (list.olderIds.length === 0 || page.nextCursor === null || !boundary) return { ...page, olderIds: [] };
  const kept = list.comments.filter((comment) => listsAfter(comment, boundary));
  if (kept.length === 0) return { ...page, olderIds: [] };
  return { comments: [...page.comments, ...kept], total: page.total, nextCursor: list.nextCursor, olderIds: kept.map((comment) => comment.id) };
}

/** The list with an older page added at its end (a comment already shown is not shown twice). */
export function withOlderPage(list: CommentList, page: CommentPage): CommentList {
  const shown = new Set(list.comments.map((comment) => comment.id));
  const added = page.comments.filter((comment) => !shown.has(comment.id));
  return { comments: [...list.comments, ...added], total: list.total, nextCursor: page.nextCursor, olderIds: [...list.olderIds, ...added.map((comment) => comment.id)] };
}

/** The list after a change to its comments; the total moves by the comments added or removed. */
export function withComments(list: CommentList, comments: CommentView[]): CommentList {
  return { ...list, comments, total: Math.max(0, list.total + countComments(comments) - countComments(list.comments)) };
}
