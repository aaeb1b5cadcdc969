// GET /api/messages/unread-count → { count }: messages to the session user not yet read.
// Polled every 30 s by the header badge (5 s time-out, one retry after 2 s).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { countUnreadMessages } from "~/models/message.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUser(request);
    return Response.json({ count: await countUnreadMessages(user.id) }, { headers: { "Cache-Control": "no-store" } });
  });
}
