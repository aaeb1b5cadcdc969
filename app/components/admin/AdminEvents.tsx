// Events management: a form to create one, and every event with edit and delete.
import { Link } from "~/components/shell/Link";
import { CalendarDays, CalendarPlus, MapPin, Trash2, Users } from "~/components/icons";
import { EventForm, EventFormDialog, type EditableEvent } from "~/components/events/EventForm";
import type { EventCardView } from "~/components/events/event-view";
import { EmptyState } from "~/components/shell/EmptyState";
import { eventPath, apiPaths } from "~/lib/paths";
import { ConfirmAction } from "./ActionForm";
import { adminHref } from "./admin-text";

const here = adminHref("events");

function EventRow({ event }: { event: EventCardView }) {
  return (
    <li className="card admin-event" data-past={event.past ? "true" : "false"}>
      <span className="event-card__date" aria-hidden>
        <span className="event-card__month">{event.month}</span>
        <span className="event-card__day">{event.day}</span>
      </span>
      <div className="admin-event__body">
        <Link to={eventPath(event.id)} className="admin-event__name">
          {event.name}
        </Link>
        <span className="admin-event__meta">
          <time dateTime={event.iso}>{event.when}</time>
          {event.location ? (
            <>
              {" · "}
              <MapPin aria-hidden size={13} /> {event.location}
            </>
          ) : null}
          {" · "}
          <Users aria-hidden size={13} /> {event.attendees} going
        </span>
      </div>
      <div className="admin-event__actions">
        <EventAdminButtons
          event={{ id: event.id, name: event.name, dateTime: event.dateTime, location: event.location, description: event.description }}
          redirectTo={here}
          question={`Delete “${event.name}”?`}
        />
      </div>
    </li>
  );
}

/** One titled list of events (upcoming or past); nothing when it is empty. */
function EventGroup({ title, events }: { title: string; events: EventCardView[] }) {
  if (events.length === 0) return null;
  return (
    <>
      <h3 className="admin-subtitle">{title}</h3>
      <ul className="admin-list">
        {events.map((event) => (
          <EventRow key={event.id} event={event} />
        ))}
      </ul>
    </>
  );
}

export function AdminEvents({ upcoming, past }: { upcoming: EventCardView[]; past: EventCardView[] }) {
  return (
    <div className="admin-events">
      <section className="card admin-events__create" aria-labelledby="admin-new-event">
        <h2 id="admin-new-event" className="admin-section-title">
          <CalendarPlus aria-hidden size={20} /> New event
        </h2>
        <EventForm redirectTo={here} compact />
      </section>
      <section aria-labelledby="admin-event-list">
        <h2 id="admin-event-list" className="admin-section-title">
          <CalendarDays aria-hidden size={20} /> All events
        </h2>
        {upcoming.length + past.length === 0 ? (
          <EmptyState icon={<CalendarDays />} title="No events yet" headingLevel={3}>
            Create the first one with the form.
          </EmptyState>
        ) : (
          <>
            <EventGroup title="Upcoming" events={upcoming} />
            <EventGroup title="Past" events={past} />
          </>
        )}
      </section>
    </div>
  );
}

/** An event's Edit and Delete buttons for administrators, on the admin page and on the event's own page. */
export function EventAdminButtons({ event, redirectTo, question }: { event: EditableEvent; redirectTo: string; question: string }) {
  return (
    <>
      <EventFormDialog event={event} redirectTo={redirectTo} label="Edit" variant="secondary" />
      <ConfirmAction
        action={apiPaths.event(event.id)}
        fields={{ intent: "delete" }}
        redirectTo={redirectTo}
        success="Event deleted"
        navigates
        label={
          <>
            <Trash2 aria-hidden size={16} /> Delete
          </>
        }
        question={question}
        confirmLabel="Yes, delete"
      />
    </>
  );
}
