// GET /api/notifications → { notifications (newest first, at most 50), unread_count }.
// `?limit=0` answers the unread count alone (the header badge polls that). Signed out: a
// 401 answer (not thrown, so the bell's fetcher reads it as data).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { SIGN_IN_REQUIRED, getUser } from "~/models/auth.server";
import { NOTIFICATION_LIST_LIMIT, getNotificationFeed } from "~/models/notification.server";
import { errorResponse } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return errorResponse(401, SIGN_IN_REQUIRED, { "Cache-Control": "no-store" });
  const raw = new URL(request.url).searchParams.get("limit");
  const limit = raw === null || raw.trim() === "" || !Number.isFinite(Number(raw)) ? NOTIFICATION_LIST_LIMIT : Number(raw);
  return Response.json(await getNotificationFeed(user.id, limit), { headers: { "Cache-Control": "no-store" } });
}
