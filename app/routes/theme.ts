// POST /theme (mode: system, light or dark): the theme switcher's form without JavaScript.
// Sets the `themeMode` cookie the root loader reads and goes back to the page: its redirectTo,
// else the page the form was on (the Referer; home when there is none or it is another site's).
// The switcher's form names no page, so the shell around it reads the same on every page
// (app/cache/kept-parts.server.ts). A script caller (JSON) gets { mode }. With JavaScript the
// switcher sets the cookie itself.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { mediaTypeOf, parseFields, readBody, refererPath } from "~/lib/server/http.server";
import { themeSchema } from "~/lib/schemas/input-schemas";
import { limitWrite } from "~/models/rate-limit.server";
import { cookieFlags } from "~/lib/server/cookies.server";
import { themeCookie } from "~/lib/rules/theme";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "session", body);
    const { mode } = parseFields(themeSchema, body.fields);
    const headers = { "Set-Cookie": themeCookie(mode, cookieFlags(request)) };
    if (mediaTypeOf(request.headers.get("Content-Type")) === "application/json" && !body.redirectTo) return Response.json({ mode }, { headers });
    return redirect(body.redirectTo ?? refererPath(request) ?? "/", { status: 303, headers });
  });
}

/** Nothing to show: a GET goes home. */
export async function loader() {
  return redirect("/");
}
