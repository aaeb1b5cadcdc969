import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { MESSAGES, signInEchoSchema, signInSchema } from "~/lib/schemas/auth-schemas";
import { authenticatePassword, startSession } from "~/models/auth.server";
import { parseFields, readBody } from "~/lib/server/http.server";
import { UserError } from "~/lib/user-error";
import { flashCookie } from "~/lib/server/cookies.server";
import { checkPasswordAttempt, checkWrite, tooManyMessage } from "~/models/rate-limit.server";
import { firstIssue, signInPageFor, withoutLoginModal } from "~/lib/server/auth-form.server";
import type { RouteHandle } from "~/lib/route-handle";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";

export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    const parsed = signInSchema.safeParse(body.fields);

    const failure = async (status: number, message: string, headers?: Record<string, string>) => {
      if (!body.redirectTo) return errorResponse(status, message, headers);
      const values = parseFields(signInEchoSchema, body.fields);
      const cookie = await flashCookie(request, { authForm: { mode: "signin", error: message, values } });
      return redirect(signInPageFor(body.redirectTo, "signin"), { status: 303, headers: { "Set-Cookie": cookie } });
    };

    // Per client first (every attempt counts), then per typed name, or per device where the
    // account signed in before (a lock from guessers elsewhere does not apply there).
    const perClient = await checkWrite(request, "signIn");
    if (!perClient.ok) return failure(429, tooManyMessage(perClient.retryAfter), { "Retry-After": String(perClient.retryAfter) });

    if (!parsed.success) return failure(400, firstIssue(parsed.error));

    const limited = await checkPasswordAttempt(request, parsed.data.email);
    if (!limited.ok) {
      return failure(429, tooManyMessage(limited.retryAfter), { "Retry-After": String(limited.retryAfter) });
    }

    let user;
    try {
      user = await authenticatePassword(request, parsed.data);
    } catch (error) {
      if (error instanceof UserError) return failure(error.status, error.message);
      console.error("Sign-in failed", error);
      return failure(500, MESSAGES.loginFailed);
    }

    const headers = new Headers();
    for (const cookie of await startSession(request, user)) headers.append("Set-Cookie", cookie);
    if (body.redirectTo) {
      headers.append("Set-Cookie", await flashCookie(request, { toast: { type: "success", message: MESSAGES.loginToast } }));
      return redirect(withoutLoginModal(body.redirectTo), { status: 303, headers });
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
