// POST /api/auth/two-factor/enrol { password } → { secret, manualKey, uri } (otpauth:// URI
// for the QR code); not active until confirmed. The password proves it is the account's
// owner, not just someone holding the session; an account without a password (Google only)
// must have signed in within the last 10 minutes instead.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getAuthState, requireUser } from "~/lib/auth.server";
import { errorResponse, readBody } from "~/lib/http.server";
import { TwoFactorError, beginEnrolment } from "~/models/two-factor.server";
import { checkAccount, limitWrite, tooManyMessage } from "~/lib/rate-limit.server";

const enrolSchema = z.object({ password: z.string().max(200).optional() });

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const body = await readBody(request);
  await limitWrite(request, "account", body);
  const user = await requireUser(request);
  const parsed = enrolSchema.safeParse(body.fields);
  if (!parsed.success) return errorResponse(400, "Password must be text");
  const limited = await checkAccount("signInAccount", user.id);
  if (!limited.ok) return errorResponse(429, tooManyMessage(limited.retryAfter), { "Retry-After": String(limited.retryAfter) });
  const state = await getAuthState(request);
  try {
    const enrolment = await beginEnrolment(user.id, { password: parsed.data.password, signedInAt: state?.createdAt ?? new Date(0) });
    return Response.json(enrolment, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof TwoFactorError) return errorResponse(error.status, error.message);
    throw error;
  }
}
