// POST /api/auth/reset-password/confirm: token and new password (confirmPassword too from
// the reset page). Sets the password, ends the account's other sessions and signs in.
// JSON callers get 200 JSON; the reset page's plain form post goes to / with a toast, or
// back to the page with an error code when something is wrong.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { MESSAGES, resetConfirmSchema, resetTokenEchoSchema } from "~/lib/schemas/auth-schemas";
import { startSession } from "~/models/auth.server";
import { parseFields, readBody } from "~/lib/server/http.server";
import { UserError } from "~/lib/user-error";
import { flashCookie } from "~/lib/server/cookies.server";
import { checkWrite, tooManyAnswer } from "~/models/rate-limit.server";
import { resetPasswordWithToken } from "~/models/password-reset.server";
import { resetErrorCode, type ResetErrorCode } from "~/components/auth/reset-errors";
import type { RouteHandle } from "~/lib/route-handle";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";

export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    const { token } = parseFields(resetTokenEchoSchema, body.fields);

    const failure = (status: number, message: string, code: ResetErrorCode) => {
      if (!body.redirectTo) return errorResponse(status, message);
      const back = new URLSearchParams({ token, error: code });
      return redirect(`/reset-password?${back}`, 303);
    };

    // Guessing tokens counts as signing in, per client.
    const limited = await checkWrite(request, "signIn");
    if (!limited.ok) {
      const back = body.redirectTo ? `/reset-password?${new URLSearchParams({ token })}` : null;
      return tooManyAnswer(request, limited.retryAfter, { redirectTo: back });
    }

    const parsed = resetConfirmSchema.safeParse(body.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return issue ? failure(400, issue.message, resetErrorCode(issue)) : failure(400, MESSAGES.resetLinkInvalid, "invalid");
    }

    let user;
    try {
      user = await resetPasswordWithToken(parsed.data.token, parsed.data.password);
    } catch (error) {
      // The one refusal of a valid form: the link is unknown, expired or used.
      if (error instanceof UserError) return failure(error.status, error.message, "invalid");
      throw error;
    }

    const headers = new Headers();
    for (const cookie of await startSession(request, user)) headers.append("Set-Cookie", cookie);
    if (body.redirectTo) {
      headers.append("Set-Cookie", await flashCookie(request, { toast: { type: "success", message: MESSAGES.resetDone } }));
      return redirect("/", { status: 303, headers });
    }
    return Response.json(
      {
        success: true,
        message: MESSAGES.resetDone,
        user: { id: user.id, email: user.email, username: user.username },
        session: { loginTime: new Date().toISOString() },
      },
      { headers },
    );
  });
}
