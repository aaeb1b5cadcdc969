// The contract between the login modal and its dialog. LoginModal (always in the page)
// decides everything from the URL, the root loader's flash and the clicks so far, and hands
// the dialog one `state` and a few `actions`; the dialog (downloaded when the modal first
// opens, rendered directly by the server for `?login` pages) shares them with its forms
// through a context. LoginModal imports only the types and flashIsFor, so little of this is in the
// first visit's code.
import { createContext, useContext } from "react";
import type { LoginMode } from "~/lib/rules/login-links";

/**
 * What the dialog shows: Sign In, Sign Up and Reset Password, plus Sign In's "Email me a
 * code" (which the URL spells `?login=code`).
 */
export type LoginView = LoginMode | "code";

/** What a failed plain form post flashed back (the root loader's authForm). */
export type AuthFlash = { mode: string; error: string; values: Record<string, string> };

/** A successful sign-in or sign-up, as the forms report it. */
export type AuthOutcome = {
  kind: "signin" | "signup";
  user: { id: number; email: string; username: string };
  loginTime?: string;
  autoLogin?: boolean;
};

/** Plain links to each view and out of the modal, so everything works without JavaScript. */
export type LoginLinks = Record<LoginView, string> & {
  /** The page without the modal's parameters. */
  close: string;
  /** The start of 'Sign in with Google'; null when Google is not configured. */
  google: string | null;
};

export type LoginDialogState = {
  open: boolean;
  view: LoginView;
  /** Changes on every opening and view switch, so the forms start empty. */
  generation: number;
  /** The forms' hidden redirectTo: where a plain form post comes back to. */
  redirectTo: string;
  /** The error and typed values (never a password) of a failed plain post, for this view. */
  flash: AuthFlash | null;
  /** Reset Password's plain-post outcome (`?resetStatus=sent|missing|limited`). */
  resetStatus: string | null;
  links: LoginLinks;
};

export type LoginDialogActions = {
  /** Closes the modal (Escape, the close button, the overlay) and drops `?login` from the URL. */
  close: () => void;
  /** Switches to another view in place, with empty forms. */
  show: (view: LoginView) => void;
  /** Signed in or signed up: closes after 0.5 s (sign-in) or 1.5 s (sign-up), then goes where asked. */
  finish: (outcome: AuthOutcome) => void;
  /** The account has two-factor on: closes and goes to the challenge page. */
  goToTwoFactor: (target: string) => void;
};

export type LoginDialogProps = { state: LoginDialogState; actions: LoginDialogActions };

/** The title and form heading that goes with a view ("Email me a code" is a kind of Sign In). */
export function modeOf(view: LoginView): LoginMode {
  return view === "code" ? "signin" : view;
}

/** Whether a failed plain post's flash belongs to `view` (the code form flashes `method: "code"`). */
export function flashIsFor(flash: AuthFlash, view: LoginView): boolean {
  const fromCodeForm = flash.values?.method === "code";
  return view === "code" ? fromCodeForm && flash.mode === "signin" : !fromCodeForm && flash.mode === view;
}

export const LoginDialogContext = createContext<LoginDialogProps | null>(null);

/** The dialog's state and actions, for the forms inside it. */
export function useLoginDialog(): LoginDialogProps {
  const value = useContext(LoginDialogContext);
  if (!value) throw new Error("useLoginDialog must be used inside LoginDialog");
  return value;
}
