// POST /api/auth/refresh-session: extends the server session named by the cookie
// by a full lifetime and answers { success, user }. The cookie is the credential; a
// refreshToken and userId in the body are accepted and not needed.
import type { ActionFunctionArgs } from "@remix-run/node";
import { refreshSession } from "~/models/auth.server";
import { parseFields, readBody } from "~/lib/server/http.server";
import { noFieldsSchema } from "~/lib/schemas/input-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import { answerUserErrors } from "~/lib/server/form-reply.server";

export { clientAction } from "~/lib/client/fetcher-answer";

const REFRESH_FAILED = "Failed to refresh session";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "session", body);
    parseFields(noFieldsSchema, body.fields);
    const refreshed = await refreshSession(request);
    if (!refreshed) {
      return Response.json({ success: false, error: REFRESH_FAILED }, { status: 401, headers: { "Cache-Control": "no-store" } });
    }
    const { user } = refreshed;
    return Response.json(
      {
        success: true,
        user: { id: user.id, email: user.email, username: user.username, nickname: user.nickname, role: user.role },
        session: { expiresAt: refreshed.expiresAt.toISOString() },
      },
      { headers: { "Set-Cookie": refreshed.cookie, "Cache-Control": "no-store" } },
    );
  });
}
