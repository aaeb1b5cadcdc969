// Sign-in with a one-time code: first the address (POST /api/auth/code), then the 6-digit
// code from the email (POST /api/auth/code/verify). Plain forms without JavaScript; the
// server then comes back to this mode with the step, the address and any error flashed.
// Once hydrated, fetchers send the same fields to the same actions.
import { useRef, useState } from "react";
import { MESSAGES } from "~/lib/schemas/auth-schemas";
import { LOGIN_CODE_MESSAGES } from "~/lib/rules/login-code-messages";
import { useAuthFetcher } from "./auth-answer";
import { errorOr } from "~/lib/client/fetcher-answer";
import { AuthForm, Messages, Submit, ViewLink } from "./form-parts";
import { isPlainClick } from "~/lib/client/link-clicks";
import { useLoginDialog } from "./login-state";
import { useSignIn } from "./use-sign-in";
import { apiPaths } from "~/lib/paths";
import "~/components/auth-status/security.css";

const REQUEST_ACTION = apiPaths.code;
const VERIFY_ACTION = apiPaths.codeVerify;
const PHONE_PATTERN = /^\+?[\d\s().-]{6,}$/;

type Shown = { error?: string; success?: string };

/** The two steps, the address the code went to, and the messages both steps share. */
function useCodeSignIn() {
  const { state } = useLoginDialog();
  const flash = state.flash;
  const flashedEmail = flash?.values.email ?? "";
  const [step, setStep] = useState<"request" | "verify">(flash?.values.step === "verify" && flashedEmail ? "verify" : "request");
  const [email, setEmail] = useState(flashedEmail);
  const [shown, setShown] = useState<Shown>({
    error: flash?.error || undefined,
    success: flash?.values.notice === "sent" ? LOGIN_CODE_MESSAGES.sent : undefined,
  });
  const sentTo = useRef("");

  const requester = useAuthFetcher(REQUEST_ACTION, (answer) => {
    if (answer.success !== true) return setShown({ error: errorOr(answer, MESSAGES.loginFailed) });
    setEmail(sentTo.current.toLowerCase());
    setStep("verify");
    setShown({ success: typeof answer.message === "string" ? answer.message : LOGIN_CODE_MESSAGES.sent });
  });
  const signIn = useSignIn(VERIFY_ACTION, null, (error) => setShown((previous) => ({ ...previous, error })));
  const pending = requester.pending || signIn.pending;

  const sendCode = (entry: string) => {
    if (pending) return;
    if (!entry) return setShown({ error: LOGIN_CODE_MESSAGES.entryRequired });
    setShown({});
    sentTo.current = entry;
    const isPhone = !entry.includes("@") && PHONE_PATTERN.test(entry);
    requester.submit(isPhone ? { phone: entry } : { email: entry });
  };

  const verify = (code: string) => {
    if (pending || signIn.done) return;
    setShown((previous) => ({ ...previous, error: code ? undefined : LOGIN_CODE_MESSAGES.codeRequired }));
    if (code) signIn.submit({ email, code });
  };

  const startOver = () => {
    setStep("request");
    setShown({});
  };

  const messages = { error: shown.error ?? null, success: signIn.success ?? shown.success ?? null };
  return { step, email, messages, pending, requesting: requester.pending, signIn, sendCode, verify, startOver };
}

type CodeSignIn = ReturnType<typeof useCodeSignIn>;

export function CodeForm() {
  const code = useCodeSignIn();
  return code.step === "request" ? <RequestStep code={code} /> : <VerifyStep code={code} />;
}

function BackToSignIn() {
  return (
    <p className="auth-switch">
      <ViewLink to="signin">Back to Sign In</ViewLink>
    </p>
  );
}

function RequestStep({ code }: { code: CodeSignIn }) {
  return (
    <AuthForm action={REQUEST_ACTION} id="auth-code-request" onFields={(fields) => code.sendCode(String(fields.get("email") ?? "").trim())}>
      <Messages error={code.messages.error} success={code.messages.success} />
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
          defaultValue={code.email}
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the step's one field takes focus when the step appears
          autoFocus
        />
      </div>
      <Submit pending={code.requesting} label="Email me a code" />
      <BackToSignIn />
    </AuthForm>
  );
}

function VerifyStep({ code }: { code: CodeSignIn }) {
  const { state } = useLoginDialog();
  return (
    <div className="auth-form">
      <AuthForm action={VERIFY_ACTION} id="auth-code-verify" onFields={(fields) => code.verify(String(fields.get("code") ?? "").replace(/\s/g, ""))}>
        <input type="hidden" name="email" value={code.email} />
        <Messages error={code.messages.error} success={code.messages.success} />
        <p className="security-hint">
          Code sent to <strong>{code.email}</strong>.
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
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the step's one field takes focus when the step appears
            autoFocus
          />
        </div>
        <Submit pending={code.signIn.pending} done={code.signIn.done} label="Sign In" />
      </AuthForm>
      <form
        method="post"
        action={REQUEST_ACTION}
        className="auth-code-actions"
        onSubmit={(event) => {
          event.preventDefault();
          code.sendCode(code.email);
        }}
      >
        <input type="hidden" name="redirectTo" value={state.redirectTo} />
        <input type="hidden" name="email" value={code.email} />
        {/* This view again, at its first step (a plain link without JavaScript). */}
        <a
          href={state.links.code}
          className="auth-link"
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            code.startOver();
          }}
        >
          Use another email
        </a>
        <button type="submit" className="security-text-button">
          Send a new code
        </button>
      </form>
      <BackToSignIn />
    </div>
  );
}
