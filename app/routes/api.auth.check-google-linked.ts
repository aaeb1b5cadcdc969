// POST /api/auth/check-google-linked { email } → { isGoogleLinked } (SPEC §7): whether the
// account with that email signs in with Google.
import type { ActionFunctionArgs } from "@remix-run/node";
import { emailSchema } from "~/lib/auth-schemas";
import { errorResponse, readBody } from "~/lib/http.server";
import { hitForClient, tooManyMessage } from "~/lib/rate-limit.server";
import { isGoogleLinked } from "~/models/user.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const body = await readBody(request);
  const parsed = emailSchema.safeParse(body.fields.email);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? "Please enter a valid email address");
  const limited = hitForClient("signIn", request);
  if (!limited.ok) return errorResponse(429, tooManyMessage(limited.retryAfter), { "Retry-After": String(limited.retryAfter) });
  return Response.json({ isGoogleLinked: await isGoogleLinked(parsed.data) }, { headers: { "Cache-Control": "no-store" } });
}
