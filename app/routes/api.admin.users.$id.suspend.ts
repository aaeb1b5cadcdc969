// POST /api/admin/users/{id}/suspend (suspended? = true | false; toggles without it)
// → { user }. Suspending ends every session of the account; both ways are recorded.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/lib/auth.server";
import { mutation, replyError, replyOk } from "~/lib/form-reply.server";
import { errorResponse, text } from "~/lib/http.server";
import { requireId } from "~/lib/ids";
import { ADMIN_TEXT, getSuspension, suspendUser, unsuspendUser } from "~/models/admin.server";
import { limitWrite } from "~/lib/rate-limit.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  return mutation(request, async (body) => {
    await limitWrite(request, "admin", body);
    const admin = await requireAdmin(request);
    const userId = requireId(params, "id", ADMIN_TEXT.userNotFound);
    const raw = text(body.fields, "suspended");
    const note = text(body.fields, "note").slice(0, 500) || undefined;
    let want: boolean;
    if (raw === "true" || raw === "1" || raw === "on") want = true;
    else if (raw === "false" || raw === "0" || raw === "off") want = false;
    else if (raw === "" && body.fields.suspended === undefined) want = !(await getSuspension(userId));
    else if (typeof body.fields.suspended === "boolean") want = body.fields.suspended;
    else return replyError(request, body, 400, ADMIN_TEXT.invalid);
    const user = want ? await suspendUser(admin.id, userId, { note }) : await unsuspendUser(admin.id, userId, note);
    return replyOk(request, body, { user }, {}, { type: "success", message: want ? `${user.username} is suspended` : `${user.username} can sign in again` });
  });
}
