// "Add to calendar" on an event's page: the event's .ics file (Apple Calendar and any other
// calendar app), and Google Calendar's and Outlook.com's own "new event" screens, filled in.
// Plain links, so they work without JavaScript and in text browsers.
import { CalendarPlus, ExternalLink } from "~/components/icons";

export type CalendarLinks = { ics: string; google: string; outlook: string };

export function AddToCalendar({ links }: { links: CalendarLinks }) {
  return (
    <div className="event-calendar" role="group" aria-labelledby="event-calendar-title">
      <h2 className="event-calendar__title" id="event-calendar-title">
        <CalendarPlus aria-hidden size={18} /> Add to calendar
      </h2>
      <ul className="event-calendar__links">
        <li>
          <a className="btn btn--secondary btn--sm" href={links.ics} download>
            Calendar file (.ics)
          </a>
        </li>
        <li>
          <a className="btn btn--secondary btn--sm" href={links.google} target="_blank" rel="noopener noreferrer">
            Google Calendar <ExternalLink aria-hidden size={14} />
          </a>
        </li>
        <li>
          <a className="btn btn--secondary btn--sm" href={links.outlook} target="_blank" rel="noopener noreferrer">
            Outlook.com <ExternalLink aria-hidden size={14} />
          </a>
        </li>
      </ul>
    </div>
  );
}
