// An event in a list: the date block (over the cover photo, when the event has one), the
// name, when and where, and how many are going.
import { Link } from "~/components/shell/Link";
import { MapPin, Users } from "~/components/icons";
import { eventPath } from "~/lib/paths";
import type { EventCardView } from "./event-view";
import "~/components/shell/pages.css";

export function EventCard({ event }: { event: EventCardView }) {
  return (
    <li>
      <Link to={eventPath(event.id)} className={`card card--interactive event-card${event.past ? " event-card--past" : ""}`} prefetch="intent">
        <span className={`event-card__date${event.cover ? " event-card__date--photo" : ""}`} aria-hidden>
          {event.cover ? (
            <img className="event-card__cover" src={event.cover.url} srcSet={event.cover.srcset || undefined} sizes="96px" alt="" loading="lazy" decoding="async" />
          ) : null}
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
            <span className="visually-hidden"> going</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}
