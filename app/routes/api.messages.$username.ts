// GET /api/messages/{username}[?before=<id> | ?after=<id>] → { user, messages, has_more,
// can_message, blocked_by_me }: the conversation between the session user and
// {username}, oldest first (the newest 50, or the 50 before `before`). Reading changes
// nothing; POST /api/messages/{username}/read marks the thread read. Nobody else's
// conversation can be named. Errors (401 signed out too) are answered, not thrown, so a
// fetcher reads them as data.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { SIGN_IN_REQUIRED, getUser } from "~/models/auth.server";
import { UserError } from "~/lib/user-error";
import { parseId } from "~/lib/ids";
import { getThread } from "~/models/message.server";
import { errorResponse } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return errorResponse(401, SIGN_IN_REQUIRED);
  const url = new URL(request.url);
  const beforeParam = url.searchParams.get("before");
  const afterParam = url.searchParams.get("after");
  const before = parseId(beforeParam);
  const after = parseId(afterParam);
  try {
    const thread = await getThread(user.id, params.username ?? "", { before, after });
    return Response.json(thread, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UserError) return errorResponse(error.status, error.message);
    throw error;
  }
}
