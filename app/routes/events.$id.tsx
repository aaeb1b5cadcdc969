// /events/{id}: one event: when and where, what it is, who is going (with their cars and
// the cars' newest posts) and the "I'm going" form. Administrators edit and delete it
// here. Unknown ids answer 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { ArrowLeft, CalendarDays, Clock, MapPin, Users } from "~/components/icons";
import { EventAdminButtons } from "~/components/admin/AdminEvents";
import { AttendeeCard } from "~/components/events/AttendeeCard";
import { AddToCalendar } from "~/components/events/AddToCalendar";
import { GoingForm } from "~/components/events/GoingForm";
import { eventCardView } from "~/components/events/event-view";
import { EmptyState } from "~/components/shell/EmptyState";
import { imagePriority } from "~/components/media/image-priority";
import { eventIcsPath, eventPath, userPath } from "~/lib/paths";
import { getUser } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { requireId } from "~/lib/ids";
import { publicOrigin } from "~/lib/server/env.server";
import { googleCalendarUrl, outlookCalendarUrl, type CalendarLinkEvent } from "~/lib/rules/event-calendar";
import { shareLink, shareMeta } from "~/lib/rules/share-meta";
import { useOptionalUser } from "~/lib/client/user";
import { getEventDetail } from "~/models/event-page.server";
import { isAdmin } from "~/models/user.server";
import "~/components/events/events.css";
import type { DocumentHandle } from "~/root";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

const NOT_FOUND_MESSAGE = "This event doesn't exist or was removed.";

export const handle: DocumentHandle = { cache: "visitors" };

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return [{ title: `Event not found · ${APP_TITLE}` }];
  const event = loaded.event;
  const summary = [`${event.longDate}, ${event.time}`, event.location, event.description].filter(Boolean).join(" · ");
  const description = summary.length > 200 ? `${summary.slice(0, 199)}…` : summary;
  return shareMeta({ share: loaded.share, title: `${event.name} · Events · ${APP_TITLE}`, headline: event.name, description });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const id = requireId(params, "id", NOT_FOUND_MESSAGE);
    const user = await getUser(request);
    const detail = await getEventDetail(id, user?.id ?? null);
    if (!detail) throw new UserError(404, NOT_FOUND_MESSAGE);
    const share = shareLink(publicOrigin(request), eventPath(detail.event.id));
    const forCalendar: CalendarLinkEvent = {
      name: detail.event.name,
      start: new Date(detail.event.date_time),
      location: detail.event.location,
      description: detail.event.description,
      url: share.url,
    };
    return {
      event: eventCardView(detail.event),
      attendees: detail.attendees,
      viewer: detail.viewer,
      isAdmin: isAdmin(user),
      share,
      calendar: { ics: eventIcsPath(detail.event.id), google: googleCalendarUrl(forCalendar), outlook: outlookCalendarUrl(forCalendar) },
      now: Date.now(),
    };
  });
}

export default function EventPage() {
  const { event, attendees, viewer, calendar, isAdmin: admin } = useLoaderData<typeof loader>();
  const member = useOptionalUser();
  const here = eventPath(event.id);
  const withCars = attendees.filter((attendee) => attendee.car).length;

  return (
    <div className="page page--wide event-page">
      <Link to="/events" className="btn btn--ghost btn--sm event-page__back">
        <ArrowLeft aria-hidden size={18} /> All events
      </Link>
      <div className="event-layout">
        <article className="event-detail card">
          <div className={`event-detail__banner${event.cover ? " event-detail__banner--photo" : ""}`}>
            {event.cover ? (
              <img
                className="event-detail__cover"
                src={event.cover.url}
                srcSet={event.cover.srcset || undefined}
                sizes="(min-width: 1024px) 760px, 100vw"
                width={event.cover.width ?? undefined}
                height={event.cover.height ?? undefined}
                alt=""
                {...imagePriority(true)}
              />
            ) : null}
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
            </ul>
            {event.description ? <p className="event-detail__description">{event.description}</p> : null}
            <AddToCalendar links={calendar} />
            {event.host ? (
              <p className="event-detail__host">
                Hosted by <Link to={userPath(event.host)}>@{event.host}</Link>
              </p>
            ) : null}
            {admin ? (
              <div className="event-admin" aria-label="Administrator tools" role="group">
                <EventAdminButtons
                  event={{
                    id: event.id,
                    name: event.name,
                    dateTime: event.dateTime,
                    location: event.location,
                    description: event.description,
                    hasCover: Boolean(event.cover),
                  }}
                  redirectTo={here}
                  question={`Delete “${event.name}”? Everyone's "going" goes with it.`}
                />
              </div>
            ) : null}
          </div>
        </article>

        <aside className="event-going card" aria-label="Going">
          <GoingForm
            key={event.id}
            eventId={event.id}
            past={event.past}
            signedIn={Boolean(member)}
            cars={viewer?.cars ?? []}
            initial={{ going: viewer?.going ?? false, going_count: event.attendees, car_id: viewer?.car_id ?? null }}
          />
        </aside>
      </div>

      <section className="event-attendees" aria-labelledby="attendees-title">
        <div className="section-heading">
          <h2 id="attendees-title">{event.past ? "Who went" : "Who's going"}</h2>
          {attendees.length ? (
            <span className="event-attendees__count">
              <Users aria-hidden size={16} /> {attendees.length} {attendees.length === 1 ? "person" : "people"}
              {withCars ? ` · ${withCars} ${withCars === 1 ? "car" : "cars"}` : ""}
            </span>
          ) : null}
        </div>
        {attendees.length ? (
          <ul className="attendee-grid" data-testid="attendees">
            {attendees.map((attendee) => (
              <AttendeeCard key={attendee.user.id} attendee={attendee} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={<Users />} title={event.past ? "Nobody signed up" : "Be the first to go"} headingLevel={3}>
            {event.past ? "No one said they were going to this one." : "Say you're going and pick the car you're bringing: it shows up here."}
          </EmptyState>
        )}
      </section>
    </div>
  );
}
