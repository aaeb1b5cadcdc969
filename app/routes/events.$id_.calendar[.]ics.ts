// GET /events/{id}/calendar.ics: one event as an iCalendar file ("Add to calendar"), in UTC.
// Unknown ids answer 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventsCalendar, ICS_CONTENT_TYPE } from "~/lib/server/event-calendar.server";
import { EVENT_TEXT } from "~/lib/schemas/event-schemas";
import { publicOrigin } from "~/lib/server/env.server";
import { requireId } from "~/lib/ids";
import { calendarEventOf, getEvent } from "~/models/event-reads.server";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const event = await getEvent(requireId(params, "id", EVENT_TEXT.notFound));
    if (!event) return errorResponse(404, EVENT_TEXT.notFound);
    const origin = publicOrigin(request);
    return new Response(eventsCalendar([calendarEventOf(event, origin)], origin), {
      headers: {
        "Content-Type": ICS_CONTENT_TYPE,
        "Content-Disposition": `attachment; filename="event-${event.id}.ics"`,
        "Cache-Control": "public, max-age=300",
      },
    });
  });
}
