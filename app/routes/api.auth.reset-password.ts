// POST /api/auth/reset-password: email or username. Always 200 (no account probing); the
// email with the reset link goes out in the background. A plain form post (no JavaScript)
// goes to the Reset Password page showing the outcome.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { MESSAGES, resetEntrySchema } from "~/lib/schemas/auth-schemas";
import { publicOrigin } from "~/lib/server/env.server";
import { readBody } from "~/lib/server/http.server";
import { RESET_STATUS_PARAM } from "~/lib/rules/login-links";
import { signInPageFor } from "~/lib/server/auth-form.server";
import { accountIdOf, checkAccount, checkWrite, tooManyResponse } from "~/models/rate-limit.server";
import { requestPasswordReset } from "~/models/password-reset.server";
import type { RouteHandle } from "~/lib/route-handle";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";

export { clientAction } from "~/lib/client/fetcher-answer";

function backToModal(path: string, status: "sent" | "missing" | "limited"): string {
  return signInPageFor(path, "reset", { [RESET_STATUS_PARAM]: status });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    // Per client address (and member) first, every request counting.
    const perClient = await checkWrite(request, "signIn");
    if (!perClient.ok) {
      if (body.redirectTo) return redirect(backToModal(body.redirectTo, "limited"), 303);
      return tooManyResponse(perClient.retryAfter);
    }
    const parsed = resetEntrySchema.safeParse(body.fields);
    if (!parsed.success) {
      if (body.redirectTo) return redirect(backToModal(body.redirectTo, "missing"), 303);
      return errorResponse(400, MESSAGES.resetEntryRequired);
    }
    const entry = parsed.data.email.toLowerCase();

    // Then per account (an email and its username count together). Over that limit nothing
    // is sent, and the answer stays the same: only existing accounts have a count, so a 429
    // here would tell that the account exists.
    const perAccount = await checkAccount("passwordReset", await accountIdOf(entry));

    // Not awaited: neither the answer nor its timing may depend on whether an account (and so
    // a token and an email) exists.
    if (perAccount.ok) {
      requestPasswordReset(entry, { baseUrl: publicOrigin(request) })
        .then(({ delivery }) => delivery)
        .catch((error) => console.error("Password reset failed", error));
    }

    if (body.redirectTo) return redirect(backToModal(body.redirectTo, "sent"), 303);
    return Response.json({ success: true, message: MESSAGES.resetSent });
  });
}
