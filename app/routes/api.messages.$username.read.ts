// POST /api/messages/{username}/read → { read_at }: marks {username}'s messages to the
// session user as read (read_at is null when none was unread); both people's open tabs hear
// of it, and the partner sees "Seen". Reading a conversation (GET) never does this. A plain
// form post (redirectTo) goes back to its page. 401 signed out, 404 unknown user.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { mutation, replyOk } from "~/lib/server/form-reply.server";
import { limitWrite } from "~/models/rate-limit.server";
import { markThreadRead } from "~/models/message.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "read", body);
    const user = await requireUser(request);
    return replyOk(request, body, await markThreadRead(user.id, params.username ?? ""));
  });
}
