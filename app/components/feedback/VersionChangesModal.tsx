// The 'Version Changes' modal: a feedback form (text required, optional
// 1-5 stars, visitors welcome), the changelog from GET /version.json with the current build,
// and on localhost or development hosts only a debug button that tests Google sign-in.
import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "~/components/shell/focus";
import { Bug, CheckCircle2, History, Send, Star } from "~/components/icons";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { errorOf, useFetcherSettled, type ErrorAnswer } from "~/lib/client/fetcher-answer";
import { FEEDBACK_MAX, FEEDBACK_MESSAGES, RATING_MAX, VERSIONS, currentBuild, isDevHost, parseVersions, type VersionEntry } from "~/lib/rules/changelog";
import { shortDate } from "~/lib/rules/formats";
import { apiPaths } from "~/lib/paths";
import { Modal } from "~/components/shell/Modal";
import "../report/report.css";
import "./feedback.css";

export const GOOGLE_DEBUG_PATH = apiPaths.google();

function formatDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return shortDate(parsed);
}

export function VersionChangesModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Focus goes back to whatever opened it (there is no Dialog.Trigger).
  const returnFocus = useReturnFocus(open);
  const [versions, setVersions] = useState<VersionEntry[] | null>(null);
  const [devHost, setDevHost] = useState(false);

  useEffect(() => {
    setDevHost(isDevHost(window.location.hostname));
  }, []);

  // /version.json through a fetcher's load each time the dialog opens.
  const changelog = useFetcher<unknown>();
  useFetcherSettled(changelog, (data) => {
    try {
      if (data === undefined || errorOf(data) !== null) throw new Error(errorOf(data) ?? "no answer");
      setVersions(parseVersions(data));
    } catch (error) {
      // The changelog ships with the app too: show that rather than nothing.
      console.warn("Could not load /version.json", error);
      setVersions(VERSIONS);
    }
  });
  const { load } = changelog;
  useEffect(() => {
    if (open) load("/version.json");
  }, [open, load]);

  const build = currentBuild(versions ?? VERSIONS);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      className="social-modal version-modal"
      icon={<History aria-hidden size={20} />}
      title="Version Changes"
      described
      onCloseAutoFocus={returnFocus}
    >
      <Dialog.Description className="version-modal__build">
        Current build <strong data-testid="current-build">{build}</strong>
      </Dialog.Description>

      {open && <FeedbackForm buildNumber={build} />}

      <Changelog versions={versions} />

      {devHost && (
        <section className="version-modal__debug" aria-label="Debug">
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => window.location.assign(GOOGLE_DEBUG_PATH)}>
            <Bug aria-hidden size={16} /> Test Google sign-in
          </button>
        </section>
      )}
    </Modal>
  );
}

/** The changelog, newest first; null while it loads. */
export function Changelog({ versions }: { versions: VersionEntry[] | null }) {
  return (
    <section className="version-modal__changelog" aria-labelledby="changelog-title">
      <h3 id="changelog-title" className="version-modal__heading">
        What's new
      </h3>
      {versions === null ? (
        <div className="version-modal__loading" aria-busy="true" aria-label="Loading changes">
          <span className="skeleton version-modal__skeleton" />
          <span className="skeleton version-modal__skeleton version-modal__skeleton--short" />
        </div>
      ) : versions.length === 0 ? (
        <p className="version-modal__muted">No changes listed yet.</p>
      ) : (
        <ol className="version-modal__versions">
          {versions.map((entry) => (
            <li key={entry.buildNumber} className="version-modal__version">
              <div className="version-modal__version-head">
                <span className="version-modal__number">Build {entry.buildNumber}</span>
                <time dateTime={entry.date} className="version-modal__date">
                  {formatDate(entry.date)}
                </time>
              </div>
              <ul className="version-modal__changes">
                {entry.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The feedback form. A real form posting to /api/feedback/submit: without JavaScript it
 * comes back to `redirectTo` with a toast; with JavaScript it is sent with fetch.
 */
export function FeedbackForm({ buildNumber, redirectTo }: { buildNumber: number; redirectTo?: string }) {
  const [text, setText] = useState("");
  const [rating, setRating] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  // Sent on a fetcher to the same action as the plain form (without its redirectTo).
  const fetcher = useFetcher<{ success?: boolean } | ErrorAnswer>();
  const phase = sent ? "sent" : fetcher.state !== "idle" ? "sending" : "form";

  useFetcherSettled(fetcher, (data) => {
    if (data && errorOf(data) === null && (data as { success?: boolean }).success) {
      setSent(true);
      setText("");
      setRating(null);
      return;
    }
    console.warn("Feedback failed", errorOf(data));
    setError(FEEDBACK_MESSAGES.failed);
  });

  function submit() {
    if (phase === "sending") return;
    if (text.trim() === "") {
      setError(FEEDBACK_MESSAGES.blank);
      return;
    }
    setError(null);
    const fields: Record<string, string> = { build_number: String(buildNumber), feedback_text: text };
    if (rating !== null) fields.rating = String(rating);
    fetcher.submit(fields, { method: "post", action: apiPaths.feedback });
  }

  if (phase === "sent") {
    return (
      <div className="version-modal__thanks" role="status">
        <CheckCircle2 aria-hidden size={28} />
        <p>{FEEDBACK_MESSAGES.thanks}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setSent(false)}>
          Send more feedback
        </button>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={apiPaths.feedback}
      className="version-modal__feedback"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <input type="hidden" name="build_number" value={buildNumber} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <label htmlFor={textId} className="version-modal__heading">
        Send feedback
      </label>
      <textarea
        id={textId}
        name="feedback_text"
        className="input version-modal__text"
        rows={3}
        maxLength={FEEDBACK_MAX}
        placeholder="What do you like? What should we fix?"
        value={text}
        disabled={phase === "sending"}
        onChange={(event) => {
          setText(event.target.value);
          if (error === FEEDBACK_MESSAGES.blank) setError(null);
        }}
      />
      <fieldset className="version-modal__rating" disabled={phase === "sending"}>
        <legend className="visually-hidden">Rating (optional)</legend>
        <span className="version-modal__rating-label" aria-hidden>
          Rating
        </span>
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((value) => (
          <label key={value} className="version-modal__star" data-on={rating !== null && value <= rating ? "" : undefined}>
            <input
              type="radio"
              name="rating"
              value={value}
              className="visually-hidden"
              checked={rating === value}
              onChange={() => setRating(value)}
              onClick={() => {
                if (rating === value) setRating(null);
              }}
            />
            <Star aria-hidden size={24} />
            <span className="visually-hidden">
              {value} star{value === 1 ? "" : "s"}
            </span>
          </label>
        ))}
        {rating !== null && (
          <button type="button" className="version-modal__clear" onClick={() => setRating(null)}>
            Clear
          </button>
        )}
      </fieldset>
      {error && (
        <p className="social-modal__error" role="alert">
          {error}
        </p>
      )}
      <div className="social-modal__actions">
        <button type="submit" className="btn btn--primary" disabled={phase === "sending"}>
          <Send aria-hidden size={16} />
          {phase === "sending" ? "Sending..." : "Send Feedback"}
        </button>
      </div>
    </form>
  );
}
