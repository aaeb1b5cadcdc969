// GET /api/mods/{modId} → { mod }. PATCH → { mod }; DELETE → 204; the car's owner only.
// A plain form (no JavaScript) may POST with _method=PATCH or _method=DELETE.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireUser } from "~/models/auth.server";
import { MOD_MESSAGES, modPatchSchema } from "~/lib/schemas/mod-schemas";
import { expandFormFields, issuesOf } from "~/lib/schemas/car-form-fields";
import { answerUserErrors, errorResponse, intendedMethod, mutation, replyDeleted, replyError, replyOk } from "~/lib/server/form-reply.server";
import { requireId } from "~/lib/ids";
import { isFieldError } from "~/lib/user-error";
import { deleteMod, updateMod } from "~/models/mod.server";
import { getMod, modJson } from "~/models/mod-reads.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const modId = requireId(params, "modId", MOD_MESSAGES.notFound);
    const [mod, user] = await Promise.all([getMod(modId), getUser(request)]);
    if (!mod) return errorResponse(404, MOD_MESSAGES.notFound);
    return Response.json({ mod: modJson(mod, { viewerIsOwner: user?.id === mod.car.ownerId }) }, { headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
  });
}

export const handle = { methods: ["POST", "PATCH", "DELETE"] } satisfies RouteHandle;

export async function action({ request, params }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    await limitWrite(request, "garage", body);
    const user = await requireUser(request);
    const modId = requireId(params, "modId", MOD_MESSAGES.notFound);
    const method = intendedMethod(request, body);

    if (method === "DELETE") {
      await deleteMod(modId, user.id);
      return replyDeleted(request, body, "Modification deleted");
    }
    if (method !== "PATCH") return errorResponse(405, "Method not allowed");

    const parsed = modPatchSchema.safeParse(expandFormFields(body.fields));
    let issues = parsed.success ? null : issuesOf(parsed.error);
    if (parsed.success) {
      try {
        const mod = await updateMod(modId, user.id, parsed.data);
        return replyOk(request, body, { mod: modJson(mod, { viewerIsOwner: true }) }, {}, { type: "success", message: "Modification saved" });
      } catch (error) {
        if (!isFieldError(error)) throw error;
        issues = { error: error.message, fields: { [error.field]: [error.message] } };
      }
    }
    return body.redirectTo ? replyError(request, body, 400, issues!.error) : Response.json(issues, { status: 400 });
  });
}
