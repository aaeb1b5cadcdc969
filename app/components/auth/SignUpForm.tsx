// Sign Up: username, email, password and its confirmation. A real form posting to
// /api/auth/register; once hydrated, conform checks it with the shared zod schema and a
// fetcher sends the three fields (username and email lower-cased by the schema) to the same action.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { MESSAGES, signUpFormSchema } from "~/lib/schemas/auth-schemas";
import { loginTimeOf, useAuthFetcher, userOf } from "./auth-answer";
import { UNREACHABLE, errorOf, errorOr } from "~/lib/client/fetcher-answer";
import { Field, Messages, Submit, ViewLink } from "./form-parts";
import { useLoginDialog } from "./login-state";
import { apiPaths } from "~/lib/paths";

const ACTION = apiPaths.register;

function useSignUp(flashedError: string | null) {
  const { actions } = useLoginDialog();
  const { submit, pending, data } = useAuthFetcher(ACTION, (answer) => {
    const user = userOf(answer);
    if (answer.success === false || !user) return;
    actions.finish({ kind: "signup", user, loginTime: loginTimeOf(answer), autoLogin: answer.autoLogin === true });
  });
  const done = data?.success !== false && Boolean(userOf(data));
  // No answer at all is unexpected; an answer without a text (a failed server included) is a failed registration.
  const failure = errorOf(data) === UNREACHABLE ? MESSAGES.registrationUnexpected : errorOr(data, MESSAGES.registrationFailed);
  const error = pending || done ? null : data ? failure : flashedError;
  const success = done && typeof data?.message === "string" ? data.message : null;
  return { submit, pending, done, error, success };
}

export function SignUpForm() {
  const { state } = useLoginDialog();
  const flash = state.flash;
  const signUp = useSignUp(flash?.error ?? null);

  const [form, fields] = useForm({
    id: "auth-signup",
    defaultValue: { username: flash?.values.username ?? "", email: flash?.values.email ?? "" },
    constraint: getZodConstraint(signUpFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpFormSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (signUp.pending || signUp.done || submission?.status !== "success") return;
      const { username, email, password } = submission.value;
      signUp.submit({ username, email, password });
    },
  });

  return (
    <form method="post" action={ACTION} className="auth-form" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={state.redirectTo} />
      <Messages error={signUp.error} success={signUp.success} />
      <Field meta={fields.username} label="Username" type="text" autoComplete="username" autoFocus />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" />
      <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" />
      <Field meta={fields.confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
      <Submit pending={signUp.pending} done={signUp.done} label="Sign Up" />
      <p className="auth-switch">
        Already have an account? <ViewLink to="signin">Sign In</ViewLink>
      </p>
    </form>
  );
}
