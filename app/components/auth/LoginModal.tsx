// The login modal: Sign In, Sign Up and Reset Password. Mounted once in
// the app shell. It opens on the global 'show login' event (requestLogin) and, so that it
// works without JavaScript, whenever the URL carries `?login` (`?login=signup`,
// `?login=reset`, optionally `redirectTo=`). Its forms are real posts to the auth API with a
// hidden redirectTo; with JavaScript fetchers send them to the same actions and the forms
// read the JSON answers.
// The dialog itself takes one `state` and a few `actions` (see login-state.ts).
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { LOGIN_MODAL_CLOSE_AFTER_SIGN_IN, LOGIN_MODAL_CLOSE_AFTER_SIGN_UP } from "~/lib/constants";
import { useLoginRequests } from "~/lib/client/login-events";
import { LOGIN_PARAM, REDIRECT_PARAM, RESET_STATUS_PARAM, loginHref, parseLoginMode, returnPathOf, safePath, withoutLoginParams } from "~/lib/rules/login-links";
import { clearSessionUser, readSessionUser, storeSessionUser } from "~/lib/client/session-user";
import { lazyComponent } from "~/lib/client/lazy-component";
import { flashIsFor, type AuthOutcome, type LoginDialogActions, type LoginDialogState, type LoginLinks, type LoginView } from "./login-state";
import { serverPart } from "~/lib/client/server-parts";
import { useRootData } from "~/lib/client/user";
import { welcomeHref } from "~/lib/rules/onboarding";
import { apiPaths } from "~/lib/paths";

// The dialog and its forms download when the modal first opens (most visits never open
// it); the server renders it directly for `?login` pages.
/** The name the server renders the login dialog by (app/server-parts.server.ts). */
export const LOGIN_DIALOG_PART = "login-dialog";
const LoginDialog = lazyComponent(() => import("./LoginDialog").then((module) => module.LoginDialog), {
  server: serverPart(LOGIN_DIALOG_PART),
  // The server rendered it (`?login`): its code loads before the page hydrates.
  renderedIn: () => document.querySelector(".auth-modal") !== null,
});

type ModalState = {
  open: boolean;
  view: LoginView;
  /** Where to go after signing in, when the opener named a page. */
  redirectTo: string | null;
  /** Changes on every opening and view switch, so the forms start empty. */
  generation: number;
  /** Whether a flashed no-JS result (error, refilled values, reset status) may still show. */
  showFlash: boolean;
};

/** The view `?login=...` asks for: `?login=code` is Sign In by email code; null without `?login`. */
function viewOf(loginParam: string | null): LoginView | null {
  return loginParam === "code" ? "code" : parseLoginMode(loginParam);
}

/** The modal's plain links on `currentPath`, keeping the opener's redirect target. */
function linksFor(currentPath: string, redirectTo: string | null, googleEnabled: boolean): LoginLinks {
  const signin = loginHref(currentPath, "signin", redirectTo ?? undefined);
  const code = new URL(signin, "http://local");
  code.searchParams.set(LOGIN_PARAM, "code");
  const returnTo = redirectTo ?? returnPathOf(currentPath);
  return {
    signin,
    code: code.pathname + code.search,
    signup: loginHref(currentPath, "signup", redirectTo ?? undefined),
    reset: loginHref(currentPath, "reset", redirectTo ?? undefined),
    close: withoutLoginParams(currentPath),
    google: googleEnabled ? apiPaths.google(returnTo) : null,
  };
}

export function LoginModal() {
  const root = useRootData();
  const user = root?.user ?? null;
  const authForm = root?.authForm ?? null;
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  const currentPath = location.pathname + location.search;
  const params = new URLSearchParams(location.search);
  const urlView = viewOf(params.get(LOGIN_PARAM));
  const urlRedirect = safePath(params.get(REDIRECT_PARAM));

  const [state, setState] = useState<ModalState>(() => ({
    open: urlView !== null && !user,
    view: urlView ?? "signin",
    redirectTo: urlRedirect,
    generation: 0,
    showFlash: true,
  }));

  // Latest values for timers that fire after a navigation or a revalidation.
  const pathRef = useRef(currentPath);
  pathRef.current = currentPath;
  const finishing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL opens the modal (links such as the shell's Login work with and without JavaScript).
  const signedIn = user !== null;
  useEffect(() => {
    if (urlView === null || signedIn) return;
    setState((previous) => ({
      open: true,
      view: urlView,
      redirectTo: urlRedirect,
      generation: previous.open && previous.view === urlView ? previous.generation : previous.generation + 1,
      showFlash: true,
    }));
  }, [urlView, urlRedirect, signedIn]);

  // The global 'show login' event.
  useLoginRequests((request) => {
    if (finishing.current) return;
    setState((previous) => ({
      open: true,
      view: request.mode ?? "signin",
      redirectTo: safePath(request.redirectTo) ?? null,
      generation: previous.generation + 1,
      showFlash: false,
    }));
  });

  const close = useCallback(() => {
    clearTimeout(timer.current);
    finishing.current = false;
    setState((previous) => ({ ...previous, open: false, showFlash: false }));
    const here = pathRef.current;
    const clean = withoutLoginParams(here);
    if (clean !== here) navigate(clean, { replace: true, preventScrollReset: true });
  }, [navigate]);

  // Whether it is open when the session changes (its opening alone does not close it).
  const openNow = useRef(state.open);
  openNow.current = state.open;
  // Closes by itself once the session is authenticated (signed in here, in another tab, ...).
  useEffect(() => {
    if (signedIn && openNow.current && !finishing.current) close();
  }, [signedIn, close]);

  // The locally stored session user follows the server's answer.
  useEffect(() => {
    if (!user) {
      if (!finishing.current) clearSessionUser();
    } else if (readSessionUser()?.id !== user.id) {
      storeSessionUser(user);
    }
  }, [user]);

  const show = useCallback((view: LoginView) => {
    setState((previous) => ({ ...previous, view, generation: previous.generation + 1, showFlash: false }));
  }, []);

  /** The account has two-factor on: close and go to the challenge page. */
  const goToTwoFactor = useCallback(
    (target: string) => {
      clearTimeout(timer.current);
      finishing.current = false;
      setState((previous) => ({ ...previous, open: false, showFlash: false }));
      navigate(target);
    },
    [navigate],
  );

  /** After a successful sign-in or sign-up: wait, close, then go where the opener asked. */
  const finish = useCallback(
    (outcome: AuthOutcome) => {
      finishing.current = true;
      storeSessionUser(outcome.user, outcome.loginTime);
      revalidator.revalidate();
      const delay = outcome.kind === "signin" ? LOGIN_MODAL_CLOSE_AFTER_SIGN_IN : LOGIN_MODAL_CLOSE_AFTER_SIGN_UP;
      // A new member starts with the welcome steps (their first car first), which end where the opener asked.
      const target = outcome.kind === "signup" && outcome.autoLogin ? welcomeHref("car", state.redirectTo) : state.redirectTo;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        finishing.current = false;
        setState((previous) => ({ ...previous, open: false, showFlash: false }));
        const here = pathRef.current;
        const destination = target ?? withoutLoginParams(here);
        if (destination !== here) navigate(destination, { replace: withoutLoginParams(here) !== here });
      }, delay);
    },
    [navigate, revalidator, state.redirectTo],
  );

  const { open, view } = state;
  // Mounted at the first opening and kept, so that closing animates and returns focus.
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  if (!open && !opened) return null;

  const dialog: LoginDialogState = {
    open,
    view,
    generation: state.generation,
    redirectTo: state.redirectTo ?? returnPathOf(currentPath),
    // A failed plain form post comes back with the error and what was typed (never the password).
    flash: state.showFlash && authForm && flashIsFor(authForm, view) ? authForm : null,
    resetStatus: state.showFlash && view === "reset" ? params.get(RESET_STATUS_PARAM) : null,
    links: linksFor(currentPath, state.redirectTo, Boolean(root?.googleEnabled)),
  };
  const actions: LoginDialogActions = { close, show, finish, goToTwoFactor };
  return <LoginDialog state={dialog} actions={actions} />;
}
