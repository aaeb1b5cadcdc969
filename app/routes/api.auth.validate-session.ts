// POST /api/auth/validate-session { clientSessionData: { id, email, username, loginTime } }
// Compares the browser's stored session user with the server
// session named by the cookie:
//   same user                   → { valid: true,  syncRequired: false, action: null }
//   no server session, a stored → { valid: false, syncRequired: true,  action: "clear_client_session" }
//   server session, other/none  → { valid: false, syncRequired: true,  action: "sync_from_server" }
//   neither                     → { valid: false, syncRequired: false, action: null }
// serverSession is { id, email, username, loginTime } of the server session, or null.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getAuthState } from "~/lib/auth.server";
import { errorResponse, readBody } from "~/lib/http.server";
import { parseId } from "~/lib/ids";
import { limitWrite } from "~/lib/rate-limit.server";

type ClientSession = { id: number; email: string; username: string; loginTime: string | null };

function clientSessionOf(fields: Record<string, unknown>): ClientSession | null {
  let raw: unknown = fields.clientSessionData ?? fields;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!raw || typeof raw !== "object") return null;
  const value = raw as Record<string, unknown>;
  const id = parseId(value.id);
  if (id === null || typeof value.email !== "string" || typeof value.username !== "string") return null;
  return { id, email: value.email, username: value.username, loginTime: typeof value.loginTime === "string" ? value.loginTime : null };
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const body = await readBody(request);
  await limitWrite(request, "session", body);
  const client = clientSessionOf(body.fields);
  const state = await getAuthState(request);
  const server = state && !state.pending ? state : null;

  const serverSession = server
    ? { id: server.user.id, email: server.user.email, username: server.user.username, loginTime: server.createdAt.toISOString() }
    : null;

  let answer: { valid: boolean; syncRequired: boolean; action: "clear_client_session" | "sync_from_server" | null };
  if (!serverSession) {
    answer = client ? { valid: false, syncRequired: true, action: "clear_client_session" } : { valid: false, syncRequired: false, action: null };
  } else if (client && client.id === serverSession.id && client.email === serverSession.email && client.username === serverSession.username) {
    answer = { valid: true, syncRequired: false, action: null };
  } else {
    answer = { valid: false, syncRequired: true, action: "sync_from_server" };
  }

  return Response.json(
    { ...answer, serverSession, expiresAt: server ? server.expiresAt.toISOString() : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}
