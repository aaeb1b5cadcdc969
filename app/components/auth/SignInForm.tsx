// Sign In with email (or username) and password. A real form posting to /api/auth/login
// (so it works before hydration and without JavaScript); once hydrated, conform checks the
// fields with the shared zod schema and a fetcher sends them to the same action.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { signInSchema } from "~/lib/schemas/auth-schemas";
import { AlternativeSignIns } from "./AlternativeSignIns";
import { Field, Messages, Submit, ViewLink } from "./form-parts";
import { useLoginDialog } from "./login-state";
import { useSignIn } from "./use-sign-in";
import { apiPaths } from "~/lib/paths";

const ACTION = apiPaths.login;

export function SignInForm() {
  const { state } = useLoginDialog();
  const flash = state.flash;
  const signIn = useSignIn(ACTION, flash?.error ?? null);

  const [form, fields] = useForm({
    id: "auth-signin",
    defaultValue: { email: flash?.values.email ?? "" },
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      if (signIn.pending || signIn.done) return;
      signIn.submit({ email: String(formData.get("email") ?? "").trim(), password: String(formData.get("password") ?? "") });
    },
  });

  return (
    <form method="post" action={ACTION} className="auth-form" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={state.redirectTo} />
      <Messages error={signIn.error} success={signIn.success} />
      <Field meta={fields.email} label="Email or username" type="text" autoComplete="username" autoFocus />
      <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      <div className="auth-row auth-row--end">
        <ViewLink to="reset">Forgot Password?</ViewLink>
      </div>
      <Submit pending={signIn.pending} done={signIn.done} label="Sign In" />
      <AlternativeSignIns />
      <p className="auth-switch">
        Don't have an account? <ViewLink to="signup">Sign Up</ViewLink>
      </p>
    </form>
  );
}
