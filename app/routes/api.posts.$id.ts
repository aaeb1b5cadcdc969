// GET /api/posts/{id}: { post } with counts and the caller's liked/disliked/saved, or 404.
// DELETE /api/posts/{id}: the creator or an administrator; 204. A plain form posts here
// with intent=delete and a redirectTo, and is sent there with a toast.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireUser } from "~/models/auth.server";
import { mutation, replyDeleted, errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { POST_MESSAGES, postDeleteFormSchema } from "~/lib/schemas/post-schemas";
import { getPost, unreadyFor } from "~/models/feed.server";
import { deletePost } from "~/models/post.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";
export { keepWhatWasRead as shouldRevalidate } from "~/lib/client/revalidation";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const id = requireId(params, "id", POST_MESSAGES.notFound);
    const user = await getUser(request);
    const post = await getPost(id, user?.id ?? null, { unready: unreadyFor(user) });
    if (!post) return errorResponse(404, POST_MESSAGES.notFound);
    return Response.json({ post }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

export const handle = { methods: ["POST", "DELETE"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  const isDelete = request.method === "DELETE";
  return mutation(request, async (body) => {
    await limitWrite(request, "postEdit", body);
    if (!isDelete) parseFields(postDeleteFormSchema, body.fields);
    const user = await requireUser(request);
    const id = requireId(params, "id", POST_MESSAGES.notFound);
    await deletePost(id, user);
    return replyDeleted(request, body, POST_MESSAGES.deleted);
  });
}
