// The small pieces every sign-in form is built from: the form itself, the message area, a
// labelled field with its error, the submit button with its pending state, and a link that
// switches view.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useHydrated } from "~/lib/client/hydrated";
import { Loader2 } from "~/components/icons";
import { useLoginDialog, type LoginView } from "./login-state";
import { isPlainClick } from "~/lib/client/link-clicks";

/**
 * A sign-in form: without JavaScript a plain POST to `action` carrying the page to come back
 * to; once hydrated, `onFields` gets what was typed and sends it through the form's fetcher,
 * and the browser's own field checks give way to the server's messages.
 */
export function AuthForm({ action, id, onFields, children }: { action: string; id: string; onFields: (fields: FormData) => void; children: React.ReactNode }) {
  const { state } = useLoginDialog();
  const hydrated = useHydrated();
  return (
    <form
      method="post"
      action={action}
      className="auth-form"
      id={id}
      noValidate={hydrated}
      onSubmit={(event) => {
        event.preventDefault();
        onFields(new FormData(event.currentTarget));
      }}
    >
      <input type="hidden" name="redirectTo" value={state.redirectTo} />
      {children}
    </form>
  );
}

export function Messages({ error, success }: { error: string | null; success: string | null }) {
  return (
    <div className="auth-messages" aria-live="polite">
      {error ? (
        <p className="auth-alert auth-alert--error" role="alert" data-testid="auth-error">
          {error}
        </p>
      ) : null}
      {success ? (
        <p className="auth-alert auth-alert--success" role="status" data-testid="auth-success">
          {success}
        </p>
      ) : null}
    </div>
  );
}

export function Field({
  meta,
  label,
  type,
  autoComplete,
  autoFocus,
  inputMode,
}: {
  meta: FieldMetadata<string>;
  label: string;
  type: "text" | "email" | "password";
  autoComplete: string;
  autoFocus?: boolean;
  inputMode?: "email" | "text";
}) {
  const { key, ...inputProps } = getInputProps(meta, { type });
  const error = meta.errors?.[0];
  return (
    <div className="field auth-field">
      <label className="label" htmlFor={meta.id}>
        {label}
      </label>
      <input
        key={key}
        {...inputProps}
        className="input auth-input"
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only the first field of a form that was just opened asks for focus
        autoFocus={autoFocus}
        inputMode={inputMode}
      />
      {error ? (
        <p id={meta.errorId} className="auth-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The submit button: "Loading..." while the request runs, disabled then and once done. */
export function Submit({ pending, done = false, label }: { pending: boolean; done?: boolean; label: string }) {
  return (
    <button type="submit" className="btn btn--primary btn--block auth-submit" disabled={pending || done} aria-busy={pending}>
      {pending ? (
        <>
          <Loader2 className="auth-spin" aria-hidden size={18} />
          Loading...
        </>
      ) : (
        label
      )}
    </button>
  );
}

/** A link that switches view in place, and works as a plain link without JavaScript. */
export function ViewLink({ to, className = "auth-link", children }: { to: LoginView; className?: string; children: React.ReactNode }) {
  const { state, actions } = useLoginDialog();
  return (
    <a
      href={state.links[to]}
      className={className}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        actions.show(to);
      }}
    >
      {children}
    </a>
  );
}
