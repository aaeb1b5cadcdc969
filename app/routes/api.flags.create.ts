// POST /api/flags/create (contentType, contentId, reason, details?) → 201. The reporter is
// the session user; a reporterId in the body is ignored. 401/400/404/409 with FLAG_MESSAGES.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { parseFlagInput } from "~/lib/schemas/flag-input";
import { FLAG_MESSAGES } from "~/lib/rules/flag-reasons";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { limitWrite } from "~/models/rate-limit.server";
import { createFlag } from "~/models/flag.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "flag", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, FLAG_MESSAGES.signIn);
    const input = parseFlagInput(body.fields);
    if (!input.ok) return replyError(request, body, 400, input.message);
    const flag = await createFlag(user.id, input.value);
    return replyOk(request, body, { success: true, message: FLAG_MESSAGES.success, flag }, { status: 201 }, { type: "success", message: FLAG_MESSAGES.success });
  });
}
