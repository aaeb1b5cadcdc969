// POST /api/auth/two-factor/enrol: makes a new authenticator secret for the signed-in user
// → { secret, manualKey, uri } (otpauth:// URI for the QR code). Not active until confirmed.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { errorResponse, readBody } from "~/lib/http.server";
import { TwoFactorError, beginEnrolment } from "~/models/two-factor.server";
import { limitWrite } from "~/lib/rate-limit.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const body = await readBody(request);
  await limitWrite(request, "account", body);
  const user = await requireUser(request);
  try {
    return Response.json(await beginEnrolment(user.id), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof TwoFactorError) return errorResponse(error.status, error.message);
    throw error;
  }
}
