// Creating and editing an event (administrators): a real form posting to /api/events or
// /api/events/{id}. With JavaScript it opens in a dialog and posts through a fetcher (the
// API answers JSON; an error shows in the form); without, it sits in a <details> disclosure,
// carries redirectTo, and the server answers with a redirect and a toast. The form is
// multipart: it can carry a cover photo, which the server stores like a post photo.
import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { CalendarPlus, Pencil } from "~/components/icons";
import { useEffect, useId, useState } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { notify } from "~/components/shell/notify";
import { errorOf, statusOf, useFetcherSettled } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import { apiPaths, eventPath } from "~/lib/paths";
import { Modal } from "~/components/shell/Modal";
import "~/components/report/report.css";
import "./events.css";

export type EditableEvent = {
  id: number;
  name: string;
  dateTime: string;
  location: string | null;
  description: string | null;
  /** Whether the event has a cover photo now (the form then offers to remove it). */
  hasCover?: boolean;
};

/** A `datetime-local` value for an ISO date: in UTC on the server, in the browser's zone after. */
export function toDateTimeLocal(iso: string, inUtc: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const shifted = inUtc ? date : new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** What /api/events and /api/events/{id} answer: the event, or `{ error }`. */
type EventAnswer = { event?: { id: number }; error?: string };

/**
 * The event form's fetcher. After a success, once the page's data has reloaded: the toast,
 * `onDone`, and a new event's page. The error is the action's own text.
 */
function useEventFetcher(editing: boolean, onDone?: () => void) {
  const fetcher = useFetcher<EventAnswer>();
  const navigate = useNavigate();
  const location = useLocation();
  useFetcherSettled(fetcher, (answer) => {
    if (errorOf(answer) !== null) {
      if (statusOf(answer) === 401) requestLogin({ redirectTo: location.pathname + location.search });
      return;
    }
    notify.success(editing ? "Event saved" : "Event created");
    onDone?.();
    if (!editing && answer?.event) navigate(eventPath(answer.event.id));
  });
  const error = fetcher.state === "submitting" ? null : errorOf(fetcher.data);
  return { Form: fetcher.Form, busy: fetcher.state !== "idle", error };
}

export function EventForm({
  event,
  redirectTo,
  onDone,
  compact = false,
}: {
  /** The event being edited; a new event when absent. */
  event?: EditableEvent;
  /** Where a plain form post comes back to. */
  redirectTo: string;
  onDone?: () => void;
  compact?: boolean;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const { Form, busy, error } = useEventFetcher(Boolean(event), onDone);
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(new Date().getTimezoneOffset()), []);

  const action = event ? apiPaths.event(event.id) : apiPaths.events;

  return (
    <Form
      // Before JavaScript the date is in UTC; after, in the browser's own time zone.
      key={hydrated ? "local" : "utc"}
      method="post"
      action={action}
      encType="multipart/form-data"
      className={`event-form${compact ? " event-form--compact" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      {event ? <input type="hidden" name="intent" value="update" /> : null}
      <input type="hidden" name="tz_offset" value={hydrated ? String(offset) : "0"} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      <div className="field">
        <label className="label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input id={`${id}-name`} name="name" className="input" required maxLength={120} defaultValue={event?.name ?? ""} placeholder="Cars & Coffee at the Harbour" />
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-date`}>
          Date and time{hydrated ? "" : " (UTC)"}
        </label>
        <input
          id={`${id}-date`}
          name="date_time"
          type="datetime-local"
          className="input"
          required
          defaultValue={event ? toDateTimeLocal(event.dateTime, !hydrated) : ""}
        />
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-location`}>
          Place <span className="event-form__optional">(optional)</span>
        </label>
        <input id={`${id}-location`} name="location" className="input" maxLength={200} defaultValue={event?.location ?? ""} placeholder="Harbour Car Park, Pier 3" />
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-description`}>
          Description <span className="event-form__optional">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          className="input"
          rows={compact ? 3 : 4}
          maxLength={5000}
          defaultValue={event?.description ?? ""}
          placeholder="What to expect, what to bring, any rules"
        />
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-cover`}>
          Cover photo <span className="event-form__optional">(optional)</span>
        </label>
        <input id={`${id}-cover`} name="cover" type="file" className="input" accept="image/*,.heic,.heif" aria-describedby={`${id}-cover-hint`} />
        <p className="event-form__hint" id={`${id}-cover-hint`}>
          {event?.hasCover ? "Choose a photo to replace the cover." : "Shown at the top of the event's page and in the list."}
        </p>
        {event?.hasCover ? (
          <label className="event-form__check">
            <input type="checkbox" name="remove_cover" value="true" /> Remove the cover photo
          </label>
        ) : null}
      </div>
      {error ? (
        <p className="social-modal__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="social-modal__actions">
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
          {busy ? "Saving..." : event ? "Save changes" : "Create event"}
        </button>
      </div>
    </Form>
  );
}

/**
 * A button that opens the event form: a dialog with JavaScript, a <details> disclosure
 * without (so the same form still works).
 */
export function EventFormDialog({
  event,
  redirectTo,
  label,
  variant = "primary",
}: {
  event?: EditableEvent;
  redirectTo: string;
  label: string;
  variant?: "primary" | "secondary";
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const Icon = event ? Pencil : CalendarPlus;
  const title = event ? "Edit event" : "New event";
  const buttonClass = `btn btn--${variant}${variant === "secondary" ? " btn--sm" : ""}`;

  if (!hydrated) {
    return (
      <details className="event-form-details">
        <summary className={buttonClass}>
          <Icon aria-hidden size={18} /> {label}
        </summary>
        <div className="event-form-details__panel card">
          <h2 className="event-form-details__title">{title}</h2>
          <EventForm event={event} redirectTo={redirectTo} />
        </div>
      </details>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Dialog.Trigger className={buttonClass}>
          <Icon aria-hidden size={18} /> {label}
        </Dialog.Trigger>
      }
      className="social-modal event-modal"
      icon={<Icon aria-hidden size={20} />}
      title={title}
    >
      <EventForm event={event} redirectTo={redirectTo} onDone={() => setOpen(false)} />
    </Modal>
  );
}
