// /events: upcoming meets first, then recent ones. Creating events and RSVPs arrive with
// the events feature.
import { Link, useLoaderData } from "@remix-run/react";
import { CalendarDays, MapPin, Users } from "lucide-react";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { eventDateParts } from "~/components/shell/event-dates";
import { listEvents, type EventSummary } from "~/models/event.server";
import "~/components/shell/pages.css";

function view(event: EventSummary) {
  return {
    id: event.id,
    name: event.name,
    location: event.location,
    attendees: event._count.attendees,
    ...eventDateParts(event.dateTime),
  };
}

export async function loader() {
  const { upcoming, past } = await listEvents();
  return { upcoming: upcoming.map(view), past: past.map(view) };
}

type EventView = ReturnType<typeof view>;

function EventCard({ event, past = false }: { event: EventView; past?: boolean }) {
  return (
    <li>
      <Link to={`/events/${event.id}`} className={`card card--interactive event-card${past ? " event-card--past" : ""}`} prefetch="intent">
        <span className="event-card__date" aria-hidden>
          <span className="event-card__month">{event.month}</span>
          <span className="event-card__day">{event.day}</span>
        </span>
        <span className="event-card__body">
          <span className="event-card__name">{event.name}</span>
          <span className="event-card__meta">
            <time dateTime={event.iso}>{event.when}</time>
          </span>
          {event.location ? (
            <span className="event-card__meta">
              <MapPin aria-hidden size={14} /> {event.location}
            </span>
          ) : null}
        </span>
        {event.attendees > 0 ? (
          <span className="chip event-card__going" title={`${event.attendees} going`}>
            <Users aria-hidden size={14} /> {event.attendees}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

export default function Events() {
  const { upcoming, past } = useLoaderData<typeof loader>();
  const none = upcoming.length === 0 && past.length === 0;
  return (
    <div className="page">
      <PageHeader title="Events" subtitle="Meets, drives and shows" icon={<CalendarDays />} />
      {none ? (
        <EmptyState icon={<CalendarDays />} title="No events yet">
          Meets, cruises and track days will be listed here as soon as they're announced.
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="upcoming-title" className="events-section">
            <h2 id="upcoming-title" className="section-title">
              Upcoming
            </h2>
            {upcoming.length ? (
              <ul className="event-list">
                {upcoming.map((event) => (
                  <EventCard key={event.id} event={event} />
                ))}
              </ul>
            ) : (
              <EmptyState icon={<CalendarDays />} title="Nothing coming up" headingLevel={3}>
                No upcoming events right now. Check back soon.
              </EmptyState>
            )}
          </section>
          {past.length ? (
            <section aria-labelledby="past-title" className="events-section">
              <h2 id="past-title" className="section-title">
                Recent
              </h2>
              <ul className="event-list">
                {past.map((event) => (
                  <EventCard key={event.id} event={event} past />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
