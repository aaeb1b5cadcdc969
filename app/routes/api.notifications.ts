// GET /api/notifications → { notifications (newest first, at most 50), unread_count }.
// `?limit=0` answers the unread count alone (the header badge polls that).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { NOTIFICATION_LIST_LIMIT, getNotificationFeed } from "~/models/notification.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const raw = new URL(request.url).searchParams.get("limit");
  const limit = raw === null || raw.trim() === "" || !Number.isFinite(Number(raw)) ? NOTIFICATION_LIST_LIMIT : Number(raw);
  return Response.json(await getNotificationFeed(user.id, limit), { headers: { "Cache-Control": "no-store" } });
}
