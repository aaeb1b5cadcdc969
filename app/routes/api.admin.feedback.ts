// GET /api/admin/feedback[?cursor=] → { feedback: [...], next_cursor, average_rating, total }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { parseId } from "~/lib/ids";
import { listFeedback } from "~/models/admin-feedback-log.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    await requireAdmin(request);
    const cursor = parseId(new URL(request.url).searchParams.get("cursor"));
    return Response.json(await listFeedback(cursor), { headers: { "Cache-Control": "no-store" } });
  });
}
