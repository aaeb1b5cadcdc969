// POST /api/users/{username}/follow toggles (or sets `following`) → { following }.
// GET answers { following, followers, following_count } for the signed-in viewer.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getUser } from "~/lib/auth.server";
import { mutation } from "~/lib/form-reply.server";
import { errorResponse, respond } from "~/lib/http.server";
import { loginHref } from "~/lib/login-events";
import {
  FollowError,
  USER_NOT_FOUND,
  getUserFollowCounts,
  isFollowingUser,
  parseFollowWant,
  setUserFollow,
} from "~/models/follow.server";
import { getUserByUsername } from "~/models/user.server";
import { limitWrite } from "~/lib/rate-limit.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = await getUserByUsername(params.username ?? "");
  if (!target) return errorResponse(404, USER_NOT_FOUND);
  const viewer = await getUser(request);
  const [following, counts] = await Promise.all([isFollowingUser(viewer?.id ?? null, target.id), getUserFollowCounts(target.id)]);
  return Response.json(
    { following, followers: counts.followers, following_count: counts.following },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  // Through `mutation`: a refusal such as the rate limit's 429 is an answer for a fetcher.
  return mutation(request, async (body) => {
    await limitWrite(request, "follow", body);
    const user = await getUser(request);
    if (!user) {
      if (body.redirectTo) return redirect(loginHref(body.redirectTo), 303);
      return errorResponse(401, "You must be signed in to follow people");
    }
    try {
      const result = await setUserFollow(user, params.username ?? "", parseFollowWant(body.fields.following));
      return respond(body, result);
    } catch (error) {
      if (error instanceof FollowError) return errorResponse(error.status, error.message);
      throw error;
    }
  });
}
