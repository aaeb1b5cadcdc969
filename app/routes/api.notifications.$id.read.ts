// POST /api/notifications/{id}/read → { notification, unread_count }. Only your own: 404 otherwise.
// Errors are answered, not thrown, so a fetcher reads them as data.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { mutation } from "~/lib/server/form-reply.server";
import { respond } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { countUnread, markNotificationRead } from "~/models/notification.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "read", body);
    const user = await requireUser(request);
    const id = requireId(params, "id", "Notification not found");
    const notification = await markNotificationRead(user.id, id);
    return respond(body, { notification, unread_count: await countUnread(user.id) });
  });
}
