// GET /api/cars/{carId}/mods → { mods } (cost only where show_cost, or for the owner).
// POST → 201 { mod }; the car's owner only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireUser } from "~/models/auth.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { expandFormFields, issuesOf } from "~/lib/schemas/car-form-fields";
import { modSchema } from "~/lib/schemas/mod-schemas";
import { answerUserErrors, mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { requireId } from "~/lib/ids";
import { isFieldError } from "~/lib/user-error";
import { createMod } from "~/models/mod.server";
import { listCarMods, modJson } from "~/models/mod-reads.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const carId = requireId(params, "carId", CAR_MESSAGES.notFound);
    const user = await getUser(request);
    const { mods } = await listCarMods(carId, user?.id ?? null);
    // What is sent depends on who asks: never share it between viewers.
    return Response.json({ mods }, { headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
  });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "garage", body);
    const user = await requireUser(request);
    const carId = requireId(params, "carId", CAR_MESSAGES.notFound);
    const parsed = modSchema.safeParse(expandFormFields(body.fields));
    let issues = parsed.success ? null : issuesOf(parsed.error);
    if (parsed.success) {
      try {
        const mod = await createMod(carId, user.id, parsed.data);
        const json = { mod: modJson(mod, { viewerIsOwner: true }) };
        return replyOk(request, body, json, { status: 201 }, { type: "success", message: "Modification added" });
      } catch (error) {
        if (!isFieldError(error)) throw error;
        issues = { error: error.message, fields: { [error.field]: [error.message] } };
      }
    }
    return body.redirectTo ? replyError(request, body, 400, issues!.error) : Response.json({ ...issues, status: 400 }, { status: 400 });
  });
}
