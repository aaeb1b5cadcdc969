// GET /events.ics: the events as a calendar to subscribe to (webcal:// works too): the
// upcoming ones, and the most recent past ones so they do not vanish from subscribers'
// calendars the moment they start. Times are in UTC.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { SITE_NAME } from "~/lib/rules/brand";
import { EVENTS_FEED_PATH } from "~/lib/rules/event-calendar";
import { EVENTS_FEED_REFRESH_SECONDS, eventsCalendar, ICS_CONTENT_TYPE } from "~/lib/server/event-calendar.server";
import { publicOrigin } from "~/lib/server/env.server";
import { calendarEventOf, listEvents } from "~/models/event-reads.server";

/** The most upcoming and past events the feed holds. */
const FEED_UPCOMING = 200;
const FEED_PAST = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const { upcoming, past } = await listEvents({ upcomingLimit: FEED_UPCOMING, pastLimit: FEED_PAST });
  const events = [...upcoming, ...past].map((event) => calendarEventOf(event, origin));
  const text = eventsCalendar(events, origin, { name: `${SITE_NAME} events`, url: `${origin}${EVENTS_FEED_PATH}` });
  return new Response(text, {
    headers: {
      "Content-Type": ICS_CONTENT_TYPE,
      "Content-Disposition": 'inline; filename="events.ics"',
      "Cache-Control": `public, max-age=${EVENTS_FEED_REFRESH_SECONDS / 4}`,
    },
  });
}
