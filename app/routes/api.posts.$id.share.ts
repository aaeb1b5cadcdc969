// POST /api/posts/{id}/share: counts a share. Body: channel link | embed | native
// (default link). Visitors may share; a signed-in sharer is recorded. Answers { shares }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { mutation, replyOk } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { POST_MESSAGES, shareSchema } from "~/lib/schemas/post-schemas";
import { recordShare } from "~/models/post.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "share", body);
    const id = requireId(params, "id", POST_MESSAGES.notFound);
    const { channel } = parseFields(shareSchema, body.fields);
    const user = await getUser(request);
    const shares = await recordShare(id, user?.id ?? null, channel);
    return replyOk(request, body, { shares });
  });
}
