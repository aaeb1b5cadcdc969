// GET /api/cars/{carId} → { car }. PATCH → { car }; DELETE → 204; the owner only.
// A plain form (no JavaScript) may POST with _method=PATCH or _method=DELETE.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireUser } from "~/models/auth.server";
import { CAR_MESSAGES, carPatchSchema } from "~/lib/schemas/car-schemas";
import { issuesOf } from "~/lib/schemas/car-form-fields";
import { answerUserErrors, errorResponse, intendedMethod, mutation, replyDeleted, replyError, replyOk } from "~/lib/server/form-reply.server";
import { requireId } from "~/lib/ids";
import { carJson, deleteCar, getCar, updateCar } from "~/models/car.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const carId = requireId(params, "carId", CAR_MESSAGES.notFound);
    const [car, user] = await Promise.all([getCar(carId), getUser(request)]);
    if (!car) return errorResponse(404, CAR_MESSAGES.notFound);
    return Response.json({ car: carJson(car, { owner: user?.id === car.ownerId }) }, { headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
  });
}

export const handle = { methods: ["POST", "PATCH", "DELETE"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "garage", body);
    const user = await requireUser(request);
    const carId = requireId(params, "carId", CAR_MESSAGES.notFound);
    const method = intendedMethod(request, body);

    if (method === "DELETE") {
      await deleteCar(carId, user.id);
      return replyDeleted(request, body, "Car deleted");
    }
    if (method !== "PATCH") return errorResponse(405, "Method not allowed");

    const parsed = carPatchSchema.safeParse(body.fields);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      return body.redirectTo ? replyError(request, body, 400, issues.error) : Response.json(issues, { status: 400 });
    }
    const car = await updateCar(carId, user.id, parsed.data);
    return replyOk(request, body, { car: carJson(car, { owner: true }) }, {}, { type: "success", message: "Car saved" });
  });
}
