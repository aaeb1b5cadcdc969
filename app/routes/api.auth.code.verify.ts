// POST /api/auth/code/verify { email, code }: signs in with an emailed one-time code
// (10 minutes, 5 tries, once; 5 codes per 15 minutes). Answers like POST /api/auth/login: { user, session }, or
// { twoFactorRequired, redirectTo } when the account has two-factor on.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { MESSAGES, emailSchema, loginCodeVerifySchema } from "~/lib/schemas/auth-schemas";
import { UserError } from "~/lib/user-error";
import { beginSession, twoFactorRequiredResponse } from "~/models/auth.server";
import { readBody } from "~/lib/server/http.server";
import { signInPageFor, withoutLoginModal } from "~/lib/server/auth-form.server";
import { checkWrite, tooManyMessage } from "~/models/rate-limit.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { LOGIN_CODE_MESSAGES, verifyLoginCode } from "~/models/login-code.server";
import type { RouteHandle } from "~/lib/route-handle";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";

export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    const { email, code } = loginCodeVerifySchema.parse(body.fields);

    const failure = async (status: number, message: string, headers: Record<string, string> = {}) => {
      if (!body.redirectTo) return errorResponse(status, message, headers);
      const values = { method: "code", step: email ? "verify" : "request", email: email.slice(0, 254) }; // echoed in a cookie: bounded
      const cookie = await flashCookie(request, { authForm: { mode: "signin", error: message, values } });
      return redirect(signInPageFor(body.redirectTo, "code"), { status: 303, headers: { "Set-Cookie": cookie } });
    };

    // Per client first (every attempt counts), then per account.
    const perClient = await checkWrite(request, "signIn");
    if (!perClient.ok) return failure(429, tooManyMessage(perClient.retryAfter), { "Retry-After": String(perClient.retryAfter) });

    if (!email) return failure(400, LOGIN_CODE_MESSAGES.entryRequired);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? LOGIN_CODE_MESSAGES.entryRequired);

    // No lock per account here: each code takes a few guesses and codes are sent a few at a
    // time (loginCode), and a lock on password guesses must never stop sign-in by code.
    let user;
    try {
      user = await verifyLoginCode(parsed.data, code);
    } catch (error) {
      if (error instanceof UserError) return failure(error.status, error.message);
      throw error;
    }

    const destination = body.redirectTo ? withoutLoginModal(body.redirectTo) : "/";
    const { cookie, twoFactorRequired, device } = await beginSession(request, user);
    if (twoFactorRequired || !device) return twoFactorRequiredResponse(request, cookie, destination);

    const headers = new Headers({ "Set-Cookie": cookie });
    headers.append("Set-Cookie", device);
    if (body.redirectTo) {
      headers.append("Set-Cookie", await flashCookie(request, { toast: { type: "success", message: MESSAGES.loginToast } }));
      return redirect(destination, { status: 303, headers });
    }
    return Response.json(
      {
        user: { id: user.id, email: user.email, username: user.username, nickname: user.nickname, role: user.role },
        session: { loginTime: new Date().toISOString() },
      },
      { headers },
    );
  });
}
