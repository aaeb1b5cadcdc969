// The forms of the login modal. Each is a real form posting to the auth API (so it works
// before hydration and without JavaScript); once hydrated, submits are intercepted,
// validated with the shared zod schemas (conform shows errors per field) and sent as JSON.
// They take no props: the dialog's state and actions come from useLoginDialog().
import { useEffect, useState } from "react";
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Loader2, Mail } from "~/components/icons";
import { toast } from "sonner";
import { useHydrated } from "remix-utils/use-hydrated";
import { MESSAGES, resetCooldownLeft, resetCooldownMessage, signInSchema, signUpFormSchema } from "~/lib/auth-schemas";
import { readResetRequestedAt, rememberResetRequest } from "./reset-cooldown";
import { useLoginDialog, type AuthOutcome, type LoginView } from "./login-state";
import { LOGIN_CODE_MESSAGES } from "~/components/auth-status/auth-messages";
import "~/components/auth-status/security.css";

type Status = "idle" | "submitting" | "success";

type JsonAnswer = { ok: boolean; status: number; data: Record<string, unknown> | null };

async function postJson(url: string, body: Record<string, unknown>): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  let data: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === "object") data = parsed as Record<string, unknown>;
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}

/** The server's error text, or the fixed fallback message when it gave none. */
function errorOf(data: Record<string, unknown> | null, fallback: string): string {
  const error = data?.error;
  return typeof error === "string" && error.trim() ? error : fallback;
}

function userOf(data: Record<string, unknown> | null): AuthOutcome["user"] | null {
  const user = data?.user as Partial<AuthOutcome["user"]> | undefined;
  if (!user || typeof user.id !== "number" || typeof user.email !== "string" || typeof user.username !== "string") return null;
  return { id: user.id, email: user.email, username: user.username };
}

/** Where to go when the sign-in answered `{ twoFactorRequired: true, redirectTo }`, else null. */
function twoFactorTargetOf(data: Record<string, unknown> | null): string | null {
  if (data?.twoFactorRequired !== true) return null;
  const target = data.redirectTo;
  return typeof target === "string" && target.startsWith("/") && !target.startsWith("//") ? target : "/two-factor";
}

function loginTimeOf(data: Record<string, unknown> | null): string | undefined {
  const session = data?.session as { loginTime?: unknown } | undefined;
  return typeof session?.loginTime === "string" ? session.loginTime : undefined;
}

// ------------------------------------------------------------------ pieces

function Messages({ error, success }: { error: string | null; success: string | null }) {
  return (
    <div className="auth-messages" aria-live="polite">
      {error ? (
        <p className="auth-alert auth-alert--error" role="alert" data-testid="auth-error">
          {error}
        </p>
      ) : null}
      {success ? (
        <p className="auth-alert auth-alert--success" role="status" data-testid="auth-success">
          {success}
        </p>
      ) : null}
    </div>
  );
}

function Field({
  meta,
  label,
  type,
  autoComplete,
  autoFocus,
  inputMode,
}: {
  meta: FieldMetadata<string>;
  label: string;
  type: "text" | "email" | "password";
  autoComplete: string;
  autoFocus?: boolean;
  inputMode?: "email" | "text";
}) {
  const { key, ...inputProps } = getInputProps(meta, { type });
  const error = meta.errors?.[0];
  return (
    <div className="field auth-field">
      <label className="label" htmlFor={meta.id}>
        {label}
      </label>
      <input
        key={key}
        {...inputProps}
        className="input auth-input"
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        autoFocus={autoFocus}
        inputMode={inputMode}
      />
      {error ? (
        <p id={meta.errorId} className="auth-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Submit({ status, label }: { status: Status; label: string }) {
  const busy = status === "submitting";
  return (
    <button type="submit" className="btn btn--primary btn--block auth-submit" disabled={status !== "idle"} aria-busy={busy}>
      {busy ? (
        <>
          <Loader2 className="auth-spin" aria-hidden size={18} />
          Loading...
        </>
      ) : (
        label
      )}
    </button>
  );
}

/** A link that switches view in place, and works as a plain link without JavaScript. */
function ViewLink({ to, className = "auth-link", children }: { to: LoginView; className?: string; children: React.ReactNode }) {
  const { state, actions } = useLoginDialog();
  return (
    <a
      href={state.links[to]}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        actions.show(to);
      }}
    >
      {children}
    </a>
  );
}

// ------------------------------------------------------------------ Sign In

export function SignInForm() {
  const { state, actions } = useLoginDialog();
  const flash = state.flash;
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | null>(flash?.error ?? null);
  const [success, setSuccess] = useState<string | null>(null);

  const [form, fields] = useForm({
    id: "auth-signin",
    defaultValue: { email: flash?.values.email ?? "" },
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    async onSubmit(event, { formData }) {
      event.preventDefault();
      if (status !== "idle") return;
      setError(null);
      setStatus("submitting");
      try {
        const answer = await postJson("/api/auth/login", {
          email: String(formData.get("email") ?? "").trim(),
          password: String(formData.get("password") ?? ""),
        });
        const twoFactor = answer.ok ? twoFactorTargetOf(answer.data) : null;
        if (twoFactor) {
          setStatus("success");
          actions.goToTwoFactor(twoFactor);
          return;
        }
        const user = userOf(answer.data);
        if (!answer.ok || !user) {
          setError(errorOf(answer.data, MESSAGES.loginFailed));
          setStatus("idle");
          return;
        }
        setStatus("success");
        setSuccess(MESSAGES.loginSuccess);
        toast.success(MESSAGES.loginToast);
        actions.finish({ kind: "signin", user, loginTime: loginTimeOf(answer.data) });
      } catch {
        setError(MESSAGES.loginFailed);
        setStatus("idle");
      }
    },
  });

  return (
    <form method="post" action="/api/auth/login" className="auth-form" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={state.redirectTo} />
      <Messages error={error} success={success} />
      <Field meta={fields.email} label="Email or username" type="text" autoComplete="username" autoFocus />
      <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      <div className="auth-row auth-row--end">
        <ViewLink to="reset">Forgot Password?</ViewLink>
      </div>
      <Submit status={status} label="Sign In" />
      <AlternativeSignIns />
      <p className="auth-switch">
        Don't have an account?{" "}
        <ViewLink to="signup">Sign Up</ViewLink>
      </p>
    </form>
  );
}

// ------------------------------------------------------------------ Sign Up

export function SignUpForm() {
  const { state, actions } = useLoginDialog();
  const flash = state.flash;
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | null>(flash?.error ?? null);
  const [success, setSuccess] = useState<string | null>(null);

  const [form, fields] = useForm({
    id: "auth-signup",
    defaultValue: { username: flash?.values.username ?? "", email: flash?.values.email ?? "" },
    constraint: getZodConstraint(signUpFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpFormSchema }),
    async onSubmit(event, context) {
      event.preventDefault();
      if (status !== "idle") return;
      const submission = context.submission;
      if (!submission || submission.status !== "success") return;
      setError(null);
      setStatus("submitting");
      try {
        // Username and email arrive lower-cased from the schema.
        const { username, email, password } = submission.value;
        const answer = await postJson("/api/auth/register", { username, email, password });
        const user = userOf(answer.data);
        if (!answer.ok || answer.data?.success === false || !user) {
          setError(errorOf(answer.data, MESSAGES.registrationFailed));
          setStatus("idle");
          return;
        }
        setStatus("success");
        const message = typeof answer.data?.message === "string" ? answer.data.message : null;
        setSuccess(message);
        actions.finish({ kind: "signup", user, loginTime: loginTimeOf(answer.data), autoLogin: answer.data?.autoLogin === true });
      } catch {
        setError(MESSAGES.registrationUnexpected);
        setStatus("idle");
      }
    },
  });

  return (
    <form method="post" action="/api/auth/register" className="auth-form" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={state.redirectTo} />
      <Messages error={error} success={success} />
      <Field meta={fields.username} label="Username" type="text" autoComplete="username" autoFocus />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" />
      <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" />
      <Field meta={fields.confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
      <Submit status={status} label="Sign Up" />
      <p className="auth-switch">
        Already have an account?{" "}
        <ViewLink to="signin">Sign In</ViewLink>
      </p>
    </form>
  );
}

// ------------------------------------------------------------------ Reset Password

const RESET_STATUS_MESSAGES: Record<string, { error?: string; success?: string }> = {
  sent: { success: MESSAGES.resetSent },
  missing: { error: MESSAGES.resetEntryRequired },
  limited: { error: MESSAGES.resetTooMany },
};

export function ResetForm() {
  const { state } = useLoginDialog();
  const hydrated = useHydrated();
  // The outcome of a plain form post (`resetStatus` in the URL).
  const flashed = state.resetStatus ? RESET_STATUS_MESSAGES[state.resetStatus] : undefined;
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | null>(flashed?.error ?? null);
  const [success, setSuccess] = useState<string | null>(flashed?.success ?? null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "submitting") return;
    setError(null);
    setSuccess(null);
    const entry = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!entry) {
      setError(MESSAGES.resetEntryRequired);
      return;
    }
    const left = resetCooldownLeft(readResetRequestedAt());
    if (left > 0) {
      setError(resetCooldownMessage(left));
      return;
    }
    setStatus("submitting");
    try {
      const answer = await postJson("/api/auth/reset-password", { email: entry });
      if (answer.ok) {
        rememberResetRequest(Date.now());
        setSuccess(MESSAGES.resetSent);
      } else {
        setError(answer.status === 429 ? errorOf(answer.data, MESSAGES.resetFailed) : MESSAGES.resetFailed);
      }
    } catch {
      setError(MESSAGES.resetFailed);
    }
    setStatus("idle");
  }

  return (
    <form
      method="post"
      action="/api/auth/reset-password"
      className="auth-form"
      id="auth-reset"
      noValidate={hydrated}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="redirectTo" value={state.redirectTo} />
      <Messages error={error} success={success} />
      <div className="field auth-field">
        <label className="label" htmlFor="auth-reset-email">
          Email or username
        </label>
        <input
          id="auth-reset-email"
          name="email"
          type="text"
          className="input auth-input"
          required
          maxLength={254}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          autoFocus
        />
      </div>
      <Submit status={status} label="Send Reset Link" />
      <p className="auth-switch">
        <ViewLink to="signin">Back to Sign In</ViewLink>
      </p>
    </form>
  );
}

// ------------------------------------------------------------------ other ways to sign in

/** Google's "G", drawn as four arcs and a bar. */
function GoogleMark() {
  const arc = (color: string, offset: number, length: number) => (
    <circle
      cx="12"
      cy="12"
      r="8"
      fill="none"
      stroke={color}
      strokeWidth="4"
      strokeDasharray={`${length} 100`}
      strokeDashoffset={-offset}
      transform="rotate(-40 12 12)"
    />
  );
  return (
    <svg className="auth-google__mark" viewBox="0 0 24 24" aria-hidden focusable="false">
      {arc("#EA4335", 0, 12.6)}
      {arc("#FBBC05", 12.6, 9.5)}
      {arc("#34A853", 22.1, 12.6)}
      {arc("#4285F4", 34.7, 8.5)}
      <rect x="12" y="10" width="8" height="4" fill="#4285F4" />
    </svg>
  );
}

/** 'Sign in with Google' (when configured) and 'Email me a code', under the password form. */
function AlternativeSignIns() {
  const googleHref = useLoginDialog().state.links.google;
  return (
    <div className="auth-alt">
      <div className="auth-divider">or</div>
      {googleHref ? (
        // A plain link: a full page load to Google and back, with or without JavaScript.
        <a href={googleHref} className="auth-google" data-testid="google-signin">
          <GoogleMark />
          Sign in with Google
        </a>
      ) : null}
      <ViewLink to="code" className="btn btn--secondary btn--block auth-code-button">
        <Mail aria-hidden size={18} />
        Email me a code
      </ViewLink>
    </div>
  );
}

// ------------------------------------------------------------------ Email me a code

const PHONE_PATTERN = /^\+?[\d\s().-]{6,}$/;

/**
 * Sign-in with a one-time code: first the address (POST /api/auth/code), then the 6-digit
 * code from the email (POST /api/auth/code/verify). Plain forms without JavaScript; the
 * server then comes back to this mode with the step, the address and any error flashed.
 */
export function CodeForm() {
  const { state, actions } = useLoginDialog();
  const flash = state.flash;
  const hydrated = useHydrated();
  const flashedEmail = flash?.values.email ?? "";
  const [step, setStep] = useState<"request" | "verify">(flash?.values.step === "verify" && flashedEmail ? "verify" : "request");
  const [email, setEmail] = useState(flashedEmail);
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | null>(flash?.error || null);
  const [success, setSuccess] = useState<string | null>(flash?.values.notice === "sent" ? LOGIN_CODE_MESSAGES.sent : null);

  async function sendCode(entry: string) {
    setError(null);
    setSuccess(null);
    if (!entry) {
      setError(LOGIN_CODE_MESSAGES.entryRequired);
      return;
    }
    const isPhone = !entry.includes("@") && PHONE_PATTERN.test(entry);
    setStatus("submitting");
    try {
      const answer = await postJson("/api/auth/code", isPhone ? { phone: entry } : { email: entry });
      if (answer.ok) {
        setEmail(entry.toLowerCase());
        setStep("verify");
        setSuccess(typeof answer.data?.message === "string" ? answer.data.message : LOGIN_CODE_MESSAGES.sent);
      } else {
        setError(errorOf(answer.data, MESSAGES.loginFailed));
      }
    } catch {
      setError(MESSAGES.loginFailed);
    }
    setStatus("idle");
  }

  async function onRequest(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== "idle") return;
    await sendCode(String(new FormData(event.currentTarget).get("email") ?? "").trim());
  }

  async function onVerify(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== "idle") return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    setError(null);
    if (!code) {
      setError(LOGIN_CODE_MESSAGES.codeRequired);
      return;
    }
    setStatus("submitting");
    try {
      const answer = await postJson("/api/auth/code/verify", { email, code });
      const twoFactor = answer.ok ? twoFactorTargetOf(answer.data) : null;
      if (twoFactor) {
        setStatus("success");
        actions.goToTwoFactor(twoFactor);
        return;
      }
      const user = userOf(answer.data);
      if (!answer.ok || !user) {
        setError(errorOf(answer.data, MESSAGES.loginFailed));
        setStatus("idle");
        return;
      }
      setStatus("success");
      setSuccess(MESSAGES.loginSuccess);
      toast.success(MESSAGES.loginToast);
      actions.finish({ kind: "signin", user, loginTime: loginTimeOf(answer.data) });
    } catch {
      setError(MESSAGES.loginFailed);
      setStatus("idle");
    }
  }

  const back = (
    <p className="auth-switch">
      <ViewLink to="signin">Back to Sign In</ViewLink>
    </p>
  );

  if (step === "request") {
    return (
      <form method="post" action="/api/auth/code" className="auth-form" id="auth-code-request" noValidate={hydrated} onSubmit={onRequest}>
        <input type="hidden" name="redirectTo" value={state.redirectTo} />
        <Messages error={error} success={success} />
        <div className="field auth-field">
          <label className="label" htmlFor="auth-code-email">
            Email
          </label>
          <input
            id="auth-code-email"
            name="email"
            type="text"
            className="input auth-input"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={254}
            defaultValue={email}
            required
            autoFocus
          />
        </div>
        <Submit status={status} label="Email me a code" />
        {back}
      </form>
    );
  }

  return (
    <div className="auth-form">
      <form method="post" action="/api/auth/code/verify" className="auth-form" id="auth-code-verify" noValidate={hydrated} onSubmit={onVerify}>
        <input type="hidden" name="redirectTo" value={state.redirectTo} />
        <input type="hidden" name="email" value={email} />
        <Messages error={error} success={success} />
        <p className="security-hint">
          Code sent to <strong>{email}</strong>.
        </p>
        <div className="field auth-field">
          <label className="label" htmlFor="auth-code-code">
            6-digit code
          </label>
          <input
            id="auth-code-code"
            name="code"
            type="text"
            className="input auth-input security-code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            placeholder="123456"
            required
            autoFocus
          />
        </div>
        <Submit status={status} label="Sign In" />
      </form>
      <form
        method="post"
        action="/api/auth/code"
        className="auth-code-actions"
        onSubmit={(event) => {
          event.preventDefault();
          if (status === "idle") void sendCode(email);
        }}
      >
        <input type="hidden" name="redirectTo" value={state.redirectTo} />
        <input type="hidden" name="email" value={email} />
        {/* This view again, at its first step (a plain link without JavaScript). */}
        <a
          href={state.links.code}
          className="auth-link"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            setStep("request");
            setError(null);
            setSuccess(null);
          }}
        >
          Use another email
        </a>
        <button type="submit" className="security-text-button">
          Send a new code
        </button>
      </form>
      {back}
    </div>
  );
}
