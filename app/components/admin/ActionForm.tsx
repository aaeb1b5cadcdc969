// Buttons that change something on the server, as real forms: without JavaScript they post
// and the server comes back to `redirectTo` with a toast; with JavaScript they post in
// place, show the toast, and reload the page's data (or call `onDone`).
//
// ActionForm posts at once; ConfirmAction first asks, in a ConfirmDisclosure (which needs
// no JavaScript either), optionally with a note for the moderation log.
import { useRevalidator } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import { CancelLink, ConfirmDisclosure } from "~/components/shell/ConfirmDisclosure";
import { notify } from "~/components/shell/notify";
import { formFields, postForm } from "./form-post";
import "./admin.css";

type Common = {
  action: string;
  fields: Record<string, string>;
  redirectTo: string;
  /** The toast after success (the server's own words for plain posts). */
  success: string | ((data: unknown) => string);
  /** Runs after success instead of reloading the page's data. */
  onDone?: (data: unknown) => void;
};

function useSubmit({ action, success, onDone }: Pick<Common, "action" | "success" | "onDone">) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function submit(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    const result = await postForm(action, formFields(form, submitter));
    setBusy(false);
    if (!result.ok) {
      notify.error(result.error);
      return false;
    }
    notify.success(typeof success === "function" ? success(result.data) : success);
    if (onDone) onDone(result.data);
    else revalidator.revalidate();
    return true;
  }
  return { busy, submit };
}

function HiddenFields({ fields, redirectTo }: Pick<Common, "fields" | "redirectTo">) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

export function ActionForm({
  action,
  fields,
  redirectTo,
  success,
  onDone,
  className = "btn btn--secondary btn--sm",
  children,
  disabled = false,
  title,
}: Common & { className?: string; children: ReactNode; disabled?: boolean; title?: string }) {
  const { busy, submit } = useSubmit({ action, success, onDone });
  return (
    <form
      method="post"
      action={action}
      className="action-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
      }}
    >
      <HiddenFields fields={fields} redirectTo={redirectTo} />
      <button type="submit" className={className} disabled={disabled || busy} aria-busy={busy || undefined} title={title}>
        {children}
      </button>
    </form>
  );
}

export function ConfirmAction({
  action,
  fields,
  redirectTo,
  success,
  onDone,
  label,
  question,
  confirmLabel,
  withNote = false,
  triggerClassName = "btn btn--secondary btn--sm",
  danger = true,
}: Common & {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  /** Offer an optional note (kept in the moderation log). */
  withNote?: boolean;
  triggerClassName?: string;
  danger?: boolean;
}) {
  const noteId = `${useId()}-note`;
  const { busy, submit } = useSubmit({ action, success, onDone });
  return (
    <ConfirmDisclosure block="confirm-action" trigger={label} triggerClassName={triggerClassName} question={question}>
      {(close) => (
        <form
          method="post"
          action={action}
          className="confirm-action__form"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await submit(event.currentTarget)) close();
          }}
        >
          <HiddenFields fields={fields} redirectTo={redirectTo} />
          {withNote ? (
            <>
              <label className="visually-hidden" htmlFor={noteId}>
                Note for the log (optional)
              </label>
              <input id={noteId} name="note" className="input confirm-action__note" maxLength={500} placeholder="Note for the log (optional)" />
            </>
          ) : null}
          <div className="confirm-action__buttons">
            <CancelLink className="btn btn--ghost btn--sm" onCancel={close} />
            <button type="submit" className={`btn btn--sm ${danger ? "btn--danger" : "btn--primary"}`} disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Working..." : confirmLabel}
            </button>
          </div>
        </form>
      )}
    </ConfirmDisclosure>
  );
}
