// POST /api/auth/two-factor/enrol { password } → { secret, manualKey, uri } (otpauth:// URI
// for the QR code); not active until confirmed. The password proves it is the account's
// owner, not just someone holding the session; an account without a password (Google only)
// must have signed in within the last 10 minutes instead.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getAuthState } from "~/models/auth.server";
import { twoFactorEnrolSchema } from "~/lib/schemas/auth-schemas";
import { errorResponse } from "~/lib/server/form-reply.server";
import { beginEnrolment } from "~/models/two-factor.server";
import { twoFactorAction } from "~/models/two-factor-request.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return twoFactorAction(request, async (body, user) => {
    const parsed = twoFactorEnrolSchema.safeParse(body.fields);
    if (!parsed.success) return errorResponse(400, parsed.error.issues[0]!.message);
    const state = await getAuthState(request);
    const enrolment = await beginEnrolment(user.id, { password: parsed.data.password, signedInAt: state?.createdAt ?? new Date(0) });
    return Response.json(enrolment, { headers: { "Cache-Control": "no-store" } });
  });
}
