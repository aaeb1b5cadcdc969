// POST /api/auth/code { email } or { phone }: sends a 6-digit sign-in code by email.
// Always 200 for an email (whether or not an account uses it); 400 when neither is
// given ('You must provide either an email or phone number.') and for a phone number
// (codes by text message are not available). Rate limits: signIn per client, loginCode per
// account (over it, nothing is sent and the answer is the same).
// A plain form post (no JavaScript) goes to the Sign In page in its code mode.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { emailSchema, loginCodeRequestSchema } from "~/lib/schemas/auth-schemas";
import { readBody } from "~/lib/server/http.server";
import { signInPageFor } from "~/lib/server/auth-form.server";
import { accountIdOf, checkAccount, checkWrite, tooManyMessage } from "~/models/rate-limit.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { LOGIN_CODE_MESSAGES, requestLoginCode } from "~/models/login-code.server";
import type { RouteHandle } from "~/lib/route-handle";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";

export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    let { email, phone } = loginCodeRequestSchema.parse(body.fields);
    // One field in the modal takes either; a phone number typed there is a phone number.
    if (email && !email.includes("@") && /^\+?[\d\s().-]{6,}$/.test(email)) {
      phone = email;
      email = "";
    }

    // The Sign In page in its code mode, with the outcome (no JavaScript).
    const back = async (status: number, values: Record<string, string>, error = "", headers: Record<string, string> = {}) => {
      if (!body.redirectTo) {
        return status === 200 ? Response.json({ success: true, message: LOGIN_CODE_MESSAGES.sent }) : errorResponse(status, error, headers);
      }
      // Echoed in a cookie: bounded, so a huge field is a 4xx rather than a cookie too long.
      const bounded = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.slice(0, 254)]));
      const cookie = await flashCookie(request, { authForm: { mode: "signin", error, values: { method: "code", ...bounded } } });
      return redirect(signInPageFor(body.redirectTo, "code"), { status: 303, headers: { "Set-Cookie": cookie } });
    };

    // Per client first (every request counts), then per account (silently).
    const perClient = await checkWrite(request, "signIn");
    if (!perClient.ok) {
      return back(429, { step: "request", email }, tooManyMessage(perClient.retryAfter), { "Retry-After": String(perClient.retryAfter) });
    }

    if (!email && !phone) return back(400, { step: "request" }, LOGIN_CODE_MESSAGES.entryRequired);
    if (!email) return back(400, { step: "request" }, LOGIN_CODE_MESSAGES.phoneUnavailable);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return back(400, { step: "request", email }, parsed.error.issues[0]?.message ?? LOGIN_CODE_MESSAGES.entryRequired);
    const address = parsed.data;

    // Over the account's limit nothing is sent, and the answer stays the same: only existing
    // accounts have a count, so a 429 here would tell that the account exists.
    const perAccount = await checkAccount("loginCode", await accountIdOf(address));

    // Not awaited: neither the answer nor its timing may tell whether an account exists.
    if (perAccount.ok) {
      requestLoginCode(address)
        .then(({ delivery }) => delivery)
        .catch((error) => console.error("Sign-in code failed", error));
    }

    return back(200, { step: "verify", email: address, notice: "sent" });
  });
}
