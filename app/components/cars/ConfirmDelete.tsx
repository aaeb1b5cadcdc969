// A delete button that asks first. A <details> disclosure: works with JavaScript off and
// keeps the question next to the thing being deleted.
import { Form } from "@remix-run/react";
import { Trash2 } from "~/components/icons";
import { useRef } from "react";

export function ConfirmDelete({
  question,
  fields,
  action,
  label = "Delete",
  confirmLabel = "Yes, delete",
  compact = false,
}: {
  question: string;
  /** Hidden fields the delete form posts (intent, ids). */
  fields: Record<string, string>;
  action?: string;
  label?: string;
  confirmLabel?: string;
  compact?: boolean;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details
      className={`confirm-delete${compact ? " confirm-delete--compact" : ""}`}
      ref={details}
      onKeyDown={(event) => {
        // Escape closes the question and gives focus back to the button that opened it.
        if (event.key !== "Escape" || !details.current?.open) return;
        event.preventDefault();
        details.current.open = false;
        details.current.querySelector("summary")?.focus();
      }}
    >
      <summary className="btn btn--ghost btn--sm confirm-delete__trigger" aria-label={compact ? label : undefined}>
        <Trash2 aria-hidden size={16} />
        {compact ? null : <span>{label}</span>}
      </summary>
      <div className="confirm-delete__panel" role="group" aria-label={question}>
        <p className="confirm-delete__question">{question}</p>
        <div className="confirm-delete__actions">
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => details.current?.removeAttribute("open")}>
            Cancel
          </button>
          <Form method="post" action={action}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="btn btn--danger btn--sm">
              {confirmLabel}
            </button>
          </Form>
        </div>
      </div>
    </details>
  );
}
