// How every administrator's write begins: the body is read, the admin write limit counted and
// an administrator required (403 otherwise). Then `answer` runs as a mutation (lib/server/form-reply).
// For a write about one member, the member's id comes from the route's `id` (404 when it is no id).
import { requireId } from "~/lib/ids";
import { mutation } from "~/lib/server/form-reply.server";
import type { Body } from "~/lib/server/http.server";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { requireAdmin } from "~/models/auth.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { PublicUser } from "~/models/user.server";

export function adminMutation(request: Request, answer: (body: Body, admin: PublicUser) => Promise<Response>): Promise<Response> {
  return mutation(request, async (body) => {
    await limitWrite(request, "admin", body);
    const admin = await requireAdmin(request);
    return answer(body, admin);
  });
}

export function adminUserMutation(
  request: Request,
  params: Readonly<Record<string, string | undefined>>,
  answer: (body: Body, admin: PublicUser, userId: number) => Promise<Response>,
): Promise<Response> {
  return adminMutation(request, (body, admin) => answer(body, admin, requireId(params, "id", ADMIN_TEXT.userNotFound)));
}
