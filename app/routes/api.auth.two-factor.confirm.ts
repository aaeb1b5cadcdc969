// POST /api/auth/two-factor/confirm { code }: turns two-factor on with the first code from
// the app → { enabled: true, recoveryCodes } (shown once; only hashes are kept).
import type { ActionFunctionArgs } from "@remix-run/node";
import { twoFactorCodeSchema } from "~/lib/schemas/auth-schemas";
import { sessionIdOf } from "~/lib/server/cookies.server";
import { confirmEnrolment } from "~/models/two-factor.server";
import { twoFactorAction } from "~/models/two-factor-request.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return twoFactorAction(request, async (body, user) => {
    const { code } = twoFactorCodeSchema.parse(body.fields);
    const recoveryCodes = await confirmEnrolment(user.id, code, await sessionIdOf(request));
    return Response.json({ enabled: true, recoveryCodes }, { headers: { "Cache-Control": "no-store" } });
  });
}
