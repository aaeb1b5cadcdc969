// Sign-out for the sidebar's form (works without JavaScript). Sign-out goes to /.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endSession } from "~/models/auth.server";
import { parseFields, readBody } from "~/lib/server/http.server";
import { noFieldsSchema } from "~/lib/schemas/input-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import { answerUserErrors } from "~/lib/server/form-reply.server";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "session", body);
    parseFields(noFieldsSchema, body.fields);
    return redirect("/", { status: 303, headers: { "Set-Cookie": await endSession(request) } });
  });
}
