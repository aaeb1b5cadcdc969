// GET /api/events[?search=] → { events: [{ id, name, date_time, location, description,
// going_count, is_past, created_by }] }: upcoming soonest first, then past newest first.
// The search matches name, place and description, every word, wildcards taken literally.
// POST /api/events (name, date_time, location?, description?, cover? a photo file, as
// multipart) → 201 { event }; administrators.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eventPath } from "~/lib/paths";
import { requireAdmin } from "~/models/auth.server";
import { replyOk, uploadMutation } from "~/lib/server/form-reply.server";
import { limitParam } from "~/lib/rules/search";
import { createEvent, EVENT_COVER_UPLOAD, parseEventCover, parseEventInput } from "~/models/event-writes.server";
import { searchEvents } from "~/models/search.server";
import { limitWrite } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";
export { keepWhatWasRead as shouldRevalidate } from "~/lib/client/revalidation";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? params.get("q") ?? "";
  const limit = limitParam(params.get("limit"), 100, 100);
  const events = await searchEvents(search, { upcomingLimit: limit, pastLimit: Math.min(limit, 50) });
  return Response.json({ events: events.slice(0, limit) });
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return uploadMutation(request, EVENT_COVER_UPLOAD, async (body) => {
    await limitWrite(request, "admin", body);
    const admin = await requireAdmin(request);
    const input = parseEventInput(body.fields, false);
    const event = await createEvent(admin.id, input, parseEventCover(body.fields));
    const created = { ...body, redirectTo: body.redirectTo ? eventPath(event.id) : null };
    return replyOk(request, created, { event }, { status: 201 }, { type: "success", message: "Event created" });
  });
}
