// POST /theme (mode: system, light or dark): the theme switcher's form without JavaScript.
// Sets the `themeMode` cookie the root loader reads and goes back to the page (redirectTo);
// a script caller gets { mode }. With JavaScript the switcher sets the cookie itself.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { errorResponse, methodNotAllowed, readBody } from "~/lib/http.server";
import { limitWrite } from "~/models/rate-limit.server";
import { cookieFlags } from "~/lib/cookies.server";
import { THEME_MODES, themeCookie } from "~/lib/theme";

const themeSchema = z.object({ mode: z.enum(THEME_MODES, { message: "Choose System, Light or Dark" }) });

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readBody(request);
  await limitWrite(request, "session", body);
  const parsed = themeSchema.safeParse(body.fields);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? "Choose System, Light or Dark");
  const headers = { "Set-Cookie": themeCookie(parsed.data.mode, cookieFlags(request)) };
  if (body.redirectTo) return redirect(body.redirectTo, { status: 303, headers });
  return Response.json({ mode: parsed.data.mode }, { headers });
}

/** Nothing to show: a GET goes home. */
export async function loader() {
  return redirect("/");
}
