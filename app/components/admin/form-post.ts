// Sending a real <form> with fetch once JavaScript runs. The same form posts normally
// (with its hidden redirectTo) when it does not. Without redirectTo in the body the API
// answers JSON, so the page can update in place and show a toast.
import { requestLogin } from "~/lib/login-events";

export type PostResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string };

/** The form's fields (and the pressed button's name/value), without redirectTo. */
export function formFields(form: HTMLFormElement, submitter?: HTMLElement | null): URLSearchParams {
  const data = new FormData(form, submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
  const params = new URLSearchParams();
  for (const [key, value] of data.entries()) {
    if (key === "redirectTo" || typeof value !== "string") continue;
    params.append(key, value);
  }
  return params;
}

function errorOf(body: unknown, status: number): string {
  if (body && typeof body === "object" && "error" in body && typeof (body as { error: unknown }).error === "string") {
    return (body as { error: string }).error;
  }
  return status === 0 ? "Network error. Please check your connection and try again." : `Something went wrong (${status})`;
}

/**
 * POSTs `body` (urlencoded, or JSON for a plain object) and reads the JSON answer. Never
 * throws: a network failure is `{ ok: false, status: 0 }`. A 401 also opens the login modal.
 */
export async function postForm<T = unknown>(
  url: string,
  body: URLSearchParams | Record<string, unknown>,
  options: { method?: string; signal?: AbortSignal } = {},
): Promise<PostResult<T>> {
  let response: Response;
  try {
    const json = !(body instanceof URLSearchParams);
    response = await fetch(url, {
      method: options.method ?? "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(json ? { "Content-Type": "application/json" } : {}) },
      body: json ? JSON.stringify(body) : body,
      signal: options.signal,
    });
  } catch {
    return { ok: false, status: 0, error: errorOf(null, 0) };
  }
  if (response.status === 401) {
    requestLogin({ redirectTo: typeof window === "undefined" ? undefined : window.location.pathname + window.location.search });
  }
  if (response.status === 204) return { ok: true, status: 204, data: null as T };
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) return { ok: false, status: response.status, error: errorOf(data, response.status) };
  return { ok: true, status: response.status, data: data as T };
}
