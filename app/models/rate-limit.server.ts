// Fixed-window rate limits, per rule and key. Every action that writes calls limitWrite (or
// checkWrite) first. A write counts against the client address always, and also against the
// account it concerns: the signed-in member, or the account a reset or code targets (found
// from the typed email or username, so both count together). Password guesses count
// against the typed name (kept only as a keyed hash), whether or not an account has it, or
// against the device when it is one the account signed in on before. The windows live in
// the database (rate_limits), so every process and instance shares them and a restart
// forgets nothing.
import { createHmac } from "node:crypto";
import { redirect } from "@remix-run/node";
import { getUser } from "~/models/auth.server";
import { safeRedirect } from "~/lib/server/http.server";
import { sessionSecret, settings, trustedProxyHops } from "~/lib/server/env.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { accountIdByName, countHits, deleteAllWindows, deleteEndedWindows } from "~/models/limits.server";
import { knownDeviceToken } from "~/models/known-device.server";
import { errorResponse } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

export type Rule = { limit: number; windowMs: number; message?: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The app's limits. RATE_LIMIT_SCALE multiplies every limit (the browser tests raise them). */
export const RULES = {
  // Credential flows per client address (and signed-in member): sign-in, one-time codes,
  // two-factor challenges, password resets, Google. Generous, as many people may share one address.
  signIn: { limit: 30, windowMs: 15 * MINUTE },
  // Password guesses per typed email or username, from devices the account has not signed
  // in on: the brute-force guard. It never stops sign-in by emailed code, Google, or a
  // password from a known device.
  signInAccount: { limit: 10, windowMs: 15 * MINUTE },
  // Password attempts from a device the account signed in on before, per device and account.
  signInDevice: { limit: 10, windowMs: 15 * MINUTE },
  // Two-factor and authenticator-app codes, and the password checks of the security
  // settings, per account (a first factor or a session is already proven).
  twoFactor: { limit: 10, windowMs: 15 * MINUTE },
  // Sign-ups per client address (a new account's cookie does not start a new count).
  signUp: { limit: 20, windowMs: HOUR },
  // Reset emails and sign-in codes per account (no mail bombing).
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
  // Push notifications: devices turned on or off, and the choice of kinds, per member.
  push: { limit: 30, windowMs: 15 * MINUTE },
  // Administrators: moderation, roles, suspensions, events.
  admin: { limit: 300, windowMs: 5 * MINUTE },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

export type HitResult = { ok: true } | { ok: false; retryAfter: number };

/** RATE_LIMIT_SCALE multiplies every limit (default 1). */
function scale(): number {
  return settings().RATE_LIMIT_SCALE;
}

/** One counted hit: a rule and whom it counts (`ip:<address>` or `user:<account id>`). */
type Entry = { name: RuleName; key: string };

/** How often a process deletes ended windows, and how many at most each time. */
const SWEEP_EVERY_MS = 10_000;
const SWEEP_BATCH = 500;
let nextSweep = 0;

// Ended windows are deleted now and then, a bounded batch at a time; a full batch means
// more are waiting, so the next hit sweeps again.
async function sweep(now: number) {
  if (now < nextSweep) return;
  nextSweep = now + SWEEP_EVERY_MS;
  try {
    const deleted = await deleteEndedWindows(now, SWEEP_BATCH);
    if (deleted >= SWEEP_BATCH) nextSweep = 0;
  } catch (error) {
    // Housekeeping only: the request itself was counted, so it goes on.
    console.error("Deleting ended rate-limit windows failed", error);
  }
}

/**
 * Counts one hit for each entry, in one statement, and answers whether all are within
 * their limits; if not, how many seconds until the last refusing window ends.
 */
async function hitAll(entries: Entry[], now = Date.now()): Promise<HitResult> {
  const byKey = new Map<string, Rule>();
  for (const entry of entries) byKey.set(`${entry.name}:${entry.key}`, RULES[entry.name]);
  if (byKey.size === 0) return { ok: true };
  const counters = await countHits(
    [...byKey].map(([key, rule]) => ({ key, windowMs: rule.windowMs })),
    now,
  );
  await sweep(now);
  let retryAfter = 0;
  for (const counter of counters) {
    const rule = byKey.get(counter.key);
    if (rule && counter.count > rule.limit * scale()) {
      retryAfter = Math.max(retryAfter, Math.ceil((counter.resetAt - now) / 1000), 1);
    }
  }
  return retryAfter > 0 ? { ok: false, retryAfter } : { ok: true };
}

/** Counts one hit of `name` for `key`; answers whether it is allowed and, if not, how many seconds to wait. */
export function hit(name: RuleName, key: string, now = Date.now()): Promise<HitResult> {
  return hitAll([{ name, key }], now);
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

/** Longest client address kept as a key (an IPv6 address with a zone fits). */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The client's address as far as we can tell. The app's Express server overwrites
 * X-Client-Address with the socket's (or trusted proxy's) address on every request, so that
 * header comes first. Without it, X-Forwarded-For is read when TRUST_PROXY names proxies in
 * front (the entry the outermost trusted one wrote); otherwise the address is unknown ("direct").
 */
export function clientKey(request: Request): string {
  const given = request.headers.get("X-Client-Address")?.trim();
  if (given) return given.slice(0, MAX_ADDRESS_LENGTH);
  const hops = trustedProxyHops();
  if (hops > 0) {
    // The proxies append; only the entry the outermost trusted proxy wrote is believed.
    const entries = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const forwarded = entries.length >= hops ? entries[entries.length - hops] : undefined;
    if (forwarded) return forwarded.slice(0, MAX_ADDRESS_LENGTH);
  }
  return "direct";
}

/** The account a typed email or username stands for, or null (see accountIdByName). */
export const accountIdOf = accountIdByName;

/**
 * Counts one write against `name`: always by the client address (where it is known), and
 * also by the signed-in member. A visitor whose address is unknown ("direct") is not
 * counted by address: every such visitor would share one bucket, and one abuser could
 * lock everybody out.
 */
export async function checkWrite(request: Request, name: RuleName): Promise<HitResult> {
  const entries: Entry[] = [];
  const address = clientKey(request);
  if (address !== "direct") entries.push({ name, key: `ip:${address}` });
  const user = await getUser(request);
  if (user) entries.push({ name, key: `user:${user.id}` });
  return hitAll(entries);
}

/**
 * Counts one attempt of `name` against an account (the one a sign-in, reset, code or
 * two-factor challenge targets), by its id. No account (an unknown name): nothing is
 * counted here; the caller has counted the client address already (checkWrite).
 */
export function checkAccount(name: RuleName, accountId: number | null): Promise<HitResult> {
  return accountId === null ? Promise.resolve({ ok: true }) : hit(name, `user:${accountId}`);
}

/** A typed sign-in name as a limit key: lower-cased, trimmed, and kept only as a keyed hash. */
function nameKey(typed: string): string {
  const digest = createHmac("sha256", `rate-limit-name:${sessionSecret()}`).update(typed.trim().toLowerCase()).digest("base64url");
  return `name:${digest.slice(0, 32)}`;
}

/**
 * Counts one password attempt for the typed email or username. From a device the account
 * signed in on before (its known-device cookie), the attempt counts against that device's
 * own token, so guessers elsewhere never lock the owner out there. From any other device
 * it counts against the typed name, whether or not an account has it: the answer over the
 * limit (429) is the same for every name and tells nothing about accounts.
 */
export async function checkPasswordAttempt(request: Request, typed: string): Promise<HitResult> {
  const accountId = await accountIdByName(typed);
  const device = accountId === null ? null : await knownDeviceToken(request, accountId);
  return device ? hit("signInDevice", `device:${accountId}:${device}`) : hit("signInAccount", nameKey(typed));
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
 * The limiter every write goes through first, when the member (or visitor) is over the limit
 * of `name`: a script's request throws the UserError 429 (with the seconds to wait, its
 * Retry-After), which `mutation` or `answerUserErrors` answers; a plain form post (pass the
 * parsed body when there is one) or a page's own form is sent back to its page with the
 * message as a toast.
 */
export async function limitWrite(request: Request, name: RuleName, body?: { redirectTo: string | null } | null): Promise<void> {
  const result = await checkWrite(request, name);
  if (result.ok) return;
  if (!(body?.redirectTo ?? pagePath(request))) throw new UserError(429, tooManyMessage(result.retryAfter), { retryAfter: result.retryAfter });
  throw await tooManyAnswer(request, result.retryAfter, body);
}

/** For tests: forget every window. */
export async function resetRateLimits(): Promise<void> {
  await deleteAllWindows();
}
