// GET /api/admin/users[?q=&cursor=] → { users: [...], next_cursor }: accounts newest first,
// optionally matching q in username, nickname or email. Administrators only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { parseId } from "~/lib/ids";
import { listUsers } from "~/models/admin-users.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    await requireAdmin(request);
    const params = new URL(request.url).searchParams;
    const page = await listUsers(params.get("q") ?? "", parseId(params.get("cursor")));
    return Response.json(page, { headers: { "Cache-Control": "no-store" } });
  });
}
