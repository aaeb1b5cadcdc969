// Fixed-window rate limits kept in memory, per rule and key (a member, an account name or
// a client address). Every action that writes calls limitWrite (or checkWrite) first, as
// Mastodon and Pixelfed throttle every write: a member is counted by their id, a visitor by
// their client address. One process serves the app; several instances would share these
// through the database instead.
import { redirect } from "@remix-run/node";
import { getUser } from "~/lib/auth.server";
import { errorResponse, safeRedirect } from "~/lib/http.server";
import { flashCookie } from "~/lib/session.server";

export type Rule = { limit: number; windowMs: number; message?: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The app's limits. RATE_LIMIT_SCALE multiplies every limit (the browser tests raise them). */
export const RULES = {
  // Credential flows per client (member or address): sign-in, one-time codes, two-factor
  // challenges, password resets, Google. Generous, as many people may share one address.
  signIn: { limit: 30, windowMs: 15 * MINUTE },
  // Credentials, per account (an email, a pending two-factor user): the brute-force guard.
  signInAccount: { limit: 10, windowMs: 15 * MINUTE },
  // Sign-ups per client.
  signUp: { limit: 20, windowMs: HOUR },
  // Reset emails per account name, codes per email address (no mail bombing).
  passwordReset: { limit: 5, windowMs: HOUR },
  loginCode: { limit: 5, windowMs: 15 * MINUTE },
  // Verification emails sent again from the profile, per member.
  verifyEmail: { limit: 5, windowMs: HOUR },
  // Session upkeep: refresh, validate, sign out.
  session: { limit: 300, windowMs: 5 * MINUTE },
  // Security settings: two-factor enrolment and removal, signing out other devices.
  account: { limit: 30, windowMs: 15 * MINUTE },
  post: { limit: 20, windowMs: HOUR },
  postEdit: { limit: 60, windowMs: HOUR },
  comment: { limit: 20, windowMs: MINUTE },
  // Likes, comment likes and saves.
  like: { limit: 120, windowMs: MINUTE },
  share: { limit: 60, windowMs: MINUTE },
  follow: { limit: 60, windowMs: MINUTE },
  block: { limit: 30, windowMs: MINUTE },
  flag: { limit: 20, windowMs: HOUR },
  message: { limit: 30, windowMs: MINUTE },
  // Notifications marked read.
  read: { limit: 120, windowMs: MINUTE },
  // Cars and their modifications: add, edit, delete.
  garage: { limit: 120, windowMs: HOUR },
  // Profile edits, profile photo included.
  profile: { limit: 30, windowMs: 15 * MINUTE },
  attend: { limit: 30, windowMs: MINUTE },
  feedback: { limit: 10, windowMs: HOUR },
  // Administrators: moderation, roles, suspensions, events.
  admin: { limit: 300, windowMs: 5 * MINUTE },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

export type HitResult = { ok: true } | { ok: false; retryAfter: number };

type Window = { count: number; resetAt: number };
const windows = new Map<string, Window>();
let lastSweep = 0;

function scale(): number {
  const value = Number(process.env.RATE_LIMIT_SCALE ?? "1");
  return Number.isFinite(value) && value > 0 ? value : 1;
}

// Drop finished windows now and then so the map does not grow without bound.
function sweep(now: number) {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
}

/** Counts one hit; answers whether it is allowed and, if not, how many seconds to wait. */
export function hit(name: RuleName, key: string, now = Date.now()): HitResult {
  sweep(now);
  const rule: Rule = RULES[name];
  const id = `${name}:${key}`;
  let window = windows.get(id);
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + rule.windowMs };
    windows.set(id, window);
  }
  window.count += 1;
  if (window.count <= rule.limit * scale()) return { ok: true };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
}

export function tooManyMessage(retryAfter: number): string {
  const minutes = Math.ceil(retryAfter / 60);
  return retryAfter < 60
    ? `Too many attempts. Please try again in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`
    : `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The 429 JSON answer: `{ error }` with Retry-After. */
export function tooManyResponse(retryAfter: number): Response {
  return errorResponse(429, tooManyMessage(retryAfter), { "Retry-After": String(retryAfter), "Cache-Control": "no-store" });
}

/** Throws a 429 JSON answer with Retry-After when `key` is over the limit of `name`. */
export function enforce(name: RuleName, key: string | number) {
  const result = hit(name, String(key));
  if (!result.ok) throw tooManyResponse(result.retryAfter);
}

/** Longest client address kept as a key (an IPv6 address with a zone fits). */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The client's address as far as we can tell. The app's Express server overwrites
 * X-Client-Address with the socket's (or trusted proxy's) address on every request, so that
 * header comes first. Without it, X-Forwarded-For is read when TRUST_PROXY=true (a proxy in
 * front sets it); otherwise the address is unknown ("direct").
 */
export function clientKey(request: Request): string {
  const given = request.headers.get("X-Client-Address")?.trim();
  if (given) return given.slice(0, MAX_ADDRESS_LENGTH);
  if (process.env.TRUST_PROXY === "true") {
    const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, MAX_ADDRESS_LENGTH);
  }
  return "direct";
}

/**
 * Per-client limit. Without a known client address every visitor would share one
 * bucket, and one abuser could lock everybody out, so the rule is then not applied.
 */
export function hitForClient(name: RuleName, request: Request): HitResult {
  const key = clientKey(request);
  return key === "direct" ? { ok: true } : hit(name, `ip:${key}`);
}

/**
 * Counts one write against `name`: by the signed-in member, else by the client address
 * (not at all for a visitor whose address is unknown, see hitForClient).
 */
export async function checkWrite(request: Request, name: RuleName): Promise<HitResult> {
  const user = await getUser(request);
  if (user) return hit(name, `user:${user.id}`);
  return hitForClient(name, request);
}

/** Where a page's own form goes back to: the page itself. Null for /api/* routes. */
function pagePath(request: Request): string | null {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return null;
  url.searchParams.delete("_data");
  return safeRedirect(url.pathname + url.search, "/");
}

/**
 * The answer to a write over its limit, fitting the caller: a script gets 429
 * `{ error }` with Retry-After; a plain form post (a `redirectTo` field, or a page's own
 * form) goes back to its page with the message as a toast.
 */
export async function tooManyAnswer(request: Request, retryAfter: number, body?: { redirectTo: string | null } | null): Promise<Response> {
  const back = body?.redirectTo ?? pagePath(request);
  if (!back) return tooManyResponse(retryAfter);
  const headers = new Headers({ "Retry-After": String(retryAfter), "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await flashCookie(request, { toast: { type: "error", message: tooManyMessage(retryAfter) } }));
  return redirect(back, { status: 303, headers });
}

/**
 * The limiter every write goes through first. Throws the answer of tooManyAnswer when the
 * member (or visitor) is over the limit of `name`. Pass the parsed body when there is one,
 * so a plain form post goes back to its page.
 */
export async function limitWrite(request: Request, name: RuleName, body?: { redirectTo: string | null } | null): Promise<void> {
  const result = await checkWrite(request, name);
  if (!result.ok) throw await tooManyAnswer(request, result.retryAfter, body);
}

/** For tests: forget every window. */
export function resetRateLimits() {
  windows.clear();
}
