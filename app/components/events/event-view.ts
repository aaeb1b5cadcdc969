// What the events pages show of an event, computed on the server so the page reads the
// same before and after hydration (dates in the server's words).
import { eventDateParts } from "~/components/shell/event-dates";
import type { EventView } from "~/lib/wire";

export function eventCardView(event: EventView) {
  return {
    id: event.id,
    name: event.name,
    location: event.location,
    description: event.description,
    attendees: event.going_count,
    past: event.is_past,
    dateTime: event.date_time,
    host: event.created_by,
    cover: event.cover,
    ...eventDateParts(new Date(event.date_time)),
  };
}

export type EventCardView = ReturnType<typeof eventCardView>;

/** Splits the API's list (upcoming first, then past) in two. */
export function splitEvents(events: EventView[]): { upcoming: EventCardView[]; past: EventCardView[] } {
  return {
    upcoming: events.filter((event) => !event.is_past).map(eventCardView),
    past: events.filter((event) => event.is_past).map(eventCardView),
  };
}

/** "1 going", "12 going". */
export function goingText(count: number): string {
  return `${count} going`;
}
