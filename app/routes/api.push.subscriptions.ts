// GET /api/push/subscriptions → { enabled, public_key, devices } (the key a browser subscribes with).
// POST (JSON: the browser's PushSubscription, { endpoint, keys: { p256dh, auth } }) → 201
// { subscribed: true }: this device gets pushes. 400 for a foreign or malformed endpoint or
// keys of the wrong size, 503 when push is off.
// DELETE (JSON { endpoint }) → { subscribed: false }: this device gets none any more.
// A subscription lasts as long as the sign-in that made it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { sessionIdOf } from "~/lib/server/cookies.server";
import { pushSettings } from "~/lib/server/env.server";
import { mutation, errorResponse } from "~/lib/server/form-reply.server";
import { parseFields, respond } from "~/lib/server/http.server";
import { SIGN_IN_REQUIRED, getUser, requireUser } from "~/models/auth.server";
import { countSubscriptions, PUSH_TEXT, removeSubscription, saveSubscription, subscriptionSchema } from "~/models/push-subscription.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

const removeSchema = z.object({ endpoint: z.string({ message: PUSH_TEXT.badEndpoint }).trim().min(1, PUSH_TEXT.badEndpoint).max(1000, PUSH_TEXT.badEndpoint) });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return errorResponse(401, SIGN_IN_REQUIRED, { "Cache-Control": "no-store" });
  const push = pushSettings();
  const devices = push ? await countSubscriptions(user.id) : 0;
  return Response.json({ enabled: push !== null, public_key: push?.vapid.publicKey ?? null, devices }, { headers: { "Cache-Control": "no-store" } });
}

export const handle = { methods: ["POST", "DELETE"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "push", body);
    const user = await requireUser(request);
    if (request.method === "DELETE") {
      const { endpoint } = parseFields(removeSchema, body.fields);
      await removeSubscription(user.id, endpoint);
      return respond(body, { subscribed: false });
    }
    const input = parseFields(subscriptionSchema, body.fields);
    await saveSubscription({ userId: user.id, sessionId: await sessionIdOf(request) }, input);
    return respond(body, { subscribed: true }, { status: 201 });
  });
}
