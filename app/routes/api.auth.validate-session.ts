// POST /api/auth/validate-session { clientSessionData: { id, email, username, loginTime } }
// Compares the browser's stored session user with the live server session named by the
// cookie (a session still waiting for its two-factor code is no session):
//   stored user is the server session's user → { valid: true,  syncRequired: false, action: null }
//   any other stored user                    → { valid: false, syncRequired: true,  action: "clear_client_session" }
//   nothing stored, a server session         → { valid: false, syncRequired: true,  action: "sync_from_server" }
//   nothing stored, no server session        → { valid: false, syncRequired: false, action: null }
// "Any other stored user" is one of another id, one stored while the server has no session,
// and one that is malformed (id not a positive whole number, email or username not text,
// loginTime neither text nor null, or clientSessionData that is not such an object): the
// browser cannot trust it, so it clears it. The same id with an older email or username is
// the same user: the answer is valid: false with "sync_from_server", which refreshes the copy.
// Nothing stored is a missing, null or empty clientSessionData (and no user fields in the
// body itself, which is read as the stored user when clientSessionData is absent).
// serverSession is { id, email, username, loginTime } of the server session, or null.
// Only a request that carries the app's cookies counts against the session rule: without
// them there is no session to look up, the answer costs nothing, and a visitor's page load
// writes nothing to the database (so the visitors' page cache stays good).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getAuthState } from "~/models/auth.server";
import { parseFields, readBody } from "~/lib/server/http.server";
import { idSchema } from "~/lib/ids";
import { limitWrite } from "~/models/rate-limit.server";
import { hasAppCookie } from "~/lib/server/security-headers.server";
import type { RouteHandle } from "~/lib/route-handle";
import { answerUserErrors } from "~/lib/server/form-reply.server";
export { clientAction } from "~/lib/client/fetcher-answer";

const storedUserSchema = z.object({
  // The stored copy has the id as a JSON number; text is a malformed copy.
  id: z.number().pipe(idSchema),
  email: z.string(),
  username: z.string(),
  loginTime: z.string().nullish(),
});

type StoredUser = z.infer<typeof storedUserSchema>;

/** What the browser sent: nothing, a well-formed stored user, or something malformed. */
type Stored = { kind: "none" } | { kind: "user"; user: StoredUser } | { kind: "malformed" };

const USER_FIELDS = ["id", "email", "username", "loginTime"];

/** One stored user, as an object or (from a form field) as JSON text. */
const storedSchema = z.unknown().transform((value): Stored => {
  let raw = value;
  if (typeof raw === "string") {
    if (raw.trim() === "") return { kind: "none" };
    try {
      raw = JSON.parse(raw);
    } catch {
      return { kind: "malformed" };
    }
  }
  if (raw === undefined || raw === null) return { kind: "none" };
  const parsed = storedUserSchema.safeParse(raw);
  return parsed.success ? { kind: "user", user: parsed.data } : { kind: "malformed" };
});

/** The body: the stored user as clientSessionData, or the body itself when it has user fields. Never a problem: a bad copy is "malformed". */
const validateSessionSchema = z
  .object({ clientSessionData: z.unknown() })
  .passthrough()
  .transform((fields) => fields.clientSessionData ?? (USER_FIELDS.some((key) => key in fields) ? fields : undefined))
  .pipe(storedSchema);

type Answer = { valid: boolean; syncRequired: boolean; action: "clear_client_session" | "sync_from_server" | null };

const VALID: Answer = { valid: true, syncRequired: false, action: null };
const CLEAR: Answer = { valid: false, syncRequired: true, action: "clear_client_session" };
const SYNC: Answer = { valid: false, syncRequired: true, action: "sync_from_server" };
const NOTHING: Answer = { valid: false, syncRequired: false, action: null };

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const body = await readBody(request);
    if (hasAppCookie(request.headers.get("Cookie"))) await limitWrite(request, "session", body);
    const stored = parseFields(validateSessionSchema, body.fields);
    const state = await getAuthState(request);
    const server = state && !state.pending ? state : null;

    const serverSession = server ? { id: server.user.id, email: server.user.email, username: server.user.username, loginTime: server.createdAt.toISOString() } : null;

    let answer: Answer;
    if (stored.kind === "none") {
      answer = serverSession ? SYNC : NOTHING;
    } else if (stored.kind === "malformed" || !serverSession || stored.user.id !== serverSession.id) {
      answer = CLEAR;
    } else if (stored.user.email === serverSession.email && stored.user.username === serverSession.username) {
      answer = VALID;
    } else {
      answer = SYNC;
    }

    return Response.json({ ...answer, serverSession, expiresAt: server ? server.expiresAt.toISOString() : null }, { headers: { "Cache-Control": "no-store" } });
  });
}
