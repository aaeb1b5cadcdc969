// /two-factor: the second step of signing in to an account with two-factor on. Reached
// after a password, one-time code or Google sign-in whose session is still pending. Takes
// a 6-digit code from the authenticator app or a recovery code; works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ShieldCheck } from "~/components/icons";
import { completeTwoFactor, getPendingTwoFactor, getUser } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { twoFactorCodeSchema } from "~/lib/schemas/auth-schemas";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { readBody, safeRedirect } from "~/lib/server/http.server";
import { loginHref } from "~/lib/rules/login-links";
import { checkAccount, limitWrite, tooManyMessage } from "~/models/rate-limit.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { TWO_FACTOR_MESSAGES, verifySecondFactor } from "~/models/two-factor.server";
import { Messages, Submit } from "~/components/auth/form-parts";
import "~/components/auth/auth.css";
import "~/components/auth-status/security.css";

export const meta: MetaFunction = () => [{ title: `Two-factor authentication · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

function redirectToOf(request: Request): string {
  return safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = redirectToOf(request);
  const pending = await getPendingTwoFactor(request);
  if (!pending) {
    if (await getUser(request)) throw redirect(redirectTo);
    throw redirect(loginHref("/", "signin", redirectTo === "/" ? undefined : redirectTo));
  }
  return data({ username: pending.user.username }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const redirectTo = redirectToOf(request);
    await limitWrite(request, "signIn");
    const body = await readBody(request);
    const pending = await getPendingTwoFactor(request);
    if (!pending) {
      const cookie = await flashCookie(request, { authForm: { mode: "signin", error: TWO_FACTOR_MESSAGES.challengeExpired, values: {} } });
      throw redirect(loginHref("/", "signin", redirectTo === "/" ? undefined : redirectTo), { headers: { "Set-Cookie": cookie } });
    }
    const limited = await checkAccount("twoFactor", pending.user.id);
    if (!limited.ok) {
      return data({ error: tooManyMessage(limited.retryAfter) }, { status: 429, headers: { "Retry-After": String(limited.retryAfter) } });
    }
    const { code } = twoFactorCodeSchema.parse(body.fields);
    const refused = await answerUserErrors(
      async () => {
        await verifySecondFactor(pending.user.id, code);
        return null;
      },
      (error) => data({ error: error.message }, { status: error.status }),
    );
    if (refused) return refused;
    const headers = new Headers();
    for (const cookie of await completeTwoFactor(pending, request)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await flashCookie(request, { toast: { type: "success", message: TWO_FACTOR_MESSAGES.passed } }));
    return redirect(redirectTo, { status: 303, headers });
  });
}

export default function TwoFactorPage() {
  const { username } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const error = actionData && "error" in actionData ? actionData.error : null;

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="two-factor-title">
        <div className="auth-card__icon" aria-hidden>
          <ShieldCheck size={26} />
        </div>
        <h1 id="two-factor-title" className="auth-modal__title">
          Two-factor authentication
        </h1>
        <p className="auth-modal__description">
          Signing in as <strong>@{username}</strong>. Enter the 6-digit code from your authenticator app.
        </p>
        <Form method="post" className="auth-form" replace>
          <Messages error={error} success={null} />
          <div className="field auth-field">
            <label className="label" htmlFor="two-factor-code">
              Authentication code
            </label>
            <input
              id="two-factor-code"
              name="code"
              className="input auth-input security-code-input"
              inputMode="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={32}
              required
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the page's one field takes focus
              autoFocus
              placeholder="123456"
              aria-describedby="two-factor-hint"
            />
            <p id="two-factor-hint" className="security-hint">
              Lost your phone? Enter one of your recovery codes (like <code>abcde-fghjk</code>) instead.
            </p>
          </div>
          <Submit pending={busy} label="Verify" />
        </Form>
        <Form method="post" action="/logout" className="auth-switch">
          <button type="submit" className="security-text-button">
            Cancel and sign out
          </button>
        </Form>
      </section>
    </div>
  );
}
