// POST /api/admin/users/{id}/suspend (suspended? = true | false; toggles without it)
// → { user }. Suspending ends every session of the account; both ways are recorded.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { suspendSchema } from "~/lib/schemas/admin-schemas";
import { mutation, replyOk } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { getSuspension, suspendUser, unsuspendUser } from "~/models/admin-users.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "admin", body);
    const admin = await requireAdmin(request);
    const userId = requireId(params, "id", ADMIN_TEXT.userNotFound);
    const { suspended, note } = parseFields(suspendSchema, body.fields, ADMIN_TEXT.invalid);
    const want = suspended ?? !(await getSuspension(userId));
    const user = want ? await suspendUser(admin.id, userId, { note }) : await unsuspendUser(admin.id, userId, note);
    return replyOk(request, body, { user }, {}, { type: "success", message: want ? `${user.username} is suspended` : `${user.username} can sign in again` });
  });
}
