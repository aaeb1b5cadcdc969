// The reset page's errors travel back to it as short codes in the URL after a plain form
// post, so that no text from a link is ever shown on the page. The server picks the code from
// what went wrong; the page maps the code to its words.
import { PASSWORD_MIN } from "~/lib/constants";
import { MESSAGES } from "~/lib/schemas/auth-schemas";

const BY_CODE = {
  invalid: MESSAGES.resetLinkInvalid,
  mismatch: MESSAGES.passwordsDiffer,
  short: MESSAGES.passwordShort,
  missing: "Please enter and confirm your new password",
  long: "Password must be at most 200 characters",
} as const;

export type ResetErrorCode = keyof typeof BY_CODE;

/** The first problem the reset form's schema found: its field, its kind, and the least it wanted. */
export type ResetIssue = { path: readonly PropertyKey[]; code: string; minimum?: unknown };

/**
 * The code of a refused reset form, from the problem's field and kind (never its words): a bad
 * token is the link; a second password that differs is a mismatch; a password under
 * PASSWORD_MIN characters is short, one over the limit long; anything else left out is missing.
 */
export function resetErrorCode(issue: ResetIssue): ResetErrorCode {
  const field = issue.path[0];
  if (field === "token") return "invalid";
  if (field === "confirmPassword") return issue.code === "custom" ? "mismatch" : "missing";
  if (issue.code === "too_big") return "long";
  if (issue.code === "too_small" && issue.minimum === PASSWORD_MIN) return "short";
  return "missing";
}

export function resetErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return code in BY_CODE ? BY_CODE[code as ResetErrorCode] : null;
}
