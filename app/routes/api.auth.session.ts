import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { endSession, getUser } from "~/models/auth.server";
import { parseFields, readBody } from "~/lib/server/http.server";
import { noFieldsSchema } from "~/lib/schemas/input-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import { answerUserErrors } from "~/lib/server/form-reply.server";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return Response.json(
    {
      authenticated: Boolean(user),
      user: user ? { id: user.id, email: user.email, username: user.username, nickname: user.nickname, role: user.role } : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const handle = { methods: ["DELETE"] } satisfies RouteHandle;

/** DELETE signs out: the session row is deleted and the cookie cleared. */
export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "session", body);
    parseFields(noFieldsSchema, body.fields);
    return Response.json({ authenticated: false }, { headers: { "Set-Cookie": await endSession(request) } });
  });
}
