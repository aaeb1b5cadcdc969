// GET /api/cars/{carId}/followers → { count }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireId } from "~/lib/ids";
import { CAR_NOT_FOUND, carExists, countCarFollowers } from "~/models/follow.server";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const carId = requireId(params, "carId", CAR_NOT_FOUND);
    if (!(await carExists(carId))) return errorResponse(404, CAR_NOT_FOUND);
    return Response.json({ count: await countCarFollowers(carId) }, { headers: { "Cache-Control": "no-store" } });
  });
}
