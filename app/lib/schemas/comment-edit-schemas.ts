// Editing a comment: its author sends the new text (the rules of a new comment), from the
// comment's edit page (a plain form) or with PATCH /api/comments/{id}.
import { z } from "zod";
import { COMMENT_MESSAGES, commentInputSchema } from "~/lib/schemas/comment-schemas";

export const COMMENT_EDIT_MESSAGES = {
  forbidden: "You can only edit your own comments",
  saved: "Comment updated",
} as const;

export const commentEditSchema = z.object({
  content: z.preprocess((value) => (Array.isArray(value) ? value[value.length - 1] : (value ?? "")), commentInputSchema.shape.content),
});

/** The new text of a comment, or the first problem's message. */
export function parseCommentEdit(fields: Record<string, unknown>): { ok: true; content: string } | { ok: false; error: string } {
  const parsed = commentEditSchema.safeParse({ content: fields.content });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? COMMENT_MESSAGES.invalid };
  return { ok: true, content: parsed.data.content };
}
