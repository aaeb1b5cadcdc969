// GET /api/admin/flags → { queue: [...] }: open reports grouped by content, most reported
// first, with reasons, details, a preview and the author.
// POST /api/admin/flags (contentType, contentId, action = dismiss | remove | suspend,
// note?) → { ok: true, ... }: dismiss closes the reports; remove deletes the content (a
// reported user is suspended) and closes them; suspend suspends the content's author.
// Every action is recorded in moderation_actions. Administrators only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/lib/auth.server";
import { mutation, replyError, replyOk } from "~/lib/form-reply.server";
import { errorResponse, text } from "~/lib/http.server";
import { parseId } from "~/lib/ids";
import {
  ADMIN_TEXT,
  dismissReports,
  isContentType,
  listModerationQueue,
  removeContent,
  suspendAuthor,
} from "~/models/admin.server";
import { limitWrite } from "~/lib/rate-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return Response.json({ queue: await listModerationQueue() }, { headers: { "Cache-Control": "no-store" } });
}

const DONE = { dismiss: "Reports dismissed", remove: "Content removed", suspend: "Author suspended" } as const;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  return mutation(request, async (body) => {
    await limitWrite(request, "admin", body);
    const admin = await requireAdmin(request);
    const contentType = text(body.fields, "contentType") || text(body.fields, "content_type");
    const contentId = parseId(body.fields.contentId ?? body.fields.content_id);
    const what = text(body.fields, "action") || text(body.fields, "intent");
    const note = text(body.fields, "note").slice(0, 500) || undefined;
    if (!isContentType(contentType) || !contentId || !(what in DONE)) return replyError(request, body, 400, ADMIN_TEXT.invalid);
    const action = what as keyof typeof DONE;
    const result =
      action === "dismiss"
        ? await dismissReports(admin.id, contentType, contentId, note)
        : action === "remove"
          ? await removeContent(admin.id, contentType, contentId, note)
          : { user: await suspendAuthor(admin.id, contentType, contentId, note) };
    return replyOk(request, body, { ok: true, action, ...result }, {}, { type: "success", message: DONE[action] });
  });
}
