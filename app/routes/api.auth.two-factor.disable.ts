// POST /api/auth/two-factor/disable { password } (or { code } for accounts without a
// password): turns two-factor off and deletes the recovery codes → { enabled: false }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { twoFactorDisableSchema } from "~/lib/schemas/auth-schemas";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { readBody } from "~/lib/server/http.server";
import { checkAccount, limitWrite, tooManyResponse } from "~/models/rate-limit.server";
import { disableTwoFactor } from "~/models/two-factor.server";
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
    const proof = twoFactorDisableSchema.parse(body.fields);
    await disableTwoFactor(user.id, proof);
    return Response.json({ enabled: false });
  });
}
