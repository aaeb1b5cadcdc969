// POST /api/posts/{id}/like, body type like|dislike → { action: "added"|"removed", likes,
// dislikes, liked, disliked }. A plain form post (redirectTo) comes back to its page.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { z } from "zod";
import { parseFields } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { limitWrite } from "~/models/rate-limit.server";
import { INVALID_REACTION, POST_NOT_FOUND, parseReaction, reactToPost } from "~/models/like.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const SIGN_IN_TO_REACT = "You must be signed in to like or dislike posts";

/** `type`: like or dislike (a repeated field counts by its last value). */
const reactionSchema = z.object({
  type: z
    .unknown()
    .transform(parseReaction)
    .pipe(z.enum(["like", "dislike"], { message: INVALID_REACTION })),
});

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "like", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, SIGN_IN_TO_REACT);
    const postId = requireId(params, "id", POST_NOT_FOUND);
    const { type } = parseFields(reactionSchema, body.fields);
    return replyOk(request, body, await reactToPost(user.id, postId, type));
  });
}
