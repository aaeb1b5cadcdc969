// POST /api/notifications/read-all → 204 (a plain form post goes back to its page).
// Errors are answered, not thrown, so a fetcher reads them as data.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { mutation } from "~/lib/server/form-reply.server";
import { markAllNotificationsRead } from "~/models/notification.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "read", body);
    const user = await requireUser(request);
    await markAllNotificationsRead(user.id);
    if (body.redirectTo) return redirect(body.redirectTo, 303);
    return new Response(null, { status: 204 });
  });
}
