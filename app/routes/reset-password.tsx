// /reset-password: without a token, Reset Password as a page (ask for the email with a link,
// form first). With ?token=... it is the page a reset email links to: choose a new password
// (same rules as sign-up), which signs you in. The form posts to /api/auth/reset-password/confirm
// and works without JavaScript; with JavaScript a fetcher sends it to the same action and
// errors show in place.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { KeyRound } from "~/components/icons";
import { toast } from "sonner";
import { APP_TITLE } from "~/lib/constants";
import { MESSAGES, resetPasswordFormSchema } from "~/lib/schemas/auth-schemas";
import { authPageHref } from "~/lib/rules/login-links";
import { storeSessionUser } from "~/lib/client/session-user";
import { findUsableResetToken } from "~/models/password-reset.server";
import { resetErrorMessage } from "~/components/auth/reset-errors";
import { AuthPage } from "~/components/auth/AuthPage";
import { loginTimeOf, twoFactorTargetOf, useAuthFetcher, userOf } from "~/components/auth/auth-answer";
import { errorOf } from "~/lib/client/fetcher-answer";
import { Submit } from "~/components/auth/form-parts";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { apiPaths } from "~/lib/paths";
import "~/components/auth/auth.css";

export const meta: MetaFunction = () => [{ title: `Reset Password · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token === null) return Response.json({ request: true, valid: false, error: null });
  const errorCode = url.searchParams.get("error");
  const usable = token.length > 0 && token.length <= 200 && (await findUsableResetToken(token)) !== null;
  return Response.json(
    { request: false, valid: usable, error: usable ? resetErrorMessage(errorCode) : null },
    // The token is a credential: keep the page out of caches.
    { headers: { "Cache-Control": "no-store" } },
  );
}

const ACTION = apiPaths.resetPasswordConfirm;

type LoaderData = { request: boolean; valid: boolean; error: string | null };

export default function ResetPasswordPage() {
  const { request, valid, error } = useLoaderData<typeof loader>() as LoaderData;
  if (request) return <AuthPage view="reset" />;
  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="reset-title">
        <div className="auth-card__icon" aria-hidden>
          <KeyRound size={26} />
        </div>
        {valid ? (
          <NewPasswordForm serverError={error} />
        ) : (
          <>
            <h1 id="reset-title" className="auth-modal__title">
              Reset link not valid
            </h1>
            <p className="auth-alert auth-alert--error" role="alert">
              {MESSAGES.resetLinkInvalid}
            </p>
            <Link to={authPageHref("reset")} className="btn btn--primary btn--block auth-submit">
              Request a new link
            </Link>
          </>
        )}
      </section>
    </div>
  );
}

function PasswordField({ meta, label, autoFocus }: { meta: FieldMetadata<string>; label: string; autoFocus?: boolean }) {
  const { key, ...inputProps } = getInputProps(meta, { type: "password" });
  const message = meta.errors?.[0];
  return (
    <div className="field auth-field">
      <label className="label" htmlFor={meta.id}>
        {label}
      </label>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the form's first field asks for focus, as its caller says */}
      <input key={key} {...inputProps} className="input auth-input" autoComplete="new-password" autoFocus={autoFocus} />
      {message ? (
        <p id={meta.errorId} className="auth-field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** Sets the new password through a fetcher; signed in, it goes home (or to the two-factor challenge). */
function useNewPassword(serverError: string | null) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { submit, pending, data } = useAuthFetcher(
    ACTION,
    (answer) => {
      // The password changed; an account with two-factor sign-in still has to pass the challenge.
      const twoFactor = twoFactorTargetOf(answer);
      if (twoFactor) return navigate(twoFactor, { replace: true });
      const user = userOf(answer);
      if (!user) {
        if (answer.error === MESSAGES.resetLinkInvalid) revalidator.revalidate();
        return;
      }
      storeSessionUser(user, loginTimeOf(answer));
      toast.success(typeof answer.message === "string" ? answer.message : MESSAGES.resetDone);
      navigate("/", { replace: true });
      // At once: revalidated, this page shows the used link as not valid and this form is gone.
    },
    { afterRevalidation: false },
  );
  const done = Boolean(userOf(data) || twoFactorTargetOf(data));
  // A failed request says why in its own words (no answer, or the server failed).
  const failure = errorOf(data) ?? MESSAGES.resetLinkInvalid;
  const error = pending || done ? null : data ? failure : serverError;
  return { submit, pending, done, error };
}

function NewPasswordForm({ serverError }: { serverError: string | null }) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useNewPassword(serverError);

  const [form, fields] = useForm({
    id: "reset-password",
    constraint: getZodConstraint(resetPasswordFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordFormSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (reset.pending || reset.done || submission?.status !== "success") return;
      const { token, password, confirmPassword } = submission.value;
      reset.submit({ token, password, confirmPassword });
    },
  });

  return (
    <>
      <h1 id="reset-title" className="auth-modal__title">
        Choose a new password
      </h1>
      <p className="auth-modal__description">After this you are signed in, and signed out everywhere else.</p>
      <form method="post" action={ACTION} className="auth-form" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value="/" />
        <input type="hidden" name="token" value={token} />
        <div className="auth-messages" aria-live="polite">
          {reset.error ? (
            <p className="auth-alert auth-alert--error" role="alert" data-testid="auth-error">
              {reset.error}
            </p>
          ) : null}
        </div>
        <PasswordField meta={fields.password} label="New password" autoFocus />
        <PasswordField meta={fields.confirmPassword} label="Confirm new password" />
        <Submit pending={reset.pending} done={reset.done} label="Set new password" />
      </form>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
