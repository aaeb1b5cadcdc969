// Small client helpers shared by the follow, notification and profile components.
import { useRouteLoaderData } from "@remix-run/react";

export type Viewer = { id: number; username: string; nickname: string | null; profileImage: string | null } | null;

/** The signed-in user from the root loader, or null for a visitor. */
export function useViewer(): Viewer {
  const root = useRouteLoaderData("root") as { user?: Viewer } | undefined;
  return root?.user ?? null;
}

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
