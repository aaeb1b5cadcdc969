// GET /api/cars/{carId}/follow → { following }; POST toggles (or sets `following`) → { following }.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { parseFields, respond } from "~/lib/server/http.server";
import { followSchema } from "~/lib/schemas/input-schemas";
import { mutation, errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";
import { requireId } from "~/lib/ids";
import { CAR_NOT_FOUND, carExists, isFollowingCar, setCarFollow } from "~/models/follow.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const carId = requireId(params, "carId", CAR_NOT_FOUND);
    if (!(await carExists(carId))) return errorResponse(404, CAR_NOT_FOUND);
    const user = await getUser(request);
    return Response.json({ following: await isFollowingCar(user?.id ?? null, carId) }, { headers: { "Cache-Control": "no-store" } });
  });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "follow", body);
    const user = await getUser(request);
    // A plain form post from a signed-out page goes to the login modal and comes back.
    if (!user) throw new UserError(401, "You must be signed in to follow cars");
    const carId = requireId(params, "carId", CAR_NOT_FOUND);
    const { following } = parseFields(followSchema, body.fields);
    const result = await setCarFollow(user, carId, following);
    return respond(body, result);
  });
}
