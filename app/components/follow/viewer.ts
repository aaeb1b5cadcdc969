// Posting JSON to the follow routes (being replaced by fetchers).

/** POSTs JSON to one of our API routes and returns the parsed answer (throws on failure). */
export async function postJson<T>(url: string, body: unknown = {}): Promise<{ status: number; data: T | null }> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const data = response.status === 204 ? null : ((await response.json().catch(() => null)) as T | null);
  return { status: response.status, data };
}
