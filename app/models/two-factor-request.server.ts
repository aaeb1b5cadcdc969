// How every two-factor API action begins: the body is read, the account write limit counted,
// a signed-in member required, and one attempt counted against the member's two-factor limit
// (429 past it). Then `answer` runs; a UserError it throws becomes its status and message.
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { readBody, type Body } from "~/lib/server/http.server";
import { requireUser } from "~/models/auth.server";
import { checkAccount, limitWrite, tooManyResponse } from "~/models/rate-limit.server";
import type { PublicUser } from "~/models/user.server";

export function twoFactorAction(request: Request, answer: (body: Body, user: PublicUser) => Promise<Response>): Promise<Response> {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "account", body);
    const user = await requireUser(request);
    const limited = await checkAccount("twoFactor", user.id);
    if (!limited.ok) return tooManyResponse(limited.retryAfter);
    return answer(body, user);
  });
}
