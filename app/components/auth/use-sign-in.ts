// Signing in through an action that answers like POST /api/auth/login (the password form
// and the emailed code): the user and session, `{ twoFactorRequired, redirectTo }` for an
// account with two-factor on, or `{ error }`. Success toasts and hands the outcome to the
// dialog (it revalidates the root, closes and goes where asked); two-factor goes to the challenge.
import { toast } from "sonner";
import { MESSAGES } from "~/lib/schemas/auth-schemas";
import { loginTimeOf, twoFactorTargetOf, useAuthFetcher, userOf } from "./auth-answer";
import { errorOr } from "~/lib/client/fetcher-answer";
import { useLoginDialog } from "./login-state";

/** `onFailure`, when given, gets each failed answer's message (for forms that keep their own messages). */
export function useSignIn(action: string, flashedError: string | null, onFailure?: (message: string) => void) {
  const { actions } = useLoginDialog();
  const { submit, pending, data } = useAuthFetcher(action, (answer) => {
    const twoFactor = twoFactorTargetOf(answer);
    if (twoFactor) return actions.goToTwoFactor(twoFactor);
    const user = userOf(answer);
    if (!user) return onFailure?.(errorOr(answer, MESSAGES.loginFailed));
    toast.success(MESSAGES.loginToast);
    actions.finish({ kind: "signin", user, loginTime: loginTimeOf(answer) });
  });
  const signedIn = Boolean(userOf(data));
  const done = signedIn || Boolean(twoFactorTargetOf(data));
  // A plain post's flashed error shows until the first answer here.
  const error = pending || done ? null : data ? errorOr(data, MESSAGES.loginFailed) : flashedError;
  return { submit, pending, done, error, success: signedIn ? MESSAGES.loginSuccess : null };
}
