// GET /api/auth/callback/google: where Google sends the browser back. Finds, links or
// creates the account, starts the session (or the two-factor challenge) and goes back to
// the page the sign-in started from. Failures reopen the login modal with the message.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { MESSAGES } from "~/lib/schemas/auth-schemas";
import { signInPageFor, withoutLoginModal } from "~/lib/server/auth-form.server";
import { beginSession, twoFactorPath } from "~/models/auth.server";
import { clearFlowCookies, finishGoogleSignIn, googleReturnPath } from "~/models/google.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { checkWrite, tooManyMessage } from "~/models/rate-limit.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  // Finding or creating an account is a write: limited per client like other sign-ins.
  const limited = await checkWrite(request, "signIn");
  if (!limited.ok) {
    const headers = new Headers({ "Cache-Control": "no-store", "Retry-After": String(limited.retryAfter) });
    for (const cookie of await clearFlowCookies(request)) headers.append("Set-Cookie", cookie);
    const error = tooManyMessage(limited.retryAfter);
    headers.append("Set-Cookie", await flashCookie(request, { authForm: { mode: "signin", error, values: {} } }));
    return redirect(signInPageFor("/", "signin"), { status: 303, headers });
  }

  const outcome = await answerUserErrors<Awaited<ReturnType<typeof finishGoogleSignIn>> | Response>(
    () => finishGoogleSignIn(request),
    async (error) => {
      const headers = new Headers({ "Cache-Control": "no-store" });
      for (const cookie of await clearFlowCookies(request)) headers.append("Set-Cookie", cookie);
      headers.append("Set-Cookie", await flashCookie(request, { authForm: { mode: "signin", error: error.message, values: {} } }));
      return redirect(signInPageFor(await googleReturnPath(request), "signin"), { status: 303, headers });
    },
  );
  if (outcome instanceof Response) return outcome;

  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of outcome.clearCookies) headers.append("Set-Cookie", cookie);
  const { cookie, twoFactorRequired, device } = await beginSession(request, outcome.user);
  headers.append("Set-Cookie", cookie);
  const destination = withoutLoginModal(outcome.redirectTo);
  if (twoFactorRequired || !device) return redirect(twoFactorPath(destination), { status: 303, headers });
  headers.append("Set-Cookie", device);
  headers.append("Set-Cookie", await flashCookie(request, { toast: { type: "success", message: MESSAGES.loginToast } }));
  return redirect(destination, { status: 303, headers });
}
