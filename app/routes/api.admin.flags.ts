// GET /api/admin/flags → { queue: [...] }: open reports grouped by content, most reported
// first, with reasons, details, a preview and the author.
// POST /api/admin/flags (contentType, contentId, action = dismiss | remove | suspend,
// note?) → { ok: true, ... }: dismiss closes the reports; remove deletes the content (a
// reported user is suspended) and closes them; suspend suspends the content's author.
// Every action is recorded in moderation_actions. Administrators only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { flagDecisionSchema } from "~/lib/schemas/admin-schemas";
import { replyOk, answerUserErrors } from "~/lib/server/form-reply.server";
import { parseFields } from "~/lib/server/http.server";
import { UserError } from "~/lib/user-error";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { dismissReports, isContentType, listModerationQueue, removeContent, suspendAuthor } from "~/models/admin-reports.server";
import { adminMutation } from "~/models/admin-request.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    await requireAdmin(request);
    return Response.json({ queue: await listModerationQueue() }, { headers: { "Cache-Control": "no-store" } });
  });
}

const DONE = { dismiss: "Reports dismissed", remove: "Content removed", suspend: "Author suspended" } as const;

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return adminMutation(request, async (body, admin) => {
    const { contentType, contentId, action, note } = parseFields(flagDecisionSchema, body.fields, ADMIN_TEXT.invalid);
    if (!isContentType(contentType)) throw new UserError(400, ADMIN_TEXT.invalid);
    const result =
      action === "dismiss"
        ? await dismissReports(admin.id, contentType, contentId, note)
        : action === "remove"
          ? await removeContent(admin.id, contentType, contentId, note)
          : { user: await suspendAuthor(admin.id, contentType, contentId, note) };
    return replyOk(request, body, { ok: true, action, ...result }, {}, { type: "success", message: DONE[action] });
  });
}
