// POST /api/tags/{tag}/follow: follows or unfollows a tag (any case). `following` sets the
// state; without it, it toggles. Answers { following }; a plain form post comes back to its page.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { parseFields, respond } from "~/lib/server/http.server";
import { followSchema } from "~/lib/schemas/input-schemas";
import { mutation } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";
import { setTagFollow } from "~/models/tag.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "follow", body);
    const user = await getUser(request);
    // A plain form post from a signed-out page goes to the login modal and comes back.
    if (!user) throw new UserError(401, "You must be signed in to follow tags");
    const { following } = parseFields(followSchema, body.fields);
    return respond(body, await setTagFollow(user.id, params.tag ?? "", following));
  });
}
