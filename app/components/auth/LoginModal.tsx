// The login modal (SPEC §2, §4, §5): Sign In, Sign Up and Reset Password. Mounted once in
// the app shell. It opens on the global 'show login' event (requestLogin) and, so that it
// works without JavaScript, whenever the URL carries `?login` (`?login=signup`,
// `?login=reset`, optionally `redirectTo=`). Its forms are real posts to the auth API with a
// hidden redirectTo; with JavaScript they are sent with fetch and the JSON answers handled here.
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { toast } from "sonner";
import type { RootData } from "~/root";
import { LOGIN_MODAL_CLOSE_AFTER_SIGN_IN, LOGIN_MODAL_CLOSE_AFTER_SIGN_UP } from "~/lib/constants";
import {
  LOGIN_PARAM,
  REDIRECT_PARAM,
  RESET_STATUS_PARAM,
  loginHref,
  parseLoginMode,
  returnPathOf,
  safePath,
  useLoginRequests,
  withoutLoginParams,
  type LoginMode,
} from "~/lib/login-events";
import { clearSessionUser, readSessionUser, storeSessionUser } from "~/lib/session-user";
import { lazyComponent } from "~/lib/lazy-component";
import type { AuthOutcome } from "./AuthForms";
import type { SignInMethod } from "./LoginDialog";
import { LoginDialog as ServerLoginDialog } from "./dialog.server";
import "./auth.css";

// The dialog and its forms download when the modal first opens (most visits never open
// it); the server renders it directly for `?login` pages.
const LoginDialog = lazyComponent(() => import("./LoginDialog").then((module) => module.LoginDialog), ServerLoginDialog);

type ModalState = {
  open: boolean;
  mode: LoginMode;
  /** Where to go after signing in, when the opener named a page. */
  redirectTo: string | null;
  /** Changes on every opening and mode switch, so the forms start empty. */
  generation: number;
  /** Whether a flashed no-JS result (error, refilled values, reset status) may still show. */
  showFlash: boolean;
  /** Sign In with a password, or with a code by email ("Email me a code", `?login=code`). */
  method: SignInMethod;
};


/** `?login=code` opens Sign In in its code mode (the other modes parse as usual). */
function methodOf(loginParam: string | null): SignInMethod {
  return loginParam === "code" ? "code" : "password";
}

export function LoginModal() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const user = root?.user ?? null;
  const authForm = root?.authForm ?? null;
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  const currentPath = location.pathname + location.search;
  const params = new URLSearchParams(location.search);
  const urlMode = parseLoginMode(params.get(LOGIN_PARAM));
  const urlRedirect = safePath(params.get(REDIRECT_PARAM));
  const urlMethod = methodOf(params.get(LOGIN_PARAM));

  const [state, setState] = useState<ModalState>(() => ({
    open: urlMode !== null && !user,
    mode: urlMode ?? "signin",
    redirectTo: urlRedirect,
    generation: 0,
    showFlash: true,
    method: urlMethod,
  }));

  // Latest values for timers that fire after a navigation or a revalidation.
  const pathRef = useRef(currentPath);
  pathRef.current = currentPath;
  const finishing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL opens the modal (links such as the shell's Login work with and without JavaScript).
  useEffect(() => {
    if (urlMode === null || user) return;
    setState((previous) => ({
      open: true,
      mode: urlMode,
      redirectTo: urlRedirect,
      generation:
        previous.open && previous.mode === urlMode && previous.method === urlMethod ? previous.generation : previous.generation + 1,
      showFlash: true,
      method: urlMethod,
    }));
    // Only a new URL should reopen it, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  // The global 'show login' event.
  useLoginRequests((request) => {
    if (finishing.current) return;
    setState((previous) => ({
      open: true,
      mode: request.mode ?? "signin",
      redirectTo: safePath(request.redirectTo) ?? null,
      generation: previous.generation + 1,
      showFlash: false,
      method: "password",
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

  // Closes by itself once the session is authenticated (signed in here, in another tab, ...).
  useEffect(() => {
    if (user && state.open && !finishing.current) close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);

  // The locally stored session user follows the server's answer.
  useEffect(() => {
    if (!user) {
      if (!finishing.current) clearSessionUser();
    } else if (readSessionUser()?.id !== user.id) {
      storeSessionUser(user);
    }
  }, [user]);

  const switchMode = useCallback((mode: LoginMode) => {
    setState((previous) => ({ ...previous, mode, generation: previous.generation + 1, showFlash: false, method: "password" }));
  }, []);

  const switchMethod = useCallback((method: SignInMethod) => {
    setState((previous) => ({ ...previous, mode: "signin", method, generation: previous.generation + 1, showFlash: false }));
  }, []);

  /** The account has two-factor on: close and go to the challenge page. */
  const toTwoFactor = useCallback(
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
      const target = state.redirectTo ?? (outcome.kind === "signup" && outcome.autoLogin ? "/" : null);
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

  const open = state.open;
  const mode = state.mode;
  const returnTo = state.redirectTo ?? returnPathOf(currentPath);
  const closeHref = withoutLoginParams(currentPath);
  const hrefFor = (target: LoginMode) => loginHref(currentPath, target, state.redirectTo ?? undefined);

  // A failed plain form post comes back with the error and what was typed (never the password).
  const codeMode = mode === "signin" && state.method === "code";
  const flashIsCode = authForm?.values?.method === "code";
  const flash = state.showFlash && authForm && authForm.mode === mode && flashIsCode === codeMode ? authForm : null;
  const googleHref = root?.googleEnabled ? `/api/auth/google?${new URLSearchParams({ redirectTo: returnTo })}` : null;
  const resetStatus = state.showFlash && mode === "reset" ? params.get(RESET_STATUS_PARAM) : null;

  // Mounted at the first opening and kept, so that closing animates and returns focus.
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  if (!open && !opened) return null;

  return (
    <LoginDialog
      open={open}
      mode={mode}
      codeMode={codeMode}
      generation={state.generation}
      returnTo={returnTo}
      closeHref={closeHref}
      hrefFor={hrefFor}
      flash={flash}
      googleHref={googleHref}
      resetStatus={resetStatus}
      onClose={close}
      onSuccess={finish}
      onTwoFactor={toTwoFactor}
      onSwitchMode={switchMode}
      onSwitchMethod={switchMethod}
    />
  );
}
