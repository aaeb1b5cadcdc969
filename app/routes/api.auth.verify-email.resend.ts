// POST /api/auth/verify-email/resend: mails the signed-in member a new verification link
// → { success: true, message }. 409 when the address is verified already. The profile's
// plain form (with redirectTo) comes back to the profile with the message as a toast.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { publicOrigin } from "~/lib/server/env.server";
import { mutation, replyOk } from "~/lib/server/form-reply.server";
import { limitWrite } from "~/models/rate-limit.server";
import { VERIFY_MESSAGES } from "~/lib/rules/email-verification";
import { resendVerificationEmail } from "~/models/email-verification.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "verifyEmail", body);
    const user = await requireUser(request);
    await resendVerificationEmail(user.id, publicOrigin(request));
    return replyOk(request, body, { success: true, message: VERIFY_MESSAGES.sent }, {}, { type: "success", message: VERIFY_MESSAGES.sent });
  });
}
