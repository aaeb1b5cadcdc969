// Opens the Report Content modal. Without JavaScript, visitors get a link to the login modal
// (`?login`) and members a link to the report page (/report/{type}/{id}), whose plain form
// post comes back to this page. The form is not in the page itself: a feed would carry one
// per card and per comment. The label is text (visually hidden beside the flag), which text
// browsers show.
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Flag } from "~/components/icons";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { reportHref, type FlagContentType } from "~/lib/rules/flag-reasons";
import { lazyComponent } from "~/lib/client/lazy-component";
import { requestLogin } from "~/lib/client/login-events";
import { loginHref } from "~/lib/rules/login-links";
import "./report.css";
import { isPlainClick } from "~/lib/client/link-clicks";

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
          if (!isPlainClick(event)) return;
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
      <Link to={reportHref(contentType, contentId, location.pathname + location.search)} className={classes}>
        {content}
      </Link>
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
