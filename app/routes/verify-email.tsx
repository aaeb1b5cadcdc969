// /verify-email?token=...: the page a verification email links to. Opening it changes
// nothing (mail scanners open links too); it shows whose address the link confirms and a
// button, a plain form that works without JavaScript. Used, expired and unknown links each
// say what happened and how to get a new one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Mail } from "~/components/icons";
import { APP_TITLE } from "~/lib/constants";
import { readBody } from "~/lib/server/http.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { limitWrite } from "~/models/rate-limit.server";
import { VERIFY_MESSAGES } from "~/lib/rules/email-verification";
import { inspectVerificationToken, tokenStateMessage, verifyEmailSchema, verifyEmailWithToken, type TokenState } from "~/models/email-verification.server";
import { welcomeHref } from "~/lib/rules/onboarding";
import { hasCar } from "~/models/car-photo.server";
import { Submit } from "~/components/auth/form-parts";
import "~/components/auth/auth.css";

export const meta: MetaFunction = () => [{ title: `Confirm your email · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

// The token is a credential: keep the page out of caches.
const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const view = await inspectVerificationToken(token);
  return data({ ...view, token: view.state === "valid" ? token : null, message: view.state === "valid" ? null : tokenStateMessage(view.state) }, { headers: NO_STORE });
}

type ActionData = { ok: true; message: string; next: string } | { ok: false; error: string };

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    await limitWrite(request, "signIn");
    const body = await readBody(request);
    const parsed = verifyEmailSchema.safeParse(body.fields);
    if (!parsed.success) return data<ActionData>({ ok: false, error: VERIFY_MESSAGES.invalid }, { status: 400, headers: NO_STORE });
    return answerUserErrors(
      async () => {
        const { userId } = await verifyEmailWithToken(parsed.data.token);
        // A member with no car yet goes on with the welcome steps.
        const next = (await hasCar(userId)) ? "/profile" : welcomeHref("car");
        return data<ActionData>({ ok: true, message: VERIFY_MESSAGES.verified, next }, { headers: NO_STORE });
      },
      (error) => data<ActionData>({ ok: false, error: error.message }, { status: error.status, headers: NO_STORE }),
    );
  });
}

const HEADINGS: Record<TokenState, string> = {
  valid: "Confirm your email address",
  used: "Link already used",
  expired: "Link expired",
  invalid: "Link not valid",
};

export default function VerifyEmailPage() {
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";

  let content;
  if (result?.ok) {
    content = (
      <>
        <h1 id="verify-title" className="auth-modal__title">
          Email address verified
        </h1>
        <p className="auth-alert auth-alert--success" role="status" data-testid="verify-message">
          {result.message}
        </p>
        <Link to={result.next} className="btn btn--primary btn--block auth-submit">
          {result.next === "/profile" ? "Go to your profile" : "Add your first car"}
        </Link>
      </>
    );
  } else if (view.state === "valid" && !result) {
    content = (
      <>
        <h1 id="verify-title" className="auth-modal__title">
          {HEADINGS.valid}
        </h1>
        <p className="auth-modal__description">
          Confirm that <strong>{view.email}</strong> is the email address of <strong>@{view.username}</strong>. If you did not sign up, close this page: nothing is
          confirmed without the button.
        </p>
        <Form method="post" replace className="auth-form">
          <input type="hidden" name="token" value={view.token ?? ""} />
          <Submit pending={busy} label="Confirm my email address" />
        </Form>
      </>
    );
  } else {
    const message = result && !result.ok ? result.error : view.message;
    content = (
      <>
        <h1 id="verify-title" className="auth-modal__title">
          {result && !result.ok ? "Not verified" : HEADINGS[view.state]}
        </h1>
        <p className="auth-alert auth-alert--error" role="alert" data-testid="verify-message">
          {message}
        </p>
        {view.state === "used" && view.verified ? <p className="auth-modal__description">{VERIFY_MESSAGES.verified}</p> : null}
        <Link to="/profile" className="btn btn--primary btn--block auth-submit">
          Go to your profile
        </Link>
      </>
    );
  }

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="verify-title">
        <div className="auth-card__icon" aria-hidden>
          <Mail size={26} />
        </div>
        {content}
      </section>
    </div>
  );
}
