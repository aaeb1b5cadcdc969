// POST /api/auth/two-factor/confirm { code }: turns two-factor on with the first code from
// the app → { enabled: true, recoveryCodes } (shown once; only hashes are kept).
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { twoFactorCodeSchema } from "~/lib/schemas/auth-schemas";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { readBody } from "~/lib/server/http.server";
import { checkAccount, limitWrite, tooManyResponse } from "~/models/rate-limit.server";
import { sessionIdOf } from "~/lib/server/cookies.server";
import { confirmEnrolment } from "~/models/two-factor.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "account", body);
    const user = await requireUser(request);
    const limited = await checkAccount("twoFactor", user.id);
    if (!limited.ok) return tooManyResponse(limited.retryAfter);
    const { code } = twoFactorCodeSchema.parse(body.fields);
    const recoveryCodes = await confirmEnrolment(user.id, code, await sessionIdOf(request));
    return Response.json({ enabled: true, recoveryCodes }, { headers: { "Cache-Control": "no-store" } });
  });
}
