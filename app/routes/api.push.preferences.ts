// GET /api/push/preferences → { preferences: { messages, replies, comments, followers, events,
// insurance, mentions, likes } } (true: that kind of push is on).
// POST (a form of checkboxes, or JSON booleans; a kind left out is off) → the same, saved.
// A plain form post goes back to its page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { mutation, errorResponse } from "~/lib/server/form-reply.server";
import { parseFields, respond } from "~/lib/server/http.server";
import { SIGN_IN_REQUIRED, getUser, requireUser } from "~/models/auth.server";
import { getPushPreferences, PUSH_KINDS, setPushPreferences, type PushPreferences } from "~/models/push.server";
import { limitWrite } from "~/models/rate-limit.server";
export { clientAction } from "~/lib/client/fetcher-answer";
import { pushPreferencesSchema } from "~/lib/schemas/push-schemas";
import type { RouteHandle } from "~/lib/route-handle";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return errorResponse(401, SIGN_IN_REQUIRED, { "Cache-Control": "no-store" });
  return Response.json({ preferences: await getPushPreferences(user.id) }, { headers: { "Cache-Control": "no-store" } });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "push", body);
    const user = await requireUser(request);
    const parsed = parseFields(pushPreferencesSchema, body.fields);
    const wanted = Object.fromEntries(PUSH_KINDS.map((kind) => [kind, parsed[kind]])) as PushPreferences;
    const preferences = await setPushPreferences(user.id, wanted);
    return respond(body, { preferences });
  });
}
