import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { registerSchema, signUpEchoSchema, signUpFormSchema, MESSAGES } from "~/lib/schemas/auth-schemas";
import { startSession } from "~/models/auth.server";
import { parseFields, readBody } from "~/lib/server/http.server";
import { UserError } from "~/lib/user-error";
import { flashCookie } from "~/lib/server/cookies.server";
import { checkWrite, tooManyMessage } from "~/models/rate-limit.server";
import { registerUser } from "~/models/user.server";
import { sendVerificationEmail } from "~/models/email-verification.server";
import { publicOrigin } from "~/lib/server/env.server";
import { firstIssue, signInPageFor } from "~/lib/server/auth-form.server";
import { welcomeHref } from "~/lib/rules/onboarding";
import type { RouteHandle } from "~/lib/route-handle";
import { answerUserErrors } from "~/lib/server/form-reply.server";

export { clientAction } from "~/lib/client/fetcher-answer";

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    // The Sign Up form also sends the confirmation; the API takes the three fields.
    const schema = "confirmPassword" in body.fields ? signUpFormSchema : registerSchema;
    const parsed = schema.safeParse(body.fields);

    const failure = async (status: number, message: string, headers?: Record<string, string>) => {
      if (!body.redirectTo) return Response.json({ success: false, error: message }, { status, headers });
      const values = parseFields(signUpEchoSchema, body.fields);
      const cookie = await flashCookie(request, { authForm: { mode: "signup", error: message, values } });
      return redirect(signInPageFor(body.redirectTo, "signup"), { status: 303, headers: { "Set-Cookie": cookie } });
    };

    const limited = await checkWrite(request, "signUp");
    if (!limited.ok) return failure(429, tooManyMessage(limited.retryAfter), { "Retry-After": String(limited.retryAfter) });

    if (!parsed.success) return failure(400, firstIssue(parsed.error));

    let user;
    try {
      user = await registerUser(parsed.data);
    } catch (error) {
      if (error instanceof UserError) return failure(error.status, error.message);
      console.error("Registration failed", error);
      return failure(500, MESSAGES.registrationFailed);
    }

    // The link to verify the address goes out in the background; sign-up does not wait for it.
    sendVerificationEmail(user, publicOrigin(request)).catch((error) => console.error("Verification email failed", error));

    const message = `Welcome to the club, ${user.username}! Your account is ready.`;
    const headers = new Headers();
    for (const cookie of await startSession(request, user)) headers.append("Set-Cookie", cookie);
    if (body.redirectTo) {
      headers.append("Set-Cookie", await flashCookie(request, { toast: { type: "success", message } }));
      // A new member starts with the welcome steps (their first car first), which end at redirectTo.
      return redirect(welcomeHref("car", body.redirectTo), { status: 303, headers });
    }
    return Response.json(
      {
        success: true,
        message,
        user: { id: user.id, email: user.email, username: user.username },
        session: { loginTime: new Date().toISOString() },
        autoLogin: true,
      },
      { status: 201, headers },
    );
  });
}
