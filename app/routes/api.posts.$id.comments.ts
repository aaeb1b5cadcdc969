// GET /api/posts/{id}/comments[?before=<cursor>] → { comments, total, nextCursor }: a page of
// top-level comments newest first, each with `replies` oldest first (older pages by passing
// nextCursor back as `before`), and how many comments the post has; is_liked and can_delete
// are for the caller.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { COMMENTS_BEFORE, COMMENT_MESSAGES } from "~/lib/schemas/comment-schemas";
import { decodeCursor } from "~/lib/cursor";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { requireId } from "~/lib/ids";
import { listComments } from "~/models/comment.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const postId = requireId(params, "id", COMMENT_MESSAGES.postNotFound);
  return answerUserErrors(async () => {
    const before = decodeCursor(new URL(request.url).searchParams.get(COMMENTS_BEFORE));
    const page = await listComments(postId, await getUser(request), before);
    return Response.json(page, { headers: { "Cache-Control": "no-store" } });
  });
}
