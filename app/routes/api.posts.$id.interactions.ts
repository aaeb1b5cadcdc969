// GET /api/posts/{id}/interactions → { likes: [users], dislikes: [users] }, newest first;
// each user is { username, nickname, profileImage }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { requireId } from "~/lib/ids";
import { POST_NOT_FOUND, getPostInteractions } from "~/models/like.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ params }: LoaderFunctionArgs) {
  const postId = requireId(params, "id", POST_NOT_FOUND);
  return answerUserErrors(async () => {
    return Response.json(await getPostInteractions(postId), { headers: { "Cache-Control": "no-store" } });
  });
}
