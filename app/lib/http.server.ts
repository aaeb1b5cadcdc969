// Request and response helpers shared by every action and resource route.
// Mutations accept JSON, urlencoded and multipart bodies; a plain form post carries a
// `redirectTo` field and is answered with a 303 back to the page instead of JSON.
import { redirect } from "@remix-run/node";

/** The largest JSON or urlencoded body we read (uploads have their own limits). */
export const MAX_BODY_BYTES = 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON error answer: `{ "error": message }` with the status. */
export function errorResponse(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}

/** Throws a JSON error answer; loaders and actions let Remix send it. */
export function fail(status: number, message: string): never {
  throw errorResponse(status, message);
}

export type Body = {
  /** Field values: strings for form and JSON scalars, arrays where repeated, Files in multipart. */
  fields: Record<string, unknown>;
  /** Where a plain form post goes back to; null for fetch/JSON callers. */
  redirectTo: string | null;
};

/** Same-origin path only: never an absolute URL or a protocol-relative one. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  return to;
}

/** 403 when the request names another origin: mutations come from our own pages only. */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return;
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    fail(403, "Cross-origin requests are not allowed");
  }
  if (originHost !== host) fail(403, "Cross-origin requests are not allowed");
}

function formToFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    fields[key] = values.length === 1 ? values[0] : values;
  }
  return fields;
}

/**
 * Checks the origin and the size, then parses the body whatever its encoding.
 * Bad input becomes a 4xx JSON answer, never a 500.
 */
export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Body> {
  assertSameOrigin(request);
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > maxBytes) fail(413, "Request body is too large");
  const type = request.headers.get("Content-Type") ?? "";

  let fields: Record<string, unknown> = {};
  if (type.includes("application/json")) {
    const text = await readLimitedText(request, maxBytes);
    if (text.trim() !== "") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        fail(400, "Malformed JSON body");
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        fail(400, "The JSON body must be an object");
      }
      fields = parsed as Record<string, unknown>;
    }
  } else if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    try {
      fields = formToFields(await request.formData());
    } catch {
      fail(400, "Malformed form body");
    }
  } else if (request.body) {
    const text = await readLimitedText(request, maxBytes);
    if (text.trim() !== "") fail(415, "Send JSON, urlencoded or multipart form data");
  }

  const redirectTo = typeof fields.redirectTo === "string" ? safeRedirect(fields.redirectTo) : null;
  delete fields.redirectTo;
  return { fields, redirectTo };
}

async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      fail(413, "Request body is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A string field, trimmed; "" when absent or not a string. */
export function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  return typeof value === "string" ? value.trim() : "";
}

/** Answers a plain form post with a redirect, and a script caller with JSON. */
export function respond(body: Body, json: unknown, init?: ResponseInit): Response {
  if (body.redirectTo) return redirect(body.redirectTo, { status: 303, headers: init?.headers });
  return Response.json(json, init);
}
