// "Are you sure?" next to the button that asks it: a <details> disclosure, so it opens and
// its form posts with JavaScript off too. Cancel is a link back to the same page, which
// closes it without JavaScript; with JavaScript, Escape and Cancel close it in place and give
// focus back to the button that opened it.
//
// The parts are named after `block` (BEM), so each use keeps its own look:
// `block` on the <details>, `block__panel` on the question's panel, `block__question` on the
// question. `children` is the panel's form; it gets `close` for its Cancel button.
import { useLocation } from "@remix-run/react";
import { Link } from "./Link";
import { useId, useRef, type ReactNode } from "react";
import { usePressLink } from "~/lib/client/press-link";

export function ConfirmDisclosure({
  block,
  className,
  trigger,
  triggerClassName,
  triggerLabel,
  question,
  children,
}: {
  /** The CSS block name, e.g. "confirm-delete". */
  block: string;
  /** More classes for the <details> (modifiers). */
  className?: string;
  /** What the opening button shows. */
  trigger: ReactNode;
  triggerClassName: string;
  /** The opening button's accessible name, when `trigger` has no text. */
  triggerLabel?: string;
  question: string;
  children: (close: () => void) => ReactNode;
}) {
  const questionId = `${useId()}-question`;
  const details = useRef<HTMLDetailsElement>(null);
  // Closing (Escape, Cancel, done) puts focus back on the button that opened it.
  const close = () => {
    const element = details.current;
    if (!element?.open) return;
    element.open = false;
    element.querySelector("summary")?.focus();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any control inside (summary, buttons, fields) bubbles here and closes the disclosure
    <details
      className={className ? `${block} ${className}` : block}
      ref={details}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !details.current?.open) return;
        event.preventDefault();
        close();
      }}
    >
      <summary className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </summary>
      <div className={`${block}__panel`} role="group" aria-labelledby={questionId}>
        <p className={`${block}__question`} id={questionId}>
          {question}
        </p>
        {children(close)}
      </div>
    </details>
  );
}

/** The Cancel of a confirmation: a link to this same page (closed), closing in place with JavaScript. */
export function CancelLink({ className, onCancel, children = "Cancel" }: { className: string; onCancel: () => void; children?: ReactNode }) {
  const location = useLocation();
  const pressLink = usePressLink(onCancel);
  return (
    <Link to={location.pathname + location.search} replace preventScrollReset className={className} {...pressLink}>
      {children}
    </Link>
  );
}
