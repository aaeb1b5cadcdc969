// Buttons that change something on the server, as real forms: without JavaScript they post
// with a hidden redirectTo and the server comes back to the page with a toast; once hydrated
// the same form posts through a fetcher, the API answers JSON, the toast shows its outcome
// and Remix reloads the page's data.
//
// ActionForm posts at once; ConfirmAction first asks, in a ConfirmDisclosure (which needs
// no JavaScript either), optionally with a note for the moderation log. A deletion answers
// JSON with no body (204), and may take away the page's own item: with `navigates` it posts
// as a navigation instead, redirectTo and all, and follows the server's redirect and toast.
import { Form as NavigationForm, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { CancelLink, ConfirmDisclosure } from "~/components/shell/ConfirmDisclosure";
import { notify } from "~/components/shell/notify";
import { errorOf, statusOf, useFetcherSettled } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import "./action-form.css";

type Common = {
  action: string;
  fields: Record<string, string>;
  redirectTo: string;
  /** The toast after success (the server's own words for plain posts). */
  success: string | ((data: unknown) => string);
};

/** A fetcher for one action: toasts its answer; `onSuccess` runs after a success. */
function useActionFetcher(success: Common["success"], onSuccess?: () => void) {
  const fetcher = useFetcher<unknown>();
  const location = useLocation();
  useFetcherSettled(
    fetcher,
    (answer) => {
      const error = errorOf(answer);
      if (error === null) {
        notify.success(typeof success === "function" ? success(answer) : success);
        onSuccess?.();
        return;
      }
      if (statusOf(answer) === 401) requestLogin({ redirectTo: location.pathname + location.search });
      notify.error(error);
    },
    { early: true },
  );
  return { Form: fetcher.Form, busy: fetcher.state !== "idle" };
}

/** The form's own fields; redirectTo only while the page has no JavaScript (or `always`). */
function HiddenFields({ fields, redirectTo, always = false }: Pick<Common, "fields" | "redirectTo"> & { always?: boolean }) {
  const hydrated = useHydrated();
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated && !always ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
    </>
  );
}

export function ActionForm({
  action,
  fields,
  redirectTo,
  success,
  className = "btn btn--secondary btn--sm",
  children,
  disabled = false,
  title,
}: Common & { className?: string; children: ReactNode; disabled?: boolean; title?: string }) {
  const { Form, busy } = useActionFetcher(success);
  return (
    <Form method="post" action={action} className="action-form">
      <HiddenFields fields={fields} redirectTo={redirectTo} />
      <button type="submit" className={className} disabled={disabled || busy} aria-busy={busy || undefined} title={title}>
        {children}
      </button>
    </Form>
  );
}

/** The confirmation's form: closes its disclosure after a success. */
function ConfirmForm({
  action,
  fields,
  redirectTo,
  success,
  confirmLabel,
  withNote,
  danger,
  navigates,
  close,
}: Common & { confirmLabel: string; withNote: boolean; danger: boolean; navigates: boolean; close: () => void }) {
  const noteId = `${useId()}-note`;
  const fetcher = useActionFetcher(success, close);
  const navigation = useNavigation();
  const Form = navigates ? NavigationForm : fetcher.Form;
  const busy = navigates ? navigation.state !== "idle" && navigation.formAction === action : fetcher.busy;
  return (
    <Form method="post" action={action} className="confirm-action__form">
      <HiddenFields fields={fields} redirectTo={redirectTo} always={navigates} />
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
    </Form>
  );
}

export function ConfirmAction({
  label,
  question,
  triggerClassName = "btn btn--secondary btn--sm",
  withNote = false,
  danger = true,
  navigates = false,
  ...form
}: Common & {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  /** Offer an optional note (kept in the moderation log). */
  withNote?: boolean;
  triggerClassName?: string;
  danger?: boolean;
  /** Post as a navigation and go where the server sends us (with its toast). */
  navigates?: boolean;
}) {
  return (
    <ConfirmDisclosure block="confirm-action" trigger={label} triggerClassName={triggerClassName} question={question}>
      {(close) => <ConfirmForm {...form} withNote={withNote} danger={danger} navigates={navigates} close={close} />}
    </ConfirmDisclosure>
  );
}
