// "Add to calendar" for an event: what a calendar is given, and the links that open Google
// Calendar's and Outlook.com's own "new event" screens with it filled in.
// Events are stored as one instant in UTC (no time zone of their own), so calendars are told
// the time in UTC and show it in the reader's own zone. Events have no end time: calendars
// are given EVENT_CALENDAR_HOURS from the start.

/** How long an event lasts in a calendar. */
export const EVENT_CALENDAR_HOURS = 2;

/** An event as calendars see it. `url` is the event page's absolute address. */
export type CalendarEvent = {
  id: number;
  name: string;
  start: Date;
  location: string | null;
  description: string | null;
  url: string;
  /** When the event last changed. */
  updatedAt: Date;
};

/** What the "new event" links carry. */
export type CalendarLinkEvent = Omit<CalendarEvent, "id" | "updatedAt">;

export function calendarEnd(event: Pick<CalendarEvent, "start">): Date {
  return new Date(event.start.getTime() + EVENT_CALENDAR_HOURS * 3_600_000);
}

/** The description calendars show: the event's own words, then the link to its page. */
export function calendarDetails(event: Pick<CalendarEvent, "description" | "url">): string {
  return event.description ? `${event.description}\n\n${event.url}` : event.url;
}

/** "20261205T100000Z": a UTC time in iCalendar's basic form (what Google's `dates` takes). */
function basicUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** "2026-12-05T10:00:00Z": a UTC time as Outlook.com's `startdt` and `enddt` take it. */
function isoUtc(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Google Calendar's "new event" screen, filled in. */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.name,
    dates: `${basicUtc(event.start)}/${basicUtc(calendarEnd(event))}`,
    details: calendarDetails(event),
  });
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** Outlook.com's "new event" screen, filled in. */
export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.name,
    startdt: isoUtc(event.start),
    enddt: isoUtc(calendarEnd(event)),
    body: calendarDetails(event),
  });
  if (event.location) params.set("location", event.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}

/** The feed of all events. */
export const EVENTS_FEED_PATH = "/events.ics";

/** The feed's address for "subscribe" buttons: webcal:// makes calendar apps offer to subscribe. */
export function webcalUrl(httpUrl: string): string {
  return httpUrl.replace(/^https?:\/\//i, "webcal://");
}
