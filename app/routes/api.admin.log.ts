// GET /api/admin/log[?cursor=] → { actions: [...], next_cursor }: every moderation
// decision with who took it and when, newest first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { parseId } from "~/lib/ids";
import { listModerationLog } from "~/models/admin-feedback-log.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    await requireAdmin(request);
    const cursor = parseId(new URL(request.url).searchParams.get("cursor"));
    return Response.json(await listModerationLog(cursor), { headers: { "Cache-Control": "no-store" } });
  });
}
