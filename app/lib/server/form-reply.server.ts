// The one place where a UserError (lib/user-error.ts) becomes the answer the caller sees.
// - `mutation` (and `uploadMutation` for a body with files) for the writes that both scripts
//   and plain forms send: a script gets `{ error, status }` with the status; a plain form (one with
//   a `redirectTo` field) goes back to its page with a toast, or to the login modal when it
//   needs a signed-in user.
// - `answerUserErrors` for every other loader and action: the JSON `{ error, status }` with the
//   status, which a resource route sends as it is and a page shows in its ErrorBoundary; or,
//   given `reply`, the page's own answer (its form again, with the message, and a 400).
import { redirect } from "@remix-run/node";
import { parseFields, readBody, safeRedirect, type Body } from "~/lib/server/http.server";
import { methodOverrideSchema } from "~/lib/schemas/input-schemas";
import { UserError } from "~/lib/user-error";
import { loginHref } from "~/lib/rules/login-links";
import { flashCookie, type Toast } from "~/lib/server/cookies.server";
import { withUploadBody, type MultipartLimits } from "~/lib/server/multipart.server";

/**
 * A JSON error answer: `{ "error": message, "status": status }` with the status. The status is
 * in the body too because a fetcher is handed the body alone.
 */
export function errorResponse(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: message, status }, { status, headers });
}

/** The headers a UserError's answer carries: Retry-After for a 429 that says when. */
export function userErrorHeaders(error: UserError): HeadersInit | undefined {
  return error.retryAfter === undefined ? undefined : { "Retry-After": String(error.retryAfter), "Cache-Control": "no-store" };
}

/** An error answer that fits the caller. */
export async function replyError(request: Request, body: Body | null, status: number, message: string, headers?: HeadersInit): Promise<Response> {
  if (!body?.redirectTo) return errorResponse(status, message, headers);
  if (status === 401) return redirect(loginHref(body.redirectTo), 303);
  return redirect(safeRedirect(body.redirectTo), {
    status: 303,
    headers: { "Set-Cookie": await flashCookie(request, { toast: { type: "error", message } }) },
  });
}

/** A success answer: JSON for scripts, a 303 back (with an optional toast) for plain forms. */
export async function replyOk(request: Request, body: Body, json: unknown, init: ResponseInit = {}, toast?: Toast): Promise<Response> {
  if (!body.redirectTo) return Response.json(json, init);
  const headers = new Headers(init.headers);
  if (toast) headers.append("Set-Cookie", await flashCookie(request, { toast }));
  return redirect(safeRedirect(body.redirectTo), { status: 303, headers });
}

/** The answer to a deletion: a plain form goes back with a toast saying `message`; a script gets 204. */
export async function replyDeleted(request: Request, body: Body, message: string): Promise<Response> {
  if (body.redirectTo) return replyOk(request, body, null, {}, { type: "success", message });
  return new Response(null, { status: 204 });
}

/** The method a write means: a form can only POST, so its `_method` field may name PATCH or DELETE. */
export function intendedMethod(request: Request, body: Body): string {
  return request.method === "POST" ? parseFields(methodOverrideSchema, body.fields)._method : request.method;
}

/**
 * Runs a loader's or action's work. A UserError it throws becomes the JSON answer `{ error }`
 * with its status, thrown as the route's answer; with `reply`, the answer `reply` gives
 * instead (a page's form shown again with the message). Other errors go on to Remix.
 */
export async function answerUserErrors<T>(work: () => Promise<T>, reply?: (error: UserError) => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    if (reply) return reply(error);
    throw errorResponse(error.status, error.message, userErrorHeaders(error));
  }
}

/**
 * Reads the body, then runs `handle`. A UserError it throws (from a model, or a rate limit's
 * 429) becomes the answer that fits the caller; a thrown Response (a redirect, the two-factor
 * challenge) passes as it is: no code throws a 4xx Response, only a UserError.
 */
export async function mutation(request: Request, handle: (body: Body) => Promise<Response>): Promise<Response> {
  return answerUserErrors(async () => answerMutation(request, await readBody(request), handle));
}

/** `mutation` for a body that may carry files (multipart, within `limits`). */
export async function uploadMutation(request: Request, limits: MultipartLimits, handle: (body: Body) => Promise<Response>): Promise<Response> {
  return answerUserErrors(() => withUploadBody(request, limits, (body) => answerMutation(request, body, handle)));
}

async function answerMutation(request: Request, body: Body, handle: (body: Body) => Promise<Response>): Promise<Response> {
  try {
    return await handle(body);
  } catch (error) {
    if (error instanceof UserError) return replyError(request, body, error.status, error.message, userErrorHeaders(error));
    throw error;
  }
}
