// POST /api/events/{id}/attend (carId?, going?) → { going, going_count, car_id }.
// Toggles the session user's "going"; choosing another of your cars while going switches
// the car. carId must be one of your own cars (403). A past event can be left, not joined.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { mutation, replyError, replyOk } from "~/lib/form-reply.server";
import { errorResponse } from "~/lib/http.server";
import { parseId, requireId } from "~/lib/ids";
import { limitWrite } from "~/models/rate-limit.server";
import { EVENT_TEXT, setAttendance } from "~/models/event.server";
export { clientAction } from "~/lib/fetcher-answer";

function parseGoing(value: unknown): boolean | undefined {
  const raw = Array.isArray(value) ? value[value.length - 1] : value;
  if (raw === true || raw === "true" || raw === "1" || raw === "on") return true;
  if (raw === false || raw === "false" || raw === "0" || raw === "off") return false;
  return undefined;
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  return mutation(request, async (body) => {
    await limitWrite(request, "attend", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, "You must be signed in to join events");
    const eventId = requireId(params, "id", EVENT_TEXT.notFound);
    const rawCar = body.fields.carId ?? body.fields.car_id;
    const carId = rawCar === undefined || rawCar === "" || rawCar === null ? null : parseId(rawCar);
    if (rawCar !== undefined && rawCar !== "" && rawCar !== null && carId === null) {
      return replyError(request, body, 400, EVENT_TEXT.notYourCar);
    }
    const state = await setAttendance(eventId, user.id, { carId, going: parseGoing(body.fields.going) });
    return replyOk(request, body, state, {}, { type: "success", message: state.going ? "You're going" : "You're no longer going" });
  });
}
