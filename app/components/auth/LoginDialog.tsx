// The login modal's dialog: title, description and the form of the current mode. LoginModal
// keeps the state (which mode, where to go after, flashed no-JS results) and loads this
// module when the modal first opens; the server renders it directly for `?login` pages.
import { Fragment, useEffect, useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "~/components/shell/focus";
import { X } from "~/components/icons";
import { LOGIN_PARAM, type LoginMode } from "~/lib/login-events";
import { CodeForm, ResetForm, SignInForm, SignUpForm, type AuthFlash, type AuthOutcome } from "./AuthForms";

/** Sign In with a password, or with a code by email ("Email me a code", `?login=code`). */
export type SignInMethod = "password" | "code";

const TITLES: Record<LoginMode, string> = {
  signin: "Sign In",
  signup: "Sign Up",
  reset: "Reset Password",
};

const DESCRIPTIONS: Record<LoginMode, string> = {
  signin: "Welcome back. Sign in with your email or username.",
  signup: "Join the club: post your cars, follow builds and meet other enthusiasts.",
  reset: "Enter your email or username and we'll email you a link to choose a new password.",
};


/** The modal in code mode, as a link that works without JavaScript. */
function codeModeHref(signInHref: string): string {
  const url = new URL(signInHref, "http://local");
  url.searchParams.set(LOGIN_PARAM, "code");
  return url.pathname + url.search;
}

export type LoginDialogProps = {
  open: boolean;
  mode: LoginMode;
  /** Sign In by a code sent by email instead of a password. */
  codeMode: boolean;
  /** Changes on every opening and mode switch, so the forms start empty. */
  generation: number;
  returnTo: string;
  closeHref: string;
  hrefFor: (mode: LoginMode) => string;
  flash: AuthFlash;
  googleHref: string | null;
  resetStatus: string | null;
  onClose: () => void;
  onSuccess: (outcome: AuthOutcome) => void;
  onTwoFactor: (target: string) => void;
  onSwitchMode: (mode: LoginMode) => void;
  onSwitchMethod: (method: SignInMethod) => void;
};

export function LoginDialog({
  open,
  mode,
  codeMode,
  generation,
  returnTo,
  closeHref,
  hrefFor,
  flash,
  googleHref,
  resetStatus,
  onClose,
  onSuccess,
  onTwoFactor,
  onSwitchMode,
  onSwitchMethod,
}: LoginDialogProps) {
  // Server-rendered and hydrated in place (a portal renders nothing on the server, and the
  // no-JavaScript page needs the open modal in its HTML); once it has been closed in the
  // browser it moves into a portal above everything else. Never moved while open, so
  // nothing typed before hydration is lost.
  const [portal, setPortal] = useState(false);
  useEffect(() => {
    if (!open) setPortal(true);
  }, [open]);
  const Container = portal ? Dialog.Portal : Fragment;
  // Closing gives focus back to what opened it (Sign in, Post...): there is no Dialog.Trigger.
  const returnFocus = useReturnFocus(open);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Container>
        <Dialog.Overlay className="auth-overlay" />
        <Dialog.Content className="auth-modal" data-mode={mode} onCloseAutoFocus={returnFocus}>
          <header className="auth-modal__header">
            <Dialog.Title className="auth-modal__title">{TITLES[mode]}</Dialog.Title>
            <a
              href={closeHref}
              className="auth-modal__close"
              aria-label="Close"
              onClick={(event) => {
                event.preventDefault();
                onClose();
              }}
            >
              <X aria-hidden size={22} />
            </a>
          </header>
          <Dialog.Description className="auth-modal__description">
            {codeMode ? "No password needed: we'll email you a 6-digit code to sign in with." : DESCRIPTIONS[mode]}
          </Dialog.Description>

          {codeMode ? (
            <CodeForm
              key={`code-${generation}`}
              returnTo={returnTo}
              flash={flash}
              onSuccess={onSuccess}
              onTwoFactor={onTwoFactor}
              signInHref={hrefFor("signin")}
              codeHref={codeModeHref(hrefFor("signin"))}
              onBack={() => onSwitchMethod("password")}
            />
          ) : mode === "signin" ? (
            <SignInForm
              key={`signin-${generation}`}
              returnTo={returnTo}
              flash={flash}
              onSuccess={onSuccess}
              forgotHref={hrefFor("reset")}
              signUpHref={hrefFor("signup")}
              onSwitch={onSwitchMode}
              googleHref={googleHref}
              codeHref={codeModeHref(hrefFor("signin"))}
              onCodeMode={() => onSwitchMethod("code")}
              onTwoFactor={onTwoFactor}
            />
          ) : mode === "signup" ? (
            <SignUpForm
              key={`signup-${generation}`}
              returnTo={returnTo}
              flash={flash}
              onSuccess={onSuccess}
              signInHref={hrefFor("signin")}
              onSwitch={onSwitchMode}
            />
          ) : (
            <ResetForm
              key={`reset-${generation}`}
              returnTo={returnTo}
              status={resetStatus}
              signInHref={hrefFor("signin")}
              onSwitch={onSwitchMode}
            />
          )}
        </Dialog.Content>
      </Container>
    </Dialog.Root>
  );
}
