// POST /api/feedback/submit (build_number, feedback_text, rating 1-5 or null) → 201
// { success, id }. Visitors may send feedback; user_id in the body is ignored for the session.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/lib/auth.server";
import { FEEDBACK_MESSAGES, parseFeedbackInput } from "~/lib/changelog";
import { mutation, replyError, replyOk } from "~/lib/form-reply.server";
import { errorResponse } from "~/lib/http.server";
import { enforce, hitForClient, tooManyMessage } from "~/lib/rate-limit.server";
import { submitFeedback } from "~/models/feedback.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  return mutation(request, async (body) => {
    const input = parseFeedbackInput(body.fields);
    if (!input.ok) return replyError(request, body, 400, input.message);
    const user = await getUser(request);
    if (user) {
      enforce("feedback", user.id);
    } else {
      // Visitors are limited per client address where one is known (see hitForClient).
      const limited = hitForClient("feedback", request);
      if (!limited.ok) {
        return replyError(request, body, 429, tooManyMessage(limited.retryAfter), { "Retry-After": String(limited.retryAfter) });
      }
    }
    const { id } = await submitFeedback(user?.id ?? null, input.value);
    return replyOk(request, body, { success: true, id }, { status: 201 }, { type: "success", message: FEEDBACK_MESSAGES.thanks });
  });
}
