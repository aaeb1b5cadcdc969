// POST /api/cars: adds a car to the signed-in user's garage. 201 { car }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/auth.server";
import { carSchema } from "~/lib/schemas/car-schemas";
import { issuesOf } from "~/lib/schemas/car-form-fields";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { carJson, createCar } from "~/models/car.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "garage", body);
    const user = await requireUser(request);
    const parsed = carSchema.safeParse(body.fields);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      return body.redirectTo ? replyError(request, body, 400, issues.error) : Response.json(issues, { status: 400 });
    }
    const car = await createCar(user.id, parsed.data);
    return replyOk(request, body, { car: carJson(car, { owner: true }) }, { status: 201 }, { type: "success", message: "Car added" });
  });
}
