// /events: upcoming meets soonest first, then past ones, with a search (a GET form that
// works without JavaScript; with it, results follow the typing after a short pause).
// Administrators can create an event from here. Calendar apps can subscribe to the events
// (/events.ics, offered as a webcal:// link).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { CalendarCheck, CalendarDays, Loader2, Search, SearchX, X } from "~/components/icons";
import { useEffect, useRef } from "react";
import { EventCard } from "~/components/events/EventCard";
import { EventFormDialog } from "~/components/events/EventForm";
import { splitEvents } from "~/components/events/event-view";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { getUser } from "~/models/auth.server";
import { APP_TITLE, SEARCH_DEBOUNCE } from "~/lib/constants";
import { publicOrigin } from "~/lib/server/env.server";
import { EVENTS_FEED_PATH, webcalUrl } from "~/lib/rules/event-calendar";
import { normaliseQuery } from "~/lib/rules/search";
import { shareLink, shareMeta } from "~/lib/rules/share-meta";
import { searchEvents } from "~/models/search.server";
import { isAdmin } from "~/models/user.server";
import "~/components/events/events.css";
import type { DocumentHandle } from "~/root";

export const handle: DocumentHandle = { cache: "visitors" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? shareMeta({
        share: data.share,
        title: `Events · ${APP_TITLE}`,
        headline: "Events",
        description: "Car meets, drives, shows and track days: see what's coming up and who's going.",
      })
    : [{ title: `Events · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const q = normaliseQuery(new URL(request.url).searchParams.get("q") ?? "");
  const [user, events] = await Promise.all([getUser(request), searchEvents(q)]);
  const share = shareLink(publicOrigin(request), "/events");
  const feed = `${share.origin}${EVENTS_FEED_PATH}`;
  return { q, ...splitEvents(events), isAdmin: isAdmin(user), share, feed: { url: feed, webcal: webcalUrl(feed) }, now: Date.now() };
}

export default function Events() {
  const { q, upcoming, past, feed, isAdmin: admin } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const searching = navigation.state === "loading" && navigation.location.pathname === "/events";
  const none = upcoming.length === 0 && past.length === 0;

  // Back/forward changes the query: show it, unless the box is being typed in.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <div className="page events-page">
      <PageHeader
        title="Events"
        subtitle="Meets, drives and shows"
        icon={<CalendarDays />}
        actions={admin ? <EventFormDialog redirectTo="/events" label="New event" /> : null}
      />

      <p className="events-subscribe">
        <a className="btn btn--ghost btn--sm" href={feed.webcal}>
          <CalendarCheck aria-hidden size={16} /> Subscribe in your calendar
        </a>
        <a href={feed.url}>or add the feed by its address</a>
      </p>

      <Form
        method="get"
        action="/events"
        role="search"
        className="events-search"
        onChange={(event) => {
          const form = event.currentTarget;
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE);
        }}
      >
        <label htmlFor="events-q" className="visually-hidden">
          Search events
        </label>
        {searching ? (
          <Loader2 className="events-search__icon events-search__icon--busy" aria-hidden size={20} />
        ) : (
          <Search className="events-search__icon" aria-hidden size={20} />
        )}
        <input
          ref={input}
          id="events-q"
          type="search"
          name="q"
          className="input events-search__input"
          defaultValue={q}
          maxLength={100}
          placeholder="Search by name, place or description"
          autoComplete="off"
          enterKeyHint="search"
        />
        {q ? (
          <Link to="/events" className="events-search__clear icon-button" aria-label="Clear search" replace preventScrollReset>
            <X aria-hidden size={18} />
          </Link>
        ) : null}
        <button type="submit" className="btn btn--primary events-search__submit">
          Search
        </button>
      </Form>

      <div className="events-results" data-busy={searching ? "true" : "false"} aria-busy={searching}>
        {q ? (
          <p className="events-results__summary" role="status">
            {none ? "No events match" : `${upcoming.length + past.length} ${upcoming.length + past.length === 1 ? "event" : "events"} for`} <strong>“{q}”</strong>
          </p>
        ) : null}

        {none ? (
          q ? (
            <EmptyState
              icon={<SearchX />}
              title="No events found"
              actions={
                <Link to="/events" className="btn btn--secondary">
                  Show all events
                </Link>
              }
            >
              Try another name or place, or check the spelling.
            </EmptyState>
          ) : (
            <EmptyState icon={<CalendarDays />} title="No events yet">
              Meets, cruises and track days will be listed here as soon as they're announced.
            </EmptyState>
          )
        ) : (
          <>
            <section aria-labelledby="upcoming-title" className="events-section">
              <h2 id="upcoming-title" className="section-title">
                Upcoming
              </h2>
              {upcoming.length ? (
                <ul className="event-list" data-testid="upcoming-events">
                  {upcoming.map((event) => (
                    <EventCard key={event.id} event={event} />
                  ))}
                </ul>
              ) : (
                <p className="events-section__none">{q ? "No upcoming events match." : "No upcoming events right now. Check back soon."}</p>
              )}
            </section>
            {past.length ? (
              <section aria-labelledby="past-title" className="events-section">
                <h2 id="past-title" className="section-title">
                  Past
                </h2>
                <ul className="event-list" data-testid="past-events">
                  {past.map((event) => (
                    <EventCard key={event.id} event={event} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
