// POST /api/events/{id}/attend (carId?, going?) → { going, going_count, car_id }.
// Toggles the session user's "going"; choosing another of your cars while going switches
// the car. carId must be one of your own cars (403). A past event can be left, not joined.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { EVENT_TEXT, attendSchema } from "~/lib/schemas/event-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import { setAttendance } from "~/models/event-attendance.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { AttendanceState } from "~/lib/wire";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "attend", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, "You must be signed in to join events");
    const eventId = requireId(params, "id", EVENT_TEXT.notFound);
    const { carId, going } = parseFields(attendSchema, body.fields);
    const state: AttendanceState = await setAttendance(eventId, user.id, { carId, going });
    return replyOk(request, body, state, {}, { type: "success", message: state.going ? "You're going" : "You're no longer going" });
  });
}
