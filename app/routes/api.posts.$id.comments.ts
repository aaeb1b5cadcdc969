// GET /api/posts/{id}/comments → { comments: [...] }: top-level comments newest first, each
// with `replies` oldest first; is_liked and can_delete are for the caller.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { COMMENT_MESSAGES } from "~/lib/comment-schemas";
import { answerUserErrors } from "~/lib/form-reply.server";
import { requireId } from "~/lib/ids";
import { listComments } from "~/models/comment.server";
export { clientLoader } from "~/lib/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const postId = requireId(params, "id", COMMENT_MESSAGES.postNotFound);
  return answerUserErrors(async () => {
    const comments = await listComments(postId, await getUser(request));
    return Response.json({ comments }, { headers: { "Cache-Control": "no-store" } });
  });
}
