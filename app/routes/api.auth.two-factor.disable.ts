// POST /api/auth/two-factor/disable { password } (or { code } for accounts without a
// password): turns two-factor off and deletes the recovery codes → { enabled: false }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { twoFactorDisableSchema } from "~/lib/schemas/auth-schemas";
import { disableTwoFactor } from "~/models/two-factor.server";
import { twoFactorAction } from "~/models/two-factor-request.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return twoFactorAction(request, async (body, user) => {
    const proof = twoFactorDisableSchema.parse(body.fields);
    await disableTwoFactor(user.id, proof);
    return Response.json({ enabled: false });
  });
}
