// GET /api/messages → { conversations: [{ user, last_message, unread_count, blocked }] },
// the most recent conversation first.
// POST /api/messages (to, content) → 201 { message }. The sender is the session user.
// 400 empty/too long/yourself, 403 blocked either way or suspended, 404 unknown user,
// 429 over the `message` rate limit. A plain form post goes back to its page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser, getUser } from "~/models/auth.server";
import { mutation, replyError, replyOk, answerUserErrors } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { sendMessageSchema } from "~/lib/schemas/message-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import { listConversations, sendMessage } from "~/models/message.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUser(request);
    const conversations = await listConversations(user.id);
    return Response.json({ conversations }, { headers: { "Cache-Control": "no-store" } });
  });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "message", body);
    const user = await getUser(request);
    if (!user) return replyError(request, body, 401, "You must be signed in to send messages");
    const { to, content } = parseFields(sendMessageSchema, body.fields);
    const message = await sendMessage(user.id, to, content);
    return replyOk(request, body, { message }, { status: 201 });
  });
}
