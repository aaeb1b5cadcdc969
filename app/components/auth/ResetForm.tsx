// Reset Password: asks for the email or username and sends the link (POST
// /api/auth/reset-password, which always answers alike so that no account can be probed).
// One request per 60 seconds from this browser. Without JavaScript the action comes back
// here with `resetStatus` in the URL.
import { useState } from "react";
import { MESSAGES, resetCooldownLeft, resetCooldownMessage } from "~/lib/schemas/auth-schemas";
import { useAuthFetcher } from "./auth-answer";
import { errorOr, statusOf } from "~/lib/client/fetcher-answer";
import { AuthForm, Messages, Submit, ViewLink } from "./form-parts";
import { useLoginDialog } from "./login-state";
import { readResetRequestedAt, rememberResetRequest } from "./reset-cooldown";
import { apiPaths } from "~/lib/paths";

const ACTION = apiPaths.resetPassword;

type Shown = { error?: string; success?: string };

const RESET_STATUS_MESSAGES: Record<string, Shown> = {
  sent: { success: MESSAGES.resetSent },
  missing: { error: MESSAGES.resetEntryRequired },
  limited: { error: MESSAGES.resetTooMany },
};

/** Only the rate limit's own text (a 429) is shown; any other failure reads "Failed to send reset email". */
function failureMessage(answer: Record<string, unknown>): string {
  return statusOf(answer) === 429 ? errorOr(answer, MESSAGES.resetFailed) : MESSAGES.resetFailed;
}

function useResetRequest(flashed: Shown | undefined) {
  const [shown, setShown] = useState<Shown>(flashed ?? {});
  const { submit, pending } = useAuthFetcher(ACTION, (answer) => {
    if (answer.success !== true) return setShown({ error: failureMessage(answer) });
    rememberResetRequest(Date.now());
    setShown({ success: MESSAGES.resetSent });
  });

  const request = (entry: string) => {
    if (!entry) return setShown({ error: MESSAGES.resetEntryRequired });
    const left = resetCooldownLeft(readResetRequestedAt());
    if (left > 0) return setShown({ error: resetCooldownMessage(left) });
    setShown({});
    submit({ email: entry });
  };
  return { request, pending, shown };
}

export function ResetForm() {
  const { state } = useLoginDialog();
  // The outcome of a plain form post (`resetStatus` in the URL).
  const reset = useResetRequest(state.resetStatus ? RESET_STATUS_MESSAGES[state.resetStatus] : undefined);

  return (
    <AuthForm
      action={ACTION}
      id="auth-reset"
      onFields={(fields) => {
        if (!reset.pending) reset.request(String(fields.get("email") ?? "").trim());
      }}
    >
      <Messages error={reset.shown.error ?? null} success={reset.shown.success ?? null} />
      <div className="field auth-field">
        <label className="label" htmlFor="auth-reset-email">
          Email or username
        </label>
        <input
          id="auth-reset-email"
          name="email"
          type="text"
          className="input auth-input"
          required
          maxLength={254}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the form's one field takes focus when the form opens
          autoFocus
        />
      </div>
      <Submit pending={reset.pending} label="Send Reset Link" />
      <p className="auth-switch">
        <ViewLink to="signin">Back to Sign In</ViewLink>
      </p>
    </AuthForm>
  );
}
