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
