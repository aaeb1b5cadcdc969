// DELETE or POST /api/auth/sessions/others: signs out of every other device (deletes all
// the user's sessions except this one) → { success: true, count }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { parseFields, respond, readBody } from "~/lib/server/http.server";
import { noFieldsSchema } from "~/lib/schemas/input-schemas";
import { sessionIdOf } from "~/lib/server/cookies.server";
import { deleteOtherSessions } from "~/models/two-factor.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST", "DELETE"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "account", body);
    parseFields(noFieldsSchema, body.fields);
    const user = await requireUser(request);
    const current = await sessionIdOf(request);
    if (!current) return errorResponse(401, "You must be signed in to do that");
    const count = await deleteOtherSessions(user.id, current);
    return respond(body, { success: true, count });
  });
}
