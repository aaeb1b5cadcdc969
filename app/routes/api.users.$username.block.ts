// POST /api/users/{username}/block toggles (or sets `blocked`: true/false) → { blocked }.
// GET → { blocked } for the session user. Blocked either way, no messages pass.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireUser } from "~/models/auth.server";
import { mutation, replyError, replyOk, errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { blockSchema } from "~/lib/schemas/input-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import { BLOCK_MESSAGES, getBlockState, setBlock } from "~/models/block.server";
import { getUserByUsername } from "~/models/user.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUser(request);
    const target = await getUserByUsername(params.username ?? "");
    if (!target) return errorResponse(404, BLOCK_MESSAGES.userNotFound);
    const state = await getBlockState(user.id, target.id);
    return Response.json({ blocked: state.blockedByMe }, { headers: { "Cache-Control": "no-store" } });
  });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "block", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, "You must be signed in to block people");
    const want = parseFields(blockSchema, body.fields);
    const { blocked } = await setBlock(user.id, params.username ?? "", want.blocked);
    return replyOk(request, body, { blocked }, {}, { type: "success", message: blocked ? "User blocked" : "User unblocked" });
  });
}
