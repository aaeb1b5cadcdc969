// POST /api/users/{username}/follow toggles (or sets `following`) → { following }.
// GET answers { following, followers, following_count } for the signed-in viewer.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { parseFields, respond } from "~/lib/server/http.server";
import { followSchema } from "~/lib/schemas/input-schemas";
import { mutation, errorResponse } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";
import { USER_NOT_FOUND, getUserFollowCounts, isFollowingUser, setUserFollow } from "~/models/follow.server";
import { getUserByUsername } from "~/models/user.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = await getUserByUsername(params.username ?? "");
  if (!target) return errorResponse(404, USER_NOT_FOUND);
  const viewer = await getUser(request);
  const [following, counts] = await Promise.all([isFollowingUser(viewer?.id ?? null, target.id), getUserFollowCounts(target.id)]);
  return Response.json({ following, followers: counts.followers, following_count: counts.following }, { headers: { "Cache-Control": "no-store" } });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "follow", body);
    const user = await getUser(request);
    // A plain form post from a signed-out page goes to the login modal and comes back.
    if (!user) throw new UserError(401, "You must be signed in to follow people");
    const { following } = parseFields(followSchema, body.fields);
    const result = await setUserFollow(user, params.username ?? "", following);
    return respond(body, result);
  });
}
