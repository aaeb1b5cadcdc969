// The three forms of the login modal. Each is a real form posting to the auth API (so it
// works before hydration and without JavaScript); once hydrated, submits are intercepted,
// validated with the shared zod schemas (conform shows errors per field) and sent as JSON.
import { useEffect, useState } from "react";
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Loader2 } from "lucide-react";
import { toast } from "sonner";
import { MESSAGES, resetCooldownLeft, resetCooldownMessage, signInSchema, signUpFormSchema } from "~/lib/auth-schemas";
import type { LoginMode } from "~/lib/login-events";
import { readResetRequestedAt, rememberResetRequest } from "./reset-cooldown";

export type AuthOutcome = {
  kind: "signin" | "signup";
  user: { id: number; email: string; username: string };
  loginTime?: string;
  autoLogin?: boolean;
};

/** What a failed plain form post flashed back (root loader's authForm). */
export type AuthFlash = { mode: string; error: string; values: Record<string, string> } | null;

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

/** The server's error text, or the spec's fallback when it gave none. */
function errorOf(data: Record<string, unknown> | null, fallback: string): string {
  const error = data?.error;
  return typeof error === "string" && error.trim() ? error : fallback;
}

function userOf(data: Record<string, unknown> | null): AuthOutcome["user"] | null {
  const user = data?.user as Partial<AuthOutcome["user"]> | undefined;
  if (!user || typeof user.id !== "number" || typeof user.email !== "string" || typeof user.username !== "string") return null;
  return { id: user.id, email: user.email, username: user.username };
}

function loginTimeOf(data: Record<string, unknown> | null): string | undefined {
  const session = data?.session as { loginTime?: unknown } | undefined;
  return typeof session?.loginTime === "string" ? session.loginTime : undefined;
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
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

/** A link that switches mode in place, and works as a plain link without JavaScript. */
function ModeLink({
  href,
  mode,
  onSwitch,
  className = "auth-link",
  children,
}: {
  href: string;
  mode: LoginMode;
  onSwitch: (mode: LoginMode) => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        onSwitch(mode);
      }}
    >
      {children}
    </a>
  );
}

// ------------------------------------------------------------------ Sign In

export function SignInForm({
  returnTo,
  flash,
  onSuccess,
  forgotHref,
  signUpHref,
  onSwitch,
}: {
  returnTo: string;
  flash: AuthFlash;
  onSuccess: (outcome: AuthOutcome) => void;
  forgotHref: string;
  signUpHref: string;
  onSwitch: (mode: LoginMode) => void;
}) {
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
        const user = userOf(answer.data);
        if (!answer.ok || !user) {
          setError(errorOf(answer.data, MESSAGES.loginFailed));
          setStatus("idle");
          return;
        }
        setStatus("success");
        setSuccess(MESSAGES.loginSuccess);
        toast.success(MESSAGES.loginToast);
        onSuccess({ kind: "signin", user, loginTime: loginTimeOf(answer.data) });
      } catch {
        setError(MESSAGES.loginFailed);
        setStatus("idle");
      }
    },
  });

  return (
    <form method="post" action="/api/auth/login" className="auth-form" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      <Messages error={error} success={success} />
      <Field meta={fields.email} label="Email or username" type="text" autoComplete="username" autoFocus />
      <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      <div className="auth-row auth-row--end">
        <ModeLink href={forgotHref} mode="reset" onSwitch={onSwitch}>
          Forgot Password?
        </ModeLink>
      </div>
      <Submit status={status} label="Sign In" />
      <p className="auth-switch">
        Don't have an account?{" "}
        <ModeLink href={signUpHref} mode="signup" onSwitch={onSwitch}>
          Sign Up
        </ModeLink>
      </p>
    </form>
  );
}

// ------------------------------------------------------------------ Sign Up

export function SignUpForm({
  returnTo,
  flash,
  onSuccess,
  signInHref,
  onSwitch,
}: {
  returnTo: string;
  flash: AuthFlash;
  onSuccess: (outcome: AuthOutcome) => void;
  signInHref: string;
  onSwitch: (mode: LoginMode) => void;
}) {
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
        onSuccess({ kind: "signup", user, loginTime: loginTimeOf(answer.data), autoLogin: answer.data?.autoLogin === true });
      } catch {
        setError(MESSAGES.registrationUnexpected);
        setStatus("idle");
      }
    },
  });

  return (
    <form method="post" action="/api/auth/register" className="auth-form" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      <Messages error={error} success={success} />
      <Field meta={fields.username} label="Username" type="text" autoComplete="username" autoFocus />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" />
      <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" />
      <Field meta={fields.confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
      <Submit status={status} label="Sign Up" />
      <p className="auth-switch">
        Already have an account?{" "}
        <ModeLink href={signInHref} mode="signin" onSwitch={onSwitch}>
          Sign In
        </ModeLink>
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

export function ResetForm({
  returnTo,
  status: flashedStatus,
  signInHref,
  onSwitch,
}: {
  returnTo: string;
  /** The outcome of a plain form post (`resetStatus` in the URL). */
  status: string | null;
  signInHref: string;
  onSwitch: (mode: LoginMode) => void;
}) {
  const hydrated = useHydrated();
  const flashed = flashedStatus ? RESET_STATUS_MESSAGES[flashedStatus] : undefined;
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
      <input type="hidden" name="redirectTo" value={returnTo} />
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
        <ModeLink href={signInHref} mode="signin" onSwitch={onSwitch}>
          Back to Sign In
        </ModeLink>
      </p>
    </form>
  );
}
