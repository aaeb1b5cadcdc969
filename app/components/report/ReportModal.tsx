// The Report Content modal: the nine reasons,
// optional details, submitting, then a success message and closing after 2 s. A 409
// (already reported) counts as success. Every other answer gets its fixed message.
import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "~/components/shell/focus";
import { CheckCircle2, Flag } from "~/components/icons";
import { useEffect, useId, useRef, useState } from "react";
import { FLAG_SUCCESS_CLOSE } from "~/lib/constants";
import { useFetcher } from "@remix-run/react";
import { useFetcherSettled } from "~/lib/client/fetcher-answer";
import { FLAG_DETAILS_MAX, FLAG_MESSAGES, FLAG_REASONS, flagAnswer, type FlagContentType } from "~/lib/rules/flag-reasons";
import { apiPaths } from "~/lib/paths";
import { Modal } from "~/components/shell/Modal";
import "./report.css";

export type ReportModalProps = {
  contentType: FlagContentType;
  contentId: number | string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const NOUNS: Record<FlagContentType, string> = { post: "post", comment: "comment", user: "profile", car: "car" };

type Phase = "form" | "submitting" | "success";

export function ReportModal({ contentType, contentId, open, onOpenChange }: ReportModalProps) {
  // Focus goes back to whatever opened it (there is no Dialog.Trigger).
  const returnFocus = useReturnFocus(open);
  const [phase, setPhase] = useState<Phase>("form");
  const [reason, setReason] = useState("");
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const detailsId = useId();
  const errorId = useId();

  // Every opening starts with an empty form.
  useEffect(() => {
    if (open) {
      setPhase("form");
      setReason("");
      setDetails("");
      setError(null);
    }
    return () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
      closeTimer.current = null;
    };
  }, [open, contentType, contentId]);

  // The report goes to POST /api/flags/create on a fetcher; its answer says what to show.
  const fetcher = useFetcher();
  useFetcherSettled(fetcher, (data) => {
    const outcome = flagAnswer(data);
    if (outcome.ok) {
      setPhase("success");
      closeTimer.current = setTimeout(() => onOpenChange(false), FLAG_SUCCESS_CLOSE);
    } else {
      setError(outcome.message);
      setPhase("form");
    }
  });

  function submit() {
    if (phase !== "form") return;
    if (!reason) {
      setError(FLAG_MESSAGES.reasonRequired);
      return;
    }
    setError(null);
    setPhase("submitting");
    const fields: Record<string, string> = { contentType, contentId: String(contentId), reason };
    const note = details.trim();
    if (note) fields.details = note;
    fetcher.submit(fields, { method: "post", action: apiPaths.report });
  }

  const noun = NOUNS[contentType];

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      overlay="modal-overlay"
      className="modal report-modal"
      icon={<Flag aria-hidden size={20} />}
      title="Report Content"
      onCloseAutoFocus={returnFocus}
    >
      {phase === "success" ? (
        <div className="report-modal__success" role="status">
          <CheckCircle2 aria-hidden size={40} />
          <p>{FLAG_MESSAGES.success}</p>
        </div>
      ) : (
        <form
          method="post"
          action={apiPaths.report}
          className="report-modal__form"
          aria-describedby={error ? errorId : undefined}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <input type="hidden" name="contentType" value={contentType} />
          <input type="hidden" name="contentId" value={String(contentId)} />
          <fieldset className="report-modal__reasons" disabled={phase === "submitting"}>
            <legend className="report-modal__legend">Why are you reporting this {noun}?</legend>
            {FLAG_REASONS.map((option) => (
              <label key={option.value} className="report-modal__reason" data-checked={reason === option.value || undefined}>
                <input
                  type="radio"
                  name="reason"
                  value={option.value}
                  checked={reason === option.value}
                  onChange={() => {
                    setReason(option.value);
                    if (error === FLAG_MESSAGES.reasonRequired) setError(null);
                  }}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>

          <div className="field">
            <label className="label" htmlFor={detailsId}>
              Details <span className="report-modal__optional">(optional)</span>
            </label>
            <textarea
              id={detailsId}
              name="details"
              className="input report-modal__details"
              rows={3}
              maxLength={FLAG_DETAILS_MAX}
              value={details}
              disabled={phase === "submitting"}
              placeholder="Anything that helps our moderators understand"
              onChange={(event) => setDetails(event.target.value)}
            />
            <span className="report-modal__counter">
              {details.length} / {FLAG_DETAILS_MAX}
            </span>
          </div>

          {error && (
            <p className="social-modal__error" id={errorId} role="alert">
              {error}
            </p>
          )}

          <div className="social-modal__actions">
            <Dialog.Close className="btn btn--ghost" type="button">
              Cancel
            </Dialog.Close>
            <button type="submit" className="btn btn--danger" disabled={phase === "submitting"} aria-busy={phase === "submitting"}>
              {phase === "submitting" ? "Submitting..." : "Submit Report"}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
