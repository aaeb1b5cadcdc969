// Builds real Request objects for calling loaders and actions directly in tests.
const ORIGIN = "http://127.0.0.1:3000";

export function jsonRequest(path: string, body: unknown, init: { method?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  return new Request(ORIGIN + path, {
    method: init.method ?? "POST",
    headers: { "Content-Type": "application/json", ...(init.cookie ? { Cookie: init.cookie } : {}), ...init.headers },
    body: JSON.stringify(body),
  });
}

export function formRequest(path: string, fields: Record<string, string>, init: { cookie?: string } = {}) {
  return new Request(ORIGIN + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(init.cookie ? { Cookie: init.cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

export function getRequest(path: string, init: { cookie?: string } = {}) {
  return new Request(ORIGIN + path, { headers: init.cookie ? { Cookie: init.cookie } : {} });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Calls a loader or action the way Remix does. */
export function args(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} } as never;
}

/** Any request to the app's origin, for headers the helpers above do not set. */
export function rawRequest(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(ORIGIN + path, { ...init, headers, ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}

/**
 * A body of `totalBytes` made lazily, chunk by chunk, with no Content-Length (a chunked
 * upload); `pulled()` says how much of it the reader asked for.
 */
export function lazyBody(totalBytes: number, piece = "a=" + "x".repeat(64 * 1024 - 2)) {
  const chunk = new TextEncoder().encode(piece);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

/** What a loader or action throws as its answer: a Response, or `data(…, { status })`. */
function isThrownAnswer(thrown: unknown): boolean {
  return thrown instanceof Response || (typeof thrown === "object" && thrown !== null && (thrown as { type?: unknown }).type === "DataWithResponseInit");
}

/**
 * Awaits a loader or action; a thrown answer (a Response or `data(…)`) counts as its answer.
 * It is a Response unless the test names what else the handler answers (a loader's plain
 * data: `answer<unknown>`).
 */
export async function answer<T = Response>(result: unknown): Promise<T> {
  try {
    return (await result) as T;
  } catch (thrown) {
    if (isThrownAnswer(thrown)) return thrown as T;
    throw thrown;
  }
}

type Handler = (a: never) => unknown;

/** Calls a loader or action with `request` and answers what it returns or throws (see `answer`). */
export function call<T = Response>(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<T> {
  return answer<T>(handler(args(request, params)));
}

/**
 * Calls a loader or action and reads its answer: the status, the JSON body (null when the
 * answer is not JSON) and the Response. A plain value (a loader's data) counts as a 200
 * answer with that body.
 */
/** A JSON answer: tests read whatever fields they check. */
type Json = any;

export async function callJson(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<{ status: number; body: Json; response: Response }> {
  return answerJson(handler(args(request, params)));
}

/** What a loader's or action's call answered, returned or thrown, read as `callJson` reads it. */
export async function answerJson(result: unknown): Promise<{ status: number; body: Json; response: Response }> {
  const answered = await answer<unknown>(result);
  if (!(answered instanceof Response)) return { status: 200, body: answered, response: Response.json(answered) };
  const body: Json = answered.headers.get("Content-Type")?.includes("json") ? await answered.json() : null;
  return { status: answered.status, body, response: answered };
}

/** The status a loader's or action's answer carries: a Response's, or that of `data(…, { status })`; 200 for plain data. */
export function statusOf(answered: unknown): number {
  if (answered instanceof Response) return answered.status;
  const init = (answered as { init?: { status?: number } | null } | null)?.init;
  return init?.status ?? 200;
}

/** A form field, or a file: [name, bytes, filename, type (application/octet-stream unless given)]. */
export type Part = [name: string, value: string] | [name: string, value: Uint8Array, filename: string, type?: string];

/** A multipart/form-data POST, the way a browser sends a form with files. */
export function multipartRequest(path: string, parts: Part[], init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  for (const [name, value, filename, type] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([value as Uint8Array<ArrayBuffer>], { type: type ?? "application/octet-stream" }), filename);
  }
  return new Request(ORIGIN + path, { method: "POST", body: form, headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...init.headers } });
}
