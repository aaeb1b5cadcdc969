// GET /api/profile → { profile }; PATCH (or POST, for plain forms) /api/profile with
// nickname?, show_all_grams_posts?, profile_image (file)?, remove_profile_image? → { profile }.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { type Body } from "~/lib/server/http.server";
import { PROFILE_UPLOAD, withUploadBody } from "~/lib/server/multipart.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { applyProfileChanges, getOwnProfile } from "~/models/own-profile.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUser(request);
    const profile = await getOwnProfile(user.id);
    if (!profile) return errorResponse(404, "Profile not found");
    return Response.json({ profile }, { headers: { "Cache-Control": "no-store" } });
  });
}

export const handle = { methods: ["POST", "PATCH"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    return withUploadBody(request, PROFILE_UPLOAD, (body) => update(request, body));
  });
}

async function update(request: Request, body: Body) {
  await limitWrite(request, "profile", body);
  const user = await requireUser(request);
  const result = await applyProfileChanges(user.id, body.fields);

  if (body.redirectTo) {
    const toast = result.ok
      ? { type: "success" as const, message: "Profile updated" }
      : { type: "error" as const, message: Object.values(result.errors)[0] ?? "Could not update the profile" };
    return redirect(body.redirectTo, { status: 303, headers: { "Set-Cookie": await flashCookie(request, { toast }) } });
  }
  if (!result.ok) {
    return Response.json({ error: Object.values(result.errors)[0], errors: result.errors, status: result.status }, { status: result.status });
  }
  return Response.json({ profile: result.profile });
}
