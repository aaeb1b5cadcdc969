// iCalendar (RFC 5545) files of events: one event's "Add to calendar" file, and the feed of
// events calendar apps subscribe to. ical-generator writes them: text escaped, lines folded
// at 75 octets, CRLF line ends. Times are in UTC (events store no zone of their own).
import ical, { ICalCalendarMethod } from "ical-generator";
import { SITE_NAME } from "~/lib/rules/brand";
import { calendarDetails, calendarEnd, type CalendarEvent } from "~/lib/rules/event-calendar";

/** How often a subscribed calendar should look again, and how long the feed may be cached. */
export const EVENTS_FEED_REFRESH_SECONDS = 3600;

/** The answer's Content-Type. */
export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

/**
 * The event's UID: the same for every download and the feed, so a calendar that has the
 * event already updates it instead of adding it twice.
 */
export function eventUid(id: number, origin: string): string {
  return `event-${id}@${new URL(origin).host}`;
}

/** A calendar of the given events; `feed` adds the name and refresh hint of a subscription. */
export function eventsCalendar(events: CalendarEvent[], origin: string, feed: { name: string; url: string } | null = null): string {
  const calendar = ical({
    prodId: { company: SITE_NAME, product: "Events", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ...(feed ? { name: feed.name, url: feed.url, ttl: EVENTS_FEED_REFRESH_SECONDS } : {}),
  });
  for (const event of events) {
    calendar.createEvent({
      id: eventUid(event.id, origin),
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
      start: event.start,
      end: calendarEnd(event),
      summary: event.name,
      description: calendarDetails(event),
      location: event.location,
      url: event.url,
    });
  }
  // Every line ends with CRLF, the last one too.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
