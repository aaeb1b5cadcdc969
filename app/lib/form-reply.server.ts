// Answers for mutations that both scripts (JSON) and plain forms (redirectTo) call.
// A script gets `{ error }` with the status; a plain form goes back to its page with a
// toast, or to the login modal when it needs a signed-in user.
// This is also where a UserError (lib/user-error.ts) becomes a response: `mutation` for API
// actions, `answerUserErrors` for loaders, `replyToUserError` for page actions.
import { data, redirect } from "@remix-run/node";
import { errorResponse, readBody, safeRedirect, type Body } from "~/lib/http.server";
import { UserError } from "~/lib/user-error";
import { loginHref } from "~/lib/login-events";
import { flashCookie, type Toast } from "~/lib/cookies.server";
import { withUploadBody, type MultipartLimits } from "~/lib/multipart.server";

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

async function messageOf(response: Response): Promise<string> {
  try {
    const data = (await response.clone().json()) as { error?: unknown };
    if (typeof data.error === "string") return data.error;
  } catch {
    // not JSON
  }
  return response.statusText || "Something went wrong";
}

/**
 * Runs a resource route's work; a UserError it throws becomes the JSON answer `{ error }`
 * with its status, thrown as a Response that the route sends as it is.
 */
export async function answerUserErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UserError) throw errorResponse(error.status, error.message);
    throw error;
  }
}

/**
 * Runs a page loader's work; a UserError it throws becomes the page's route error
 * (`{ error }` with its status), which its ErrorBoundary shows.
 */
export async function pageUserErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UserError) throw data({ error: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Runs a page action's work; a UserError it throws is answered by `reply` (the page's own
 * shape: a message next to a field, an error banner...). Other errors go on to Remix.
 */
export async function replyToUserError<T>(work: () => Promise<T>, reply: (error: UserError) => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UserError) return reply(error);
    throw error;
  }
}

/**
 * Reads the body, then runs `handle`. Errors it throws (UserError from a model, or a
 * thrown 4xx Response such as a rate limit's 429) become answers that fit the caller.
 */
export async function mutation(request: Request, handle: (body: Body) => Promise<Response>): Promise<Response> {
  return answerMutation(request, await readBody(request), handle);
}

/** `mutation` for a body that may carry files (multipart, within `limits`). */
export async function uploadMutation(request: Request, limits: MultipartLimits, handle: (body: Body) => Promise<Response>): Promise<Response> {
  return withUploadBody(request, limits, (body) => answerMutation(request, body, handle));
}

async function answerMutation(request: Request, body: Body, handle: (body: Body) => Promise<Response>): Promise<Response> {
  try {
    return await handle(body);
  } catch (error) {
    if (error instanceof UserError) return replyError(request, body, error.status, error.message);
    if (error instanceof Response && error.status >= 400 && error.status < 500) {
      if (!body.redirectTo) return error;
      return replyError(request, body, error.status, await messageOf(error));
    }
    throw error;
  }
}
