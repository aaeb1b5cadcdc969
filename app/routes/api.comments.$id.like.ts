// POST /api/comments/{id}/like (no body) toggles the caller's like → { liked, likes_count }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { COMMENT_MESSAGES } from "~/lib/schemas/comment-schemas";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { requireId } from "~/lib/ids";
import { limitWrite } from "~/models/rate-limit.server";
import { toggleCommentLike } from "~/models/comment.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "like", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, "You must be signed in to like comments");
    const commentId = requireId(params, "id", COMMENT_MESSAGES.notFound);
    return replyOk(request, body, await toggleCommentLike(commentId, user.id));
  });
}
