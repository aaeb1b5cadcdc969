// /events/{id}: one event. Unknown ids answer 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft, CalendarDays, Clock, MapPin, Users } from "lucide-react";
import { eventDateParts } from "~/components/shell/event-dates";
import { getEvent } from "~/models/event.server";
import "~/components/shell/pages.css";

export async function loader({ params }: LoaderFunctionArgs) {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const event = Number.isSafeInteger(id) ? await getEvent(id) : null;
  if (!event) throw data({ error: "This event doesn't exist or was removed." }, { status: 404 });
  return {
    event: {
      id: event.id,
      name: event.name,
      location: event.location,
      description: event.description,
      attendees: event._count.attendees,
      host: event.createdBy?.username ?? null,
      past: event.dateTime.getTime() < Date.now(),
      ...eventDateParts(event.dateTime),
    },
  };
}

export default function EventPage() {
  const { event } = useLoaderData<typeof loader>();
  return (
    <div className="page event-page">
      <Link to="/events" className="btn btn--ghost btn--sm event-page__back">
        <ArrowLeft aria-hidden size={18} /> All events
      </Link>
      <article className="event-detail card">
        <div className="event-detail__banner">
          <span className="event-card__date event-detail__date" aria-hidden>
            <span className="event-card__month">{event.month}</span>
            <span className="event-card__day">{event.day}</span>
          </span>
          {event.past ? <span className="chip">Past event</span> : <span className="chip chip--accent">Upcoming</span>}
        </div>
        <div className="event-detail__body">
          <h1 className="event-detail__title">{event.name}</h1>
          <ul className="event-detail__facts">
            <li>
              <CalendarDays aria-hidden size={18} />
              <time dateTime={event.iso}>{event.longDate}</time>
            </li>
            <li>
              <Clock aria-hidden size={18} /> {event.time}
            </li>
            {event.location ? (
              <li>
                <MapPin aria-hidden size={18} /> {event.location}
              </li>
            ) : null}
            <li>
              <Users aria-hidden size={18} /> {event.attendees === 1 ? "1 going" : `${event.attendees} going`}
            </li>
          </ul>
          {event.description ? <p className="event-detail__description">{event.description}</p> : null}
          {event.host ? (
            <p className="event-detail__host">
              Hosted by <Link to={`/user/${event.host}`}>@{event.host}</Link>
            </p>
          ) : null}
        </div>
      </article>
    </div>
  );
}
