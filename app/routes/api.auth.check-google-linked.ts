// POST /api/auth/check-google-linked { email } → { isGoogleLinked }: whether the
// account with that email signs in with Google.
import type { ActionFunctionArgs } from "@remix-run/node";
import { emailSchema } from "~/lib/auth-schemas";
import { errorResponse, readBody } from "~/lib/http.server";
import { checkWrite, tooManyResponse } from "~/models/rate-limit.server";
import { isGoogleLinked } from "~/models/user.server";
export { clientAction } from "~/lib/fetcher-answer";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const body = await readBody(request);
  // Account probing counts as a sign-in attempt, per client.
  const limited = await checkWrite(request, "signIn");
  if (!limited.ok) return tooManyResponse(limited.retryAfter);
  const parsed = emailSchema.safeParse(body.fields.email);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? "Please enter a valid email address");
  return Response.json({ isGoogleLinked: await isGoogleLinked(parsed.data) }, { headers: { "Cache-Control": "no-store" } });
}
