// Fixed-window rate limits kept in memory, per rule and key (a user id, an account name or
// a client address). One process serves the app; several instances would share these
// through the database instead.
import { errorResponse } from "~/lib/http.server";

export type Rule = { limit: number; windowMs: number; message?: string };

/** The app's limits. RATE_LIMIT_SCALE multiplies every limit (the browser tests raise them). */
export const RULES = {
  signIn: { limit: 10, windowMs: 15 * 60_000 },
  signInAccount: { limit: 10, windowMs: 15 * 60_000 },
  signUp: { limit: 10, windowMs: 60 * 60_000 },
  passwordReset: { limit: 5, windowMs: 60 * 60_000 },
  loginCode: { limit: 5, windowMs: 15 * 60_000 },
  comment: { limit: 20, windowMs: 60_000 },
  like: { limit: 120, windowMs: 60_000 },
  flag: { limit: 20, windowMs: 60 * 60_000 },
  follow: { limit: 60, windowMs: 60_000 },
  block: { limit: 30, windowMs: 60_000 },
  attend: { limit: 30, windowMs: 60_000 },
  message: { limit: 30, windowMs: 60_000 },
  post: { limit: 20, windowMs: 60 * 60_000 },
  feedback: { limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

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
export function hit(name: RuleName, key: string, now = Date.now()): { ok: true } | { ok: false; retryAfter: number } {
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
    ? `Too many attempts. Please try again in ${retryAfter} seconds.`
    : `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Throws a 429 JSON answer with Retry-After when `key` is over the limit of `name`. */
export function enforce(name: RuleName, key: string | number) {
  const result = hit(name, String(key));
  if (!result.ok) {
    throw errorResponse(429, tooManyMessage(result.retryAfter), { "Retry-After": String(result.retryAfter) });
  }
}

/**
 * The client's address as far as we can tell. Behind a proxy that sets X-Forwarded-For,
 * set TRUST_PROXY=true; remix-serve itself does not pass the socket address to the app.
 */
export function clientKey(request: Request): string {
  if (process.env.TRUST_PROXY === "true") {
    const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return "direct";
}

/**
 * Per-client limit. Without a trusted client address every visitor would share one
 * bucket, and one abuser could lock everybody out, so the rule is then not applied.
 */
export function hitForClient(name: RuleName, request: Request): ReturnType<typeof hit> {
  const key = clientKey(request);
  return key === "direct" ? { ok: true } : hit(name, key);
}

/** For tests: forget every window. */
export function resetRateLimits() {
  windows.clear();
}
