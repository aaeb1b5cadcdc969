// POST /api/comments (postId, content, parentId?) → 201 { id, content, created_at, username,
// parent_id, ... } (the full comment of GET /api/posts/{id}/comments).
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { COMMENT_MESSAGES, parseCommentInput } from "~/lib/schemas/comment-schemas";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { type Body } from "~/lib/server/http.server";
import { limitWrite } from "~/models/rate-limit.server";
import { createComment } from "~/models/comment.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

/** A plain form goes back to its page, scrolled to the new comment. */
function backTo(body: Body, commentId: number): Body {
  if (!body.redirectTo) return body;
  return { ...body, redirectTo: `${body.redirectTo.split("#")[0]}#comment-${commentId}` };
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "comment", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, COMMENT_MESSAGES.signIn);
    const input = parseCommentInput(body.fields);
    if (!input.ok) return replyError(request, body, 400, input.message);
    const comment = await createComment(user, input.value);
    return replyOk(request, backTo(body, comment.id), comment, { status: 201 });
  });
}
