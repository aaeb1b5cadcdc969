// GET /api/messages/{username}[?before=<id> | ?after=<id>] → { user, messages, has_more,
// can_message, blocked_by_me }: the conversation between the session user and
// {username}, oldest first (the newest 50, or the 50 before `before`). Reading changes
// nothing; POST /api/messages/{username}/read marks the thread read. Nobody else's
// conversation can be named.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { answerUserErrors } from "~/lib/form-reply.server";
import { parseId } from "~/lib/ids";
import { getThread } from "~/models/message.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const beforeParam = url.searchParams.get("before");
  const afterParam = url.searchParams.get("after");
  const before = parseId(beforeParam);
  const after = parseId(afterParam);
  return answerUserErrors(async () => {
    const thread = await getThread(user.id, params.username ?? "", { before, after });
    return Response.json(thread, { headers: { "Cache-Control": "no-store" } });
  });
}
