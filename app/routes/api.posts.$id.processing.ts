// GET /api/posts/{id}/processing: where a post's files are → { processing: { id, status,
// files: [{ id, name, kind, status, error, retryable }] } }. The author and administrators
// only; 404 for anyone else, as for a missing post (the post page polls this while it waits).
// POST with intent=retry|remove and upload=<file id>: try a failed file again, or remove a
// file → { processing } (or { deleted: true } when removing left nothing of the post). A
// plain form (redirectTo) goes back to the post, or to the feed when the post is gone.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getUser, requireUser } from "~/models/auth.server";
import { mutation, replyOk, errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";
import { idField, requireId } from "~/lib/ids";
import { POST_MESSAGES } from "~/lib/schemas/post-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import { getPostProcessing, removeUpload, retryUpload } from "~/models/post-upload.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

const actionSchema = z.object({
  intent: z.enum(["retry", "remove"], { errorMap: () => ({ message: "Send intent=retry or intent=remove" }) }),
  upload: idField("Invalid input"),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const id = requireId(params, "id", POST_MESSAGES.notFound);
    const user = await getUser(request);
    const processing = user ? await getPostProcessing(id, { id: user.id, role: user.role }) : null;
    if (!processing) return errorResponse(404, POST_MESSAGES.notFound);
    return Response.json({ processing }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "postEdit", body);
    const user = await requireUser(request);
    const id = requireId(params, "id", POST_MESSAGES.notFound);
    const input = actionSchema.safeParse(body.fields);
    if (!input.success) throw new UserError(400, input.error.issues[0]?.message ?? "Invalid request");
    const actor = { id: user.id, role: user.role };
    if (input.data.intent === "retry") {
      await retryUpload(id, input.data.upload, actor);
      return replyOk(request, body, { processing: await getPostProcessing(id, actor) }, {}, { type: "success", message: "Trying again…" });
    }
    const outcome = await removeUpload(id, input.data.upload, actor);
    if (outcome === "deleted") {
      const goneBody = body.redirectTo ? { ...body, redirectTo: "/" } : body;
      return replyOk(request, goneBody, { deleted: true }, {}, { type: "success", message: POST_MESSAGES.deleted });
    }
    return replyOk(request, body, { processing: await getPostProcessing(id, actor) }, {}, { type: "success", message: "File removed" });
  });
}
