// A sign-in form as a page of its own (/login, /signup, /reset-password): the same forms as
// the login modal, first in the page, so they work without JavaScript and on any client.
// The view switches are plain links to the other pages; after signing in, the page goes to
// `redirectTo` (home when there is none).
import { useEffect, useMemo, useRef } from "react";
import { useLocation, useNavigate } from "@remix-run/react";
import { LOGIN_MODAL_CLOSE_AFTER_SIGN_IN } from "~/lib/constants";
import { REDIRECT_PARAM, RESET_STATUS_PARAM, authPageHref, returnPathOf } from "~/lib/rules/login-links";
import { storeSessionUser } from "~/lib/client/session-user";
import { welcomeHref } from "~/lib/rules/onboarding";
import { DESCRIPTIONS, FORMS, TITLES } from "./LoginDialog";
import { LoginDialogContext, flashIsFor, modeOf, type AuthOutcome, type LoginDialogProps, type LoginView } from "./login-state";
import "./auth.css";
import { useRootData } from "~/lib/client/user";
import { apiPaths } from "~/lib/paths";

export function AuthPage({ view }: { view: LoginView }) {
  const root = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const resetStatus = params.get(RESET_STATUS_PARAM);
  const redirectTo = returnPathOf(`/?${REDIRECT_PARAM}=${encodeURIComponent(params.get(REDIRECT_PARAM) ?? "/")}`);
  const authForm = root?.authForm ?? null;
  const googleEnabled = Boolean(root?.googleEnabled);

  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const value = useMemo<LoginDialogProps>(() => {
    const links = {
      signin: authPageHref("signin", redirectTo),
      code: authPageHref("code", redirectTo),
      signup: authPageHref("signup", redirectTo),
      reset: authPageHref("reset", redirectTo),
      close: redirectTo,
      google: googleEnabled ? apiPaths.google(redirectTo) : null,
    };
    return {
      state: {
        open: true,
        view,
        generation: 0,
        redirectTo,
        flash: authForm && flashIsFor(authForm, view) ? authForm : null,
        resetStatus: view === "reset" ? resetStatus : null,
        links,
      },
      actions: {
        close: () => navigate(redirectTo),
        show: (next) => navigate(links[next]),
        finish: (outcome: AuthOutcome) => {
          storeSessionUser(outcome.user, outcome.loginTime);
          clearTimeout(timer.current);
          // A new member goes straight on to the welcome steps (their first car first), which
          // greet them and end at redirectTo. Waiting here would let the sign-up page, now
          // seeing a member, send them to redirectTo instead.
          if (outcome.kind === "signup") return navigate(welcomeHref("car", redirectTo), { replace: true });
          timer.current = setTimeout(() => navigate(redirectTo, { replace: true }), LOGIN_MODAL_CLOSE_AFTER_SIGN_IN);
        },
        goToTwoFactor: (target) => navigate(target),
      },
    };
    // The search string carries everything the page reads from the URL.
  }, [view, redirectTo, resetStatus, authForm, googleEnabled, navigate]);

  const Form = FORMS[view];
  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="auth-page-title" data-mode={modeOf(view)}>
        <h1 id="auth-page-title" className="auth-modal__title">
          {TITLES[view]}
        </h1>
        <p className="auth-modal__description">{DESCRIPTIONS[view]}</p>
        <LoginDialogContext.Provider value={value}>
          <Form key={view} />
        </LoginDialogContext.Provider>
      </section>
    </div>
  );
}
