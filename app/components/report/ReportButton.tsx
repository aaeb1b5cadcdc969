// Opens the Report Content modal. Without JavaScript, visitors get a link to the login modal
// (`?login`) and members a disclosure holding the same report form as a plain form post that
// comes back to this page. The label is text (visually hidden beside the flag), which text
// browsers show.
import { Link, useLocation } from "@remix-run/react";
import { Flag } from "~/components/icons";
import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FLAG_DETAILS_MAX, FLAG_REASONS, type FlagContentType } from "~/lib/flag-reasons";
import { lazyComponent } from "~/lib/lazy-component";
import { loginHref, requestLogin } from "~/lib/login-events";
import "./report.css";

const ReportModal = lazyComponent(() => import("./ReportModal").then((module) => module.ReportModal));

export function ReportButton({
  contentType,
  contentId,
  signedIn,
  label = "Report",
  showLabel = false,
  className,
  children,
}: {
  contentType: FlagContentType;
  contentId: number;
  signedIn: boolean;
  /** Accessible name (and visible text with showLabel). */
  label?: string;
  showLabel?: boolean;
  className?: string;
  /** Custom content for the trigger instead of the flag icon. */
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The modal mounts at the first open and stays, so closing keeps its focus return.
  const [used, setUsed] = useState(false);
  const classes = ["report-trigger", className].filter(Boolean).join(" ");
  const content = children ?? (
    <>
      <Flag aria-hidden size={18} />
      <span className={showLabel ? undefined : "visually-hidden"}>{label}</span>
    </>
  );

  if (!signedIn) {
    return (
      <Link
        to={loginHref(location.pathname + location.search)}
        preventScrollReset
        className={classes}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          requestLogin();
        }}
      >
        {content}
      </Link>
    );
  }
  if (!hydrated) {
    return (
      <details className="report-fallback">
        <summary className={classes}>{content}</summary>
        <ReportForm contentType={contentType} contentId={contentId} redirectTo={location.pathname + location.search} />
      </details>
    );
  }
  return (
    <>
      <button
        type="button"
        className={classes}
        onPointerEnter={ReportModal.preload}
        onFocus={ReportModal.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {content}
      </button>
      {used ? <ReportModal contentType={contentType} contentId={contentId} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

/** The report form as a plain form post: the reasons, optional details, and back to `redirectTo`. */
function ReportForm({ contentType, contentId, redirectTo }: { contentType: FlagContentType; contentId: number; redirectTo: string }) {
  return (
    <form method="post" action="/api/flags/create" className="report-fallback__form">
      <input type="hidden" name="contentType" value={contentType} />
      <input type="hidden" name="contentId" value={String(contentId)} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <fieldset className="report-modal__reasons">
        <legend className="report-modal__legend">Why are you reporting this?</legend>
        {FLAG_REASONS.map((option) => (
          <label key={option.value} className="report-modal__reason">
            <input type="radio" name="reason" value={option.value} required />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <label className="label">
        Details <span className="report-modal__optional">(optional)</span>
        <textarea name="details" className="input report-modal__details" rows={3} maxLength={FLAG_DETAILS_MAX} />
      </label>
      <button type="submit" className="btn btn--danger">
        Submit Report
      </button>
    </form>
  );
}
