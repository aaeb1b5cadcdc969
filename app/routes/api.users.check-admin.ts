// GET /api/users/check-admin?userId= → { isAdmin }. Members ask about themselves (userId
// may be left out); only administrators may ask about someone else, so who the
// administrators are is not public. Visitors get 401.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/models/auth.server";
import { isAdmin, isAdminById } from "~/models/user.server";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

const BAD_ID = "userId must be a positive whole number";
const querySchema = z.object({
  userId: z.coerce.number({ invalid_type_error: BAD_ID }).int(BAD_ID).positive(BAD_ID).max(2_147_483_647, BAD_ID).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUser(request);
    const raw = new URL(request.url).searchParams.get("userId");
    const parsed = querySchema.safeParse({ userId: raw === null || raw === "" ? undefined : raw });
    if (!parsed.success) return errorResponse(400, BAD_ID);
    const userId = parsed.data.userId ?? user.id;
    if (userId === user.id) return Response.json({ isAdmin: isAdmin(user) });
    if (!isAdmin(user)) return errorResponse(403, "You can only check your own account");
    return Response.json({ isAdmin: await isAdminById(userId) });
  });
}
