// A delete button that asks first, next to the thing being deleted. Works with JavaScript
// off: the disclosure opens and the form posts.
import { Form } from "@remix-run/react";
import { Trash2 } from "~/components/icons";
import { CancelLink, ConfirmDisclosure } from "~/components/shell/ConfirmDisclosure";

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
  return (
    <ConfirmDisclosure
      block="confirm-delete"
      className={compact ? "confirm-delete--compact" : undefined}
      trigger={
        <>
          <Trash2 aria-hidden size={16} />
          <span className={compact ? "visually-hidden" : undefined}>{label}</span>
        </>
      }
      triggerClassName="btn btn--ghost btn--sm confirm-delete__trigger"
      question={question}
    >
      {(close) => (
        <div className="confirm-delete__actions">
          <CancelLink className="btn btn--secondary btn--sm" onCancel={close} />
          <Form method="post" action={action}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="btn btn--danger btn--sm">
              {confirmLabel}
            </button>
          </Form>
        </div>
      )}
    </ConfirmDisclosure>
  );
}
