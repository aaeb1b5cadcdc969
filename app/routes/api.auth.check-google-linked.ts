// POST /api/auth/check-google-linked { email } → { isGoogleLinked }: whether the
// account with that email signs in with Google.
import type { ActionFunctionArgs } from "@remix-run/node";
import { googleLinkedSchema } from "~/lib/auth-schemas";
import { mutation } from "~/lib/form-reply.server";
import { errorResponse, parseFields } from "~/lib/http.server";
import { checkWrite, tooManyResponse } from "~/models/rate-limit.server";
import { isGoogleLinked } from "~/models/user.server";
export { clientAction } from "~/lib/fetcher-answer";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  return mutation(request, async (body) => {
    // Account probing counts as a sign-in attempt, per client.
    const limited = await checkWrite(request, "signIn");
    if (!limited.ok) return tooManyResponse(limited.retryAfter);
    const { email } = parseFields(googleLinkedSchema, body.fields);
    return Response.json({ isGoogleLinked: await isGoogleLinked(email) }, { headers: { "Cache-Control": "no-store" } });
  });
}
