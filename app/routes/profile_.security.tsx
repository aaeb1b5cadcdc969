// /profile/security (members only): two-factor sign-in with an authenticator app (set up
// after entering the password, with a key and an otpauth:// link; confirm with a code;
// recovery codes shown once; turn off with the password) and 'Sign out of other devices'.
// Deleting the account (with the password, a recent Google sign-in, and the app's code when
// two-factor is on) is the last section. Every form works without JavaScript. (File name with "_": the page is not nested inside /profile's layout.)
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { ChevronLeft, Laptop, Loader2, ShieldCheck, Trash2 } from "~/components/icons";
import QRCode from "qrcode";
import type { ReactNode } from "react";
import { endSession, getAuthState, requireUserPage } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { twoFactorCodeSchema, twoFactorDisableSchema, twoFactorEnrolSchema } from "~/lib/schemas/auth-schemas";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { readBody, text } from "~/lib/server/http.server";
import { checkAccount, limitWrite, tooManyMessage } from "~/models/rate-limit.server";
import { flashCookie, sessionIdOf } from "~/lib/server/cookies.server";
import { DELETE_CONFIRMATION, DELETION_TEXT, deleteAccountSchema } from "~/lib/rules/account-deletion";
import { deletionScheduledMessage, requestAccountDeletion } from "~/models/account-deletion.server";
import {
  TWO_FACTOR_MESSAGES,
  beginEnrolment,
  confirmEnrolment,
  countOtherSessions,
  deleteOtherSessions,
  disableTwoFactor,
  getTwoFactorStatus,
} from "~/models/two-factor.server";
import "~/components/auth/auth.css";
import "~/components/auth-status/security.css";

export const meta: MetaFunction = () => [{ title: `Security · ${APP_TITLE}` }];

const PATH = "/profile/security";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const sessionId = (await sessionIdOf(request)) ?? "";
  const [status, otherSessions] = await Promise.all([getTwoFactorStatus(user.id), countOtherSessions(user.id, sessionId)]);
  // The QR code is drawn on the server as an SVG image, so it shows without JavaScript.
  const qrCode = status.enrolment
    ? `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(status.enrolment.uri, { type: "svg", margin: 1 })).toString("base64")}`
    : null;
  return data({ status, otherSessions, qrCode }, { headers: { "Cache-Control": "no-store" } });
}

type ActionData = { intent: string; error?: string; message?: string; recoveryCodes?: string[]; confirm?: string };

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    await limitWrite(request, "account");
    const body = await readBody(request);
    const intent = text(body.fields, "intent");
    const toast = async (message: string) =>
      redirect(PATH, { status: 303, headers: { "Set-Cookie": await flashCookie(request, { toast: { type: "success", message } }) } });

    if (intent === "signout-others") {
      const count = await deleteOtherSessions(user.id, (await sessionIdOf(request)) ?? "");
      return toast(count === 1 ? "Signed out of 1 other device." : `Signed out of ${count} other devices.`);
    }

    // Every intent proves the password or a code, so every one counts against the account.
    const limited = await checkAccount("twoFactor", user.id);
    if (!limited.ok) return data<ActionData>({ intent, error: tooManyMessage(limited.retryAfter) }, { status: 429 });
    const change = async () => {
      if (intent === "enrol") {
        const parsed = twoFactorEnrolSchema.safeParse(body.fields);
        if (!parsed.success) return data<ActionData>({ intent, error: parsed.error.issues[0]!.message }, { status: 400 });
        const state = await getAuthState(request);
        await beginEnrolment(user.id, { password: parsed.data.password, signedInAt: state?.createdAt ?? new Date(0) });
        return redirect(PATH, 303);
      }
      if (intent === "confirm") {
        const { code } = twoFactorCodeSchema.parse(body.fields);
        const recoveryCodes = await confirmEnrolment(user.id, code, await sessionIdOf(request));
        return data<ActionData>({ intent, recoveryCodes, message: TWO_FACTOR_MESSAGES.enabled }, { headers: { "Cache-Control": "no-store" } });
      }
      if (intent === "delete-account") {
        const proof = deleteAccountSchema.parse(body.fields);
        const state = await getAuthState(request);
        const { finalAt } = await requestAccountDeletion(user.id, { ...proof, signedInAt: state?.createdAt ?? new Date(0) });
        // Signed out everywhere: the cookie goes too, and the home page says what happens next.
        const headers = new Headers({ "Cache-Control": "no-store" });
        headers.append("Set-Cookie", await endSession(request));
        headers.append("Set-Cookie", await flashCookie(request, { toast: { type: "success", message: deletionScheduledMessage(finalAt) } }));
        return redirect("/", { status: 303, headers });
      }
      if (intent === "disable") {
        await disableTwoFactor(user.id, twoFactorDisableSchema.parse(body.fields));
        return toast(TWO_FACTOR_MESSAGES.disabled);
      }
      return data<ActionData>({ intent, error: "Unknown action" }, { status: 400 });
    };
    // What was typed comes back with the message (never a password or a code).
    const confirm = intent === "delete-account" ? text(body.fields, "confirm").slice(0, 20) : undefined;
    return answerUserErrors<Response | ReturnType<typeof data<ActionData>>>(change, (error) =>
      data<ActionData>({ intent, error: error.message, confirm }, { status: error.status }),
    );
  });
}

function Submit({ label, intent, variant = "primary" }: { label: string; intent: string; variant?: "primary" | "secondary" | "danger" }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} className={`btn btn--${variant}`} disabled={busy} aria-busy={busy}>
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

/** The member's password, asked before set-up (so that a borrowed session cannot add an
 *  authenticator), before turning two-factor off and before deleting the account. */
function PasswordField({ id }: { id: string }) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        Your password
      </label>
      <input id={id} name="password" type="password" className="input" autoComplete="current-password" required />
    </div>
  );
}

/** A code from the member's authenticator app. */
function AppCodeField({ id }: { id: string }) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        A code from your authenticator app
      </label>
      <input id={id} name="code" className="input security-code-input" inputMode="numeric" autoComplete="one-time-code" required />
    </div>
  );
}

/** One card of the page: an icon, a heading with its lines of text, then the card's forms. */
function SecurityCard({
  id,
  icon,
  title,
  intro,
  testId,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  intro: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="security-card" aria-labelledby={id} data-testid={testId}>
      <div className="security-card__head">
        <span className="security-card__icon" aria-hidden>
          {icon}
        </span>
        <div>
          <h2 id={id} className="security-card__title">
            {title}
          </h2>
          {intro}
        </div>
      </div>
      {children}
    </section>
  );
}

function ErrorText({ actionData, intent }: { actionData: ActionData | undefined; intent: string }) {
  if (!actionData?.error || actionData.intent !== intent) return null;
  return (
    <p className="auth-alert auth-alert--error" role="alert" data-testid="security-error">
      {actionData.error}
    </p>
  );
}

export default function SecurityPage() {
  const { status, otherSessions, qrCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const recoveryCodes = actionData?.recoveryCodes ?? null;

  return (
    <div className="page security-page">
      <div>
        <Link to="/profile" className="security-back">
          <ChevronLeft aria-hidden size={18} />
          Profile
        </Link>
        <h1 className="page-header__title">Security</h1>
      </div>

      <SecurityCard
        id="two-factor-heading"
        icon={<ShieldCheck size={22} />}
        title={
          <>
            Two-factor authentication
            <span className={`security-status${status.enabled ? " security-status--on" : ""}`} data-testid="two-factor-status">
              {status.enabled ? "On" : "Off"}
            </span>
          </>
        }
        intro={
          <p className="security-card__text">After your password (or Google, or an emailed code), also ask for a 6-digit code from an authenticator app on your phone.</p>
        }
      >
        {recoveryCodes ? (
          <div className="security-form" data-testid="recovery-codes">
            <p className="auth-alert auth-alert--success" role="status">
              {actionData?.message}
            </p>
            <p className="security-card__text">
              <strong>Recovery codes.</strong> Each one works once if you lose your phone. They are shown only now: save or print them.
            </p>
            <ul className="security-codes security-codes--saved">
              {recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : null}

        {status.enabled ? (
          <>
            <p className="security-card__text">{status.recoveryCodesLeft} of 10 recovery codes left.</p>
            <Form method="post" className="security-form">
              <ErrorText actionData={actionData} intent="disable" />
              {status.hasPassword ? <PasswordField id="disable-password" /> : <AppCodeField id="disable-code" />}
              <div className="security-row">
                <Submit label="Turn off two-factor" intent="disable" variant="danger" />
              </div>
            </Form>
          </>
        ) : status.enrolment ? (
          <div className="security-form">
            <ol className="security-steps">
              <li>
                Scan this code with an authenticator app (Google Authenticator, 1Password, Authy, ...):
                {qrCode ? <img className="security-qr" src={qrCode} width={200} height={200} alt="QR code holding your two-factor key" /> : null}
                Or choose "enter a setup key", time-based, and type:
                <code className="security-key" data-testid="manual-key">
                  {status.enrolment.manualKey}
                </code>
                <span className="security-hint">
                  On a phone, <a href={status.enrolment.uri}>open the key in your authenticator app</a>.
                </span>
                <span className="security-uri" data-testid="otpauth-uri">
                  {status.enrolment.uri}
                </span>
              </li>
              <li>
                <Form method="post" className="security-form">
                  <ErrorText actionData={actionData} intent="confirm" />
                  <div className="field">
                    <label className="label" htmlFor="confirm-code">
                      Enter the 6-digit code the app shows
                    </label>
                    <input
                      id="confirm-code"
                      name="code"
                      className="input security-code-input"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      pattern="[0-9 ]{6,7}"
                      maxLength={7}
                      required
                      placeholder="123456"
                    />
                  </div>
                  <div className="security-row">
                    <Submit label="Turn on two-factor" intent="confirm" />
                  </div>
                </Form>
              </li>
            </ol>
            <Form method="post" className="security-form">
              <ErrorText actionData={actionData} intent="enrol" />
              {status.hasPassword ? <PasswordField id="restart-password" /> : null}
              <button type="submit" name="intent" value="enrol" className="security-text-button">
                Start over with a new key
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="security-form">
            <ErrorText actionData={actionData} intent="enrol" />
            {status.hasPassword ? (
              <PasswordField id="enrol-password" />
            ) : (
              <p className="security-card__text">Signed in with Google? Set up within 10 minutes of signing in.</p>
            )}
            <div className="security-row">
              <Submit label="Set up two-factor" intent="enrol" />
            </div>
          </Form>
        )}
      </SecurityCard>

      <SecurityCard
        id="devices-heading"
        icon={<Laptop size={22} />}
        title="Devices"
        intro={
          <p className="security-card__text">
            {otherSessions === 0
              ? "You are signed in on this device only."
              : `You are also signed in on ${otherSessions} other ${otherSessions === 1 ? "device" : "devices"}.`}{" "}
            Signing out of other devices keeps you signed in here.
          </p>
        }
      >
        <Form method="post" className="security-row">
          <Submit label="Sign out of other devices" intent="signout-others" variant="secondary" />
        </Form>
      </SecurityCard>

      <SecurityCard
        id="delete-heading"
        icon={<Trash2 size={22} />}
        title={DELETION_TEXT.heading}
        testId="delete-account"
        intro={
          <>
            <p className="security-card__text">{DELETION_TEXT.explain}</p>
            <p className="security-card__text">
              <strong>{DELETION_TEXT.restore}</strong>
            </p>
          </>
        }
      >
        <Form method="post" className="security-form">
          <ErrorText actionData={actionData} intent="delete-account" />
          {status.hasPassword ? <PasswordField id="delete-password" /> : status.enabled ? null : <p className="security-card__text">{DELETION_TEXT.googleRecent}</p>}
          {status.enabled ? <AppCodeField id="delete-code" /> : null}
          <div className="field">
            <label className="label" htmlFor="delete-confirm">
              {DELETION_TEXT.confirmLabel}
            </label>
            <input
              id="delete-confirm"
              name="confirm"
              className="input"
              autoComplete="off"
              required
              pattern={DELETE_CONFIRMATION}
              defaultValue={actionData?.intent === "delete-account" ? actionData.confirm : undefined}
            />
          </div>
          <div className="security-row">
            <Submit label={DELETION_TEXT.button} intent="delete-account" variant="danger" />
          </div>
        </Form>
      </SecurityCard>

      <p className="security-hint">Forgot your password? Use "Forgot Password?" in the sign-in window. Lost your phone? Sign in with one of your recovery codes.</p>
    </div>
  );
}
