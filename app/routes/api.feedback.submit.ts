// POST /api/feedback/submit (build_number, feedback_text, rating 1-5 or null) → 201
// { success, id }. Visitors may send feedback; user_id in the body is ignored for the session.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { FEEDBACK_MESSAGES, parseFeedbackInput } from "~/lib/rules/changelog";
import { mutation, replyError, replyOk } from "~/lib/server/form-reply.server";
import { limitWrite } from "~/models/rate-limit.server";
import { submitFeedback } from "~/models/feedback.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return mutation(request, async (body) => {
    // Members by account, visitors by client address (where it is known).
    await limitWrite(request, "feedback", body);
    const input = parseFeedbackInput(body.fields);
    if (!input.ok) return replyError(request, body, 400, input.message);
    const user = await getUser(request);
    const { id } = await submitFeedback(user?.id ?? null, input.value);
    return replyOk(request, body, { success: true, id }, { status: 201 }, { type: "success", message: FEEDBACK_MESSAGES.thanks });
  });
}
