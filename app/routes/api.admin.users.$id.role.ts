// POST /api/admin/users/{id}/role (role? = admin | member; toggles without it) → { user }.
// Recorded as grant_admin / revoke_admin. An administrator cannot demote themselves.
import type { ActionFunctionArgs } from "@remix-run/node";
import { roleChangeSchema } from "~/lib/schemas/admin-schemas";
import { replyOk } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { setRole } from "~/models/admin-users.server";
import { adminUserMutation } from "~/models/admin-request.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return adminUserMutation(request, params, async (body, admin, userId) => {
    const { role } = parseFields(roleChangeSchema, body.fields, ADMIN_TEXT.invalid);
    const user = await setRole(admin.id, userId, role);
    const message = user.is_admin ? `${user.username} is now an administrator` : `${user.username} is now a member`;
    return replyOk(request, body, { user }, {}, { type: "success", message });
  });
}
