// Buttons that change something on the server, as real forms: without JavaScript they post
// and the server comes back to `redirectTo` with a toast; with JavaScript they post in
// place, show the toast, and reload the page's data (or call `onDone`).
//
// ActionForm posts at once; ConfirmAction first asks, in a <details> disclosure (which
// needs no JavaScript either), optionally with a note for the moderation log.
import { useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type ReactNode } from "react";
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
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={redirectTo} />
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
  const id = useId();
  const details = useRef<HTMLDetailsElement>(null);
  const { busy, submit } = useSubmit({ action, success, onDone });
  return (
    <details
      className="confirm-action"
      ref={details}
      onKeyDown={(event) => {
        // Escape closes the question and gives focus back to the button that opened it.
        if (event.key !== "Escape" || !details.current?.open) return;
        event.preventDefault();
        details.current.open = false;
        details.current.querySelector("summary")?.focus();
      }}
    >
      <summary className={triggerClassName}>{label}</summary>
      <div className="confirm-action__panel" role="group" aria-labelledby={`${id}-question`}>
        <p className="confirm-action__question" id={`${id}-question`}>
          {question}
        </p>
        <form
          method="post"
          action={action}
          className="confirm-action__form"
          onSubmit={async (event) => {
            event.preventDefault();
            const done = await submit(event.currentTarget);
            if (done) details.current?.removeAttribute("open");
          }}
        >
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {withNote ? (
            <>
              <label className="visually-hidden" htmlFor={`${id}-note`}>
                Note for the log (optional)
              </label>
              <input id={`${id}-note`} name="note" className="input confirm-action__note" maxLength={500} placeholder="Note for the log (optional)" />
            </>
          ) : null}
          <div className="confirm-action__buttons">
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => details.current?.removeAttribute("open")}>
              Cancel
            </button>
            <button type="submit" className={`btn btn--sm ${danger ? "btn--danger" : "btn--primary"}`} disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Working..." : confirmLabel}
            </button>
          </div>
        </form>
      </div>
    </details>
  );
}
