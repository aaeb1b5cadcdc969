// GET /api/posts/{id}/interactions → { likes: [users], dislikes: [users] }, newest first;
// each user is { username, nickname, profileImage }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { HttpError, errorResponse } from "~/lib/http.server";
import { requireId } from "~/lib/ids";
import { POST_NOT_FOUND, getPostInteractions } from "~/models/like.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const postId = requireId(params, "id", POST_NOT_FOUND);
  try {
    return Response.json(await getPostInteractions(postId), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error.status, error.message);
    throw error;
  }
}
