// GET or POST /api/auth/google[?redirectTo=/path]: starts 'Sign in with Google' (offline
// access, account picker). A plain link, so it works without JavaScript (and within the
// page's form-action policy). Comes back at /api/auth/callback/google.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signInPageFor } from "~/lib/server/auth-form.server";
import { startGoogleSignIn } from "~/models/google.server";
import { googleStartSchema } from "~/lib/schemas/auth-schemas";
import { parseFields, readBody, safeRedirect } from "~/lib/server/http.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { limitWrite } from "~/models/rate-limit.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction, clientLoader } from "~/lib/client/fetcher-answer";

async function start(request: Request, redirectTo: string) {
  return answerUserErrors(
    () => startGoogleSignIn(request, redirectTo),
    async (error) => {
      const cookie = await flashCookie(request, { authForm: { mode: "signin", error: error.message, values: {} } });
      return redirect(signInPageFor(redirectTo, "signin"), { status: 303, headers: { "Set-Cookie": cookie } });
    },
  );
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  return start(request, safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
}

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    await limitWrite(request, "signIn", body);
    return start(request, safeRedirect(body.redirectTo ?? parseFields(googleStartSchema, body.fields).returnTo));
  });
}
