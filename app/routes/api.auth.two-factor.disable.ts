// POST /api/auth/two-factor/disable { password } (or { code } for accounts without a
// password): turns two-factor off and deletes the recovery codes → { enabled: false }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { errorResponse, readBody, text } from "~/lib/http.server";
import { checkAccount, limitWrite, tooManyMessage } from "~/lib/rate-limit.server";
import { TwoFactorError, disableTwoFactor } from "~/models/two-factor.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const body = await readBody(request);
  await limitWrite(request, "account", body);
  const user = await requireUser(request);
  const limited = await checkAccount("signInAccount", user.id);
  if (!limited.ok) return errorResponse(429, tooManyMessage(limited.retryAfter), { "Retry-After": String(limited.retryAfter) });
  try {
    const password = typeof body.fields.password === "string" ? body.fields.password : "";
    await disableTwoFactor(user.id, { password, code: text(body.fields, "code") });
    return Response.json({ enabled: false });
  } catch (error) {
    if (error instanceof TwoFactorError) return errorResponse(error.status, error.message);
    throw error;
  }
}
