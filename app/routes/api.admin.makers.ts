// GET /api/admin/makers?kind=manufacturer|vendor|installer[&q=] → { makers: [{ id, name, mods }] }:
// up to 100 names of that kind (matching q by their normalised key) with how many mods use each.
// POST /api/admin/makers (kind, keep_id, merge_id) → { kind, kept, merged, mods_moved }: the
// duplicate's mods (and a manufacturer's parts) move to the name kept and the duplicate goes;
// recorded in the moderation log. Administrators only (401 signed out, 403 members).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { makerMergeSchema } from "~/lib/schemas/admin-schemas";
import { replyOk, errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { MAKER_TEXT, isMakerKind, listMakersForAdmin, mergeMakers } from "~/models/maker.server";
import { adminMutation } from "~/models/admin-request.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    await requireAdmin(request);
    const params = new URL(request.url).searchParams;
    const kind = params.get("kind") ?? "manufacturer";
    if (!isMakerKind(kind)) return errorResponse(400, MAKER_TEXT.kind);
    const makers = await listMakersForAdmin(kind, params.get("q") ?? "");
    return Response.json({ makers }, { headers: { "Cache-Control": "no-store" } });
  });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return adminMutation(request, async (body, admin) => {
    const { kind, keep_id, merge_id } = parseFields(makerMergeSchema, body.fields, "Choose the name to keep and the one to merge into it");
    const result = await mergeMakers(admin.id, kind, keep_id, merge_id);
    return replyOk(request, body, result, {}, { type: "success", message: `Merged “${result.merged.name}” into “${result.kept.name}”` });
  });
}
