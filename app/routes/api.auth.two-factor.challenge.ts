// POST /api/auth/two-factor/challenge { code }: the second step of a sign-in. The session
// waiting for its code (pending) accepts a 6-digit code from the app or a recovery code;
// it is then replaced by a signed-in session → { user, session }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { completeTwoFactor, getPendingTwoFactor } from "~/models/auth.server";
import { twoFactorCodeSchema } from "~/lib/schemas/auth-schemas";
import { answerUserErrors, errorResponse } from "~/lib/server/form-reply.server";
import { readBody } from "~/lib/server/http.server";
import { checkAccount, limitWrite, tooManyResponse } from "~/models/rate-limit.server";
import { TWO_FACTOR_MESSAGES, verifySecondFactor } from "~/models/two-factor.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "signIn", body);
    const pending = await getPendingTwoFactor(request);
    if (!pending) return errorResponse(401, TWO_FACTOR_MESSAGES.challengeExpired);
    const limited = await checkAccount("twoFactor", pending.user.id);
    if (!limited.ok) return tooManyResponse(limited.retryAfter);
    const { code } = twoFactorCodeSchema.parse(body.fields);
    await verifySecondFactor(pending.user.id, code);
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of await completeTwoFactor(pending, request)) headers.append("Set-Cookie", cookie);
    const { user } = pending;
    return Response.json(
      {
        user: { id: user.id, email: user.email, username: user.username, nickname: user.nickname, role: user.role },
        session: { loginTime: new Date().toISOString() },
      },
      { headers },
    );
  });
}
