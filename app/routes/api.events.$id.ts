// GET /api/events/{id} → { event } (with going_count).
// PATCH /api/events/{id} (any of name, date_time, location, description; cover, a photo
// file, as multipart; remove_cover) → { event };
// DELETE /api/events/{id} → 204. Administrators only. A plain form can't send PATCH or
// DELETE, so a POST with `intent` = "update" or "delete" does the same.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eventPath } from "~/lib/paths";
import { requireAdmin } from "~/models/auth.server";
import { replyOk, uploadMutation, errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { EVENT_TEXT, eventIntentSchema } from "~/lib/schemas/event-schemas";
import { deleteEvent, EVENT_COVER_UPLOAD, parseEventCover, parseEventInput, updateEvent } from "~/models/event-writes.server";
import { eventView, getEvent } from "~/models/event-reads.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const event = await getEvent(requireId(params, "id", EVENT_TEXT.notFound));
    if (!event) return errorResponse(404, EVENT_TEXT.notFound);
    return Response.json({ event: eventView(event) });
  });
}

export const handle = { methods: ["POST", "PUT", "PATCH", "DELETE"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  return uploadMutation(request, EVENT_COVER_UPLOAD, async (body) => {
    await limitWrite(request, "admin", body);
    await requireAdmin(request);
    const id = requireId(params, "id", EVENT_TEXT.notFound);
    const intent = method === "POST" ? parseFields(eventIntentSchema, body.fields).intent : method === "DELETE" ? "delete" : "update";
    if (intent === "delete") {
      await deleteEvent(id);
      if (body.redirectTo) {
        const back = body.redirectTo.startsWith(eventPath(id)) ? "/events" : body.redirectTo;
        return replyOk(request, { ...body, redirectTo: back }, null, {}, { type: "success", message: "Event deleted" });
      }
      return new Response(null, { status: 204 });
    }
    const event = await updateEvent(id, parseEventInput(body.fields, true), parseEventCover(body.fields));
    return replyOk(request, body, { event }, {}, { type: "success", message: "Event saved" });
  });
}
