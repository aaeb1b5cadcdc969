// How every write to one of the member's cars begins (its page, mods, service log, handover):
// a signed-in member (else the sign-in page), the garage write limit counted, and the car's
// id from the route's `carId` (404 when it is no id). Whether the car is the member's is the
// model's own check.
import { requireId } from "~/lib/ids";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { requireUserPage } from "~/models/auth.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { PublicUser } from "~/models/user.server";

export async function garageWrite(request: Request, params: Readonly<Record<string, string | undefined>>): Promise<{ user: PublicUser; carId: number }> {
  const user = await requireUserPage(request);
  await limitWrite(request, "garage");
  return { user, carId: requireId(params, "carId", CAR_MESSAGES.notFound) };
}
