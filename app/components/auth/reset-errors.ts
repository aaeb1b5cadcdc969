// The reset page's errors travel back to it as short codes in the URL after a plain form
// post, so that no text from a link is ever shown on the page.
import { MESSAGES } from "~/lib/schemas/auth-schemas";

const BY_CODE = {
  invalid: MESSAGES.resetLinkInvalid,
  mismatch: MESSAGES.passwordsDiffer,
  short: MESSAGES.passwordShort,
  missing: "Please enter and confirm your new password",
  long: "Password must be at most 200 characters",
} as const;

export type ResetErrorCode = keyof typeof BY_CODE;

export function resetErrorCode(message: string): ResetErrorCode {
  const found = (Object.keys(BY_CODE) as ResetErrorCode[]).find((code) => BY_CODE[code] === message);
  return found ?? (message.startsWith("Please") || message.includes("required") ? "missing" : "invalid");
}

export function resetErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return code in BY_CODE ? BY_CODE[code as ResetErrorCode] : null;
}
