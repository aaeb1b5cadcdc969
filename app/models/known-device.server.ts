// Known devices: after every complete sign-in (password, emailed code, Google, password
// reset; with the two-factor code where the account has it on) the browser gets a signed,
// long-lived `__device` cookie naming the accounts that signed in on it, each with a random
// token of this device. A password sign-in from a known device is not stopped by the lock
// that password guessers elsewhere put on the account: it counts against the device's own
// token instead (see checkPasswordAttempt in rate-limit.server.ts).
//
// The cookie is signed with the session secret, so it cannot be made up or moved to another
// account; it proves only that this browser signed in to the account before, never signs in.
import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { cookieSecure, sessionSecret } from "~/lib/server/env.server";
import { cookieFlags } from "~/lib/server/cookies.server";

/** How long a device stays known after its last sign-in. */
const KNOWN_DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** Most accounts remembered on one device (a shared computer); the oldest goes first. */
const MAX_ACCOUNTS = 5;

const deviceCookie = createCookie("__device", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: cookieSecure(),
  secrets: [sessionSecret()],
  maxAge: KNOWN_DEVICE_LIFETIME_SECONDS,
});

type Entry = { u: number; t: string };

async function entriesOf(request: Request): Promise<Entry[]> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is Entry =>
      typeof entry === "object" && entry !== null && Number.isInteger((entry as Entry).u) && typeof (entry as Entry).t === "string" && (entry as Entry).t.length > 0,
  );
}

/** This device's token for `userId` when the account signed in on it before, else null. */
export async function knownDeviceToken(request: Request, userId: number): Promise<string | null> {
  return (await entriesOf(request)).find((entry) => entry.u === userId)?.t ?? null;
}

/**
 * The Set-Cookie value that marks this device as known to `userId` (keeping its token when
 * it had one, and the other accounts it remembers). Call once a sign-in is complete.
 */
export async function rememberDevice(request: Request, userId: number): Promise<string> {
  const entries = await entriesOf(request);
  const token = entries.find((entry) => entry.u === userId)?.t ?? randomBytes(18).toString("base64url");
  const kept = [{ u: userId, t: token }, ...entries.filter((entry) => entry.u !== userId)].slice(0, MAX_ACCOUNTS);
  return deviceCookie.serialize(kept, cookieFlags(request));
}
