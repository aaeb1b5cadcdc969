// POST /api/events/{id}/attend (carId?, going?) → { going, going_count, car_id }.
// Toggles the session user's "going"; choosing another of your cars while going switches
// the car. carId must be one of your own cars (403). A past event can be left, not joined.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { mutation, replyError, replyOk } from "~/lib/form-reply.server";
import { z } from "zod";
import { errorResponse, parseFields } from "~/lib/http.server";
import { idField, requireId } from "~/lib/ids";
import { switchField } from "~/lib/input-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import { EVENT_TEXT, setAttendance } from "~/models/event.server";
export { clientAction } from "~/lib/fetcher-answer";

/** `carId` (or `car_id`): one of your cars, or none when absent, null or ""; `going` sets it, or it toggles. */
const attendSchema = z
  .object({ carId: z.unknown(), car_id: z.unknown(), going: switchField("going must be true or false") })
  .transform((fields) => ({ carId: fields.carId ?? fields.car_id, going: fields.going }))
  .pipe(
    z.object({
      carId: z
        .unknown()
        .transform((value) => (value === undefined || value === "" ? null : value))
        .pipe(idField(EVENT_TEXT.notYourCar).nullable()),
      going: z.boolean().optional(),
    }),
  );

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  return mutation(request, async (body) => {
    await limitWrite(request, "attend", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, "You must be signed in to join events");
    const eventId = requireId(params, "id", EVENT_TEXT.notFound);
    const { carId, going } = parseFields(attendSchema, body.fields);
    const state = await setAttendance(eventId, user.id, { carId, going });
    return replyOk(request, body, state, {}, { type: "success", message: state.going ? "You're going" : "You're no longer going" });
  });
}
