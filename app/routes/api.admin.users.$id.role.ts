// POST /api/admin/users/{id}/role (role? = admin | member; toggles without it) → { user }.
// Recorded as grant_admin / revoke_admin. An administrator cannot demote themselves.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { roleChangeSchema } from "~/lib/schemas/admin-schemas";
import { mutation, replyOk } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { setRole } from "~/models/admin-users.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "admin", body);
    const admin = await requireAdmin(request);
    const userId = requireId(params, "id", ADMIN_TEXT.userNotFound);
    const { role } = parseFields(roleChangeSchema, body.fields, ADMIN_TEXT.invalid);
    const user = await setRole(admin.id, userId, role);
    const message = user.is_admin ? `${user.username} is now an administrator` : `${user.username} is now a member`;
    return replyOk(request, body, { user }, {}, { type: "success", message });
  });
}
