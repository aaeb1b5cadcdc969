// The login modal's dialog: title, description and the form of the current view. LoginModal
// keeps the state (which view, where to go after, flashed no-JS results) and loads this
// module when the modal first opens; the server renders it directly for `?login` pages.
// It takes one `state` and a few `actions` (login-state.ts) and shares them with its forms.
import { Fragment, useEffect, useState, type ComponentType } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "~/components/shell/focus";
import { X } from "~/components/icons";
import { CodeForm, ResetForm, SignInForm, SignUpForm } from "./AuthForms";
import { LoginDialogContext, modeOf, type LoginDialogProps, type LoginView } from "./login-state";
import "./auth.css";

export const TITLES: Record<LoginView, string> = {
  signin: "Sign In",
  code: "Sign In",
  signup: "Sign Up",
  reset: "Reset Password",
};

export const DESCRIPTIONS: Record<LoginView, string> = {
  signin: "Welcome back. Sign in with your email or username.",
  code: "No password needed: we'll email you a 6-digit code to sign in with.",
  signup: "Join the club: post your cars, follow builds and meet other enthusiasts.",
  reset: "Enter your email or username and we'll email you a link to choose a new password.",
};

export const FORMS: Record<LoginView, ComponentType> = {
  signin: SignInForm,
  code: CodeForm,
  signup: SignUpForm,
  reset: ResetForm,
};

export function LoginDialog({ state, actions }: LoginDialogProps) {
  const { open, view } = state;
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
  const Form = FORMS[view];

  return (
    <LoginDialogContext.Provider value={{ state, actions }}>
      <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : actions.close())}>
        <Container>
          <Dialog.Overlay className="modal-overlay" />
          <Dialog.Content className="modal auth-modal" data-mode={modeOf(view)} onCloseAutoFocus={returnFocus}>
            <header className="auth-modal__header">
              <Dialog.Title className="auth-modal__title">{TITLES[view]}</Dialog.Title>
              <a
                href={state.links.close}
                className="auth-modal__close"
                aria-label="Close"
                onClick={(event) => {
                  event.preventDefault();
                  actions.close();
                }}
              >
                <X aria-hidden size={22} />
              </a>
            </header>
            <Dialog.Description className="auth-modal__description">{DESCRIPTIONS[view]}</Dialog.Description>
            {/* A new key on every opening and switch, so the form starts empty. */}
            <Form key={`${view}-${state.generation}`} />
          </Dialog.Content>
        </Container>
      </Dialog.Root>
    </LoginDialogContext.Provider>
  );
}
