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
