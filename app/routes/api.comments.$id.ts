// DELETE /api/comments/{id}: the author, the post's owner or an administrator → { deleted,
// id, post_id }. Plain forms (no JavaScript) send POST with intent=delete.
// PATCH /api/comments/{id} { content }: its author only → { id, post_id, content, edited_at }
// (the page /comment/{id}/edit is the plain form).
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { COMMENT_MESSAGES, commentDeleteFormSchema } from "~/lib/schemas/comment-schemas";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { deleteComment } from "~/models/comment.server";
import { parseCommentEdit } from "~/lib/schemas/comment-edit-schemas";
import { editComment } from "~/models/post-edit.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST", "PATCH", "DELETE"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "PATCH") {
    return mutation(request, async (body) => {
      await limitWrite(request, "comment", body);
      const user = await getUser(request);
      if (!user) return replyError(request, body, 401, "You must be signed in to edit comments");
      const commentId = requireId(params, "id", COMMENT_MESSAGES.notFound);
      const parsed = parseCommentEdit(body.fields);
      if (!parsed.ok) return replyError(request, body, 400, parsed.error);
      return replyOk(request, body, await editComment(commentId, user, parsed.content));
    });
  }
  return mutation(request, async (body) => {
    await limitWrite(request, "comment", body);
    if (request.method === "POST") parseFields(commentDeleteFormSchema, body.fields);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, "You must be signed in to delete comments");
    const commentId = requireId(params, "id", COMMENT_MESSAGES.notFound);
    const deleted = await deleteComment(commentId, user);
    return replyOk(request, body, { deleted: true, ...deleted }, {}, { type: "success", message: "Comment deleted" });
  });
}
