// Request and response helpers shared by every action and resource route.
// Mutations accept JSON, urlencoded and multipart bodies; a plain form post carries a
// `redirectTo` field and is answered with a 303 back to the page instead of JSON.
import { redirect } from "@remix-run/node";
import { sameOriginPath } from "~/lib/rules/redirect-path";
import type { z } from "zod";
import { UserError } from "~/lib/user-error";

/** The largest JSON or urlencoded body we read (uploads have their own limits). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type Body = {
  /** Field values: strings for form and JSON scalars, arrays where repeated, Files in multipart. */
  fields: Record<string, unknown>;
  /** Where a plain form post goes back to; null for fetch/JSON callers. */
  redirectTo: string | null;
};

/**
 * The one redirect helper: `to` as a same-origin path (pathname, search and hash), or
 * `fallback` (see sameOriginPath: no other origin, no control characters or backslashes).
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  return sameOriginPath(to) ?? fallback;
}

/** The page a request came from (its Referer), as a path of this site; null for another site's or none. */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === new URL(request.url).origin ? sameOriginPath(url.pathname + url.search) : null;
  } catch {
    return null;
  }
}

/** Methods that change state: only our own pages (or non-browser clients) may send them. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Why a request must be refused as cross-site, or null. A state-changing request is refused
 * when the browser says it comes from another site (Sec-Fetch-Site: cross-site), from an
 * opaque origin (Origin: null: sandboxed frames, pages with no referrer), or from an origin
 * whose host is not ours. A request with neither header (curl, scripts) goes through: it
 * carries no victim's cookies from a browser.
 */
export function crossSiteRefusal(method: string, headers: { get(name: string): string | null }, ownHost: string): string | null {
  if (!STATE_CHANGING_METHODS.has(method.toUpperCase())) return null;
  if (headers.get("Sec-Fetch-Site")?.trim().toLowerCase() === "cross-site") return "cross-site";
  const origin = headers.get("Origin");
  if (origin === null) return null;
  if (origin.trim() === "null") return "opaque origin";
  let originHost: string;
  try {
    originHost = new URL(origin.trim()).host;
  } catch {
    return "malformed origin";
  }
  return originHost.toLowerCase() === ownHost.toLowerCase() ? null : "foreign origin";
}

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed";

/** 403 when a state-changing request comes from another site (see crossSiteRefusal). */
export function assertSameOrigin(request: Request) {
  if (crossSiteRefusal(request.method, request.headers, new URL(request.url).host)) throw new UserError(403, CROSS_SITE_MESSAGE);
}

/** The media type of a Content-Type header, lower-cased, without its parameters. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

function formToFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    fields[key] = values.length === 1 ? values[0] : values;
  }
  return fields;
}

const TOO_LARGE = "Request body is too large";

/**
 * The request's body as a stream that counts bytes as they arrive and fails once they pass
 * `maxBytes`, whatever Content-Length says (or when there is none: chunked bodies).
 * `exceeded()` tells a read that failed for that reason from a malformed body.
 */
function limitedBody(request: Request, maxBytes: number): { stream: ReadableStream<Uint8Array> | null; exceeded: () => boolean } {
  let over = false;
  if (!request.body) return { stream: null, exceeded: () => over };
  let size = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        over = true;
        controller.error(new UserError(413, TOO_LARGE));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  // preventCancel: past the limit the rest is left unread, not cancelled; cancelling would
  // destroy the connection before the 413 could be sent (the server drains or closes it).
  return { stream: request.body.pipeThrough(counter, { preventCancel: true }), exceeded: () => over };
}

/**
 * The one body reader of every action, resource routes and page actions alike: checks that
 * the request is not cross-site, counts the body against `maxBytes` while it streams (413
 * beyond it, without reading the rest), then parses it by its exact media type: JSON
 * (an object), urlencoded or multipart forms. Anything else with a body is a 415; bad input
 * is a 4xx JSON answer, never a 500. `redirectTo` comes back through safeRedirect.
 */
export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Body> {
  assertSameOrigin(request);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > maxBytes) throw new UserError(413, TOO_LARGE);
  const type = mediaTypeOf(request.headers.get("Content-Type"));
  const { stream, exceeded } = limitedBody(request, maxBytes);

  let fields: Record<string, unknown> = {};
  if (type === "application/json") {
    const text = await readText(stream, exceeded);
    if (text.trim() !== "") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new UserError(400, "Malformed JSON body");
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        throw new UserError(400, "The JSON body must be an object");
      }
      fields = parsed as Record<string, unknown>;
    }
  } else if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
    try {
      const limited = new Response(stream, { headers: { "Content-Type": request.headers.get("Content-Type")! } });
      fields = formToFields(await limited.formData());
    } catch {
      if (exceeded()) throw new UserError(413, TOO_LARGE);
      throw new UserError(400, "Malformed form body");
    }
  } else if (stream) {
    const text = await readText(stream, exceeded);
    if (text.trim() !== "") throw new UserError(415, "Send JSON, urlencoded or multipart form data");
  }

  const redirectTo = typeof fields.redirectTo === "string" ? safeRedirect(fields.redirectTo) : null;
  delete fields.redirectTo;
  return { fields, redirectTo };
}

async function readText(stream: ReadableStream<Uint8Array> | null, exceeded: () => boolean): Promise<string> {
  if (!stream) return "";
  try {
    return await new Response(stream).text();
  } catch {
    if (exceeded()) throw new UserError(413, TOO_LARGE);
    throw new UserError(400, "The body could not be read");
  }
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * A page action's form fields, through readBody (same limits, same cross-site check), for
 * its zod schema. Page actions take forms only: JSON or any other body is a 415.
 */
export async function readFormFields(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  if (!FORM_TYPES.has(mediaTypeOf(request.headers.get("Content-Type")))) {
    assertSameOrigin(request);
    throw new UserError(415, "This page takes a form post (urlencoded or multipart)");
  }
  return (await readBody(request, maxBytes)).fields;
}

/** A page action's form (see readFormFields) as FormData, for the form library. */
export async function readForm(request: Request, maxBytes = MAX_BODY_BYTES): Promise<FormData> {
  const fields = await readFormFields(request, maxBytes);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(name, item);
      else form.append(name, String(item));
    }
  }
  return form;
}

/** A string field, trimmed; "" when absent or not a string. */
export function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  return typeof value === "string" ? value.trim() : "";
}

/** Answers a plain form post with a redirect, and a script caller with JSON. */
export function respond(body: Body, json: unknown, init?: ResponseInit): Response {
  if (body.redirectTo) return redirect(safeRedirect(body.redirectTo), { status: 303, headers: init?.headers });
  return Response.json(json, init);
}

/**
 * An action's input through its zod schema: the parsed value, or a UserError with the first
 * problem's message (or `message`, where every problem reads the same). The status is 400,
 * or `status` where a bad value means something else (404: an id that names no record).
 */
export function parseFields<T extends z.ZodTypeAny>(schema: T, fields: Record<string, unknown>, message?: string, status = 400): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new UserError(status, message ?? parsed.error.issues[0]?.message ?? "Invalid request data");
}
