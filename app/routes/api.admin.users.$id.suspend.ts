// POST /api/admin/users/{id}/suspend (suspended? = true | false; toggles without it)
// → { user }. Suspending ends every session of the account; both ways are recorded.
import type { ActionFunctionArgs } from "@remix-run/node";
import { suspendSchema } from "~/lib/schemas/admin-schemas";
import { replyOk } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { getSuspension, suspendUser, unsuspendUser } from "~/models/admin-users.server";
import { adminUserMutation } from "~/models/admin-request.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return adminUserMutation(request, params, async (body, admin, userId) => {
    const { suspended, note } = parseFields(suspendSchema, body.fields, ADMIN_TEXT.invalid);
    const want = suspended ?? !(await getSuspension(userId));
    const user = want ? await suspendUser(admin.id, userId, { note }) : await unsuspendUser(admin.id, userId, note);
    return replyOk(request, body, { user }, {}, { type: "success", message: want ? `${user.username} is suspended` : `${user.username} can sign in again` });
  });
}
