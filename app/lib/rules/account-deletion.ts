// Words and rules of deleting one's account that the pages and the server share.
import { z } from "zod";

/** The name shown for the author of a comment whose account is deleted, or being deleted. */
export const DELETED_MEMBER = "Deleted member";

/** Days a deleted account can still be restored by signing in. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

/** The word typed to confirm, so a stray click never deletes an account. */
export const DELETE_CONFIRMATION = "DELETE";

export const DELETION_TEXT = {
  heading: "Delete account",
  explain:
    "Your profile, posts, cars, mods, messages you sent, likes, follows and saves are hidden from everyone at once and deleted for good after 7 days. Comments you wrote on other members' posts stay, shown as written by a deleted member; events you made stay without your name.",
  restore: "Changed your mind? Sign in within 7 days (with your password, Google or an emailed code) and everything is restored as it was.",
  confirmLabel: `Type ${DELETE_CONFIRMATION} to confirm`,
  button: "Delete my account",
  googleRecent: "Signed in with Google? Sign in again, then delete within 10 minutes.",
} as const;

// Every field is read as text (anything else reads as empty), so a bad form is answered by
// the proof checks with their own messages.
const anyText = z.unknown().transform((value) => (typeof value === "string" ? value.slice(0, 200) : ""));

/** The deletion form: the password (or nothing for an account without one), the app's code, and the typed confirmation. */
export const deleteAccountSchema = z.object({ password: anyText, code: anyText, confirm: anyText });
