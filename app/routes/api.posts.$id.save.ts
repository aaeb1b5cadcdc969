// POST /api/posts/{id}/save toggles the caller's save → { saved, saves }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { requireId } from "~/lib/ids";
import { limitWrite } from "~/models/rate-limit.server";
import { POST_NOT_FOUND } from "~/models/like.server";
import { toggleSave } from "~/models/save.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const SIGN_IN_TO_SAVE = "You must be signed in to save posts";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    // Saves are as cheap as likes and share their limit.
    await limitWrite(request, "like", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, SIGN_IN_TO_SAVE);
    const postId = requireId(params, "id", POST_NOT_FOUND);
    const result = await toggleSave(user.id, postId);
    return replyOk(request, body, result, {}, { type: "success", message: result.saved ? "Post saved" : "Post removed from saved" });
  });
}
