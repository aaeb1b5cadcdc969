// Settings read from the environment (all listed in .env.example).
import { randomBytes } from "node:crypto";
import { z } from "zod";

let devSecret: string | undefined;

/** SESSION_SECRET, required in production; a generated value with a warning elsewhere. */
export function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET?.trim();
  if (secret) return secret;
  if (process.env.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET must be set when NODE_ENV=production");
  }
  if (!devSecret) {
    devSecret = randomBytes(32).toString("hex");
    console.warn("SESSION_SECRET is not set: using a generated one; sessions end when the server restarts.");
  }
  return devSecret;
}

/** Lower-cased emails from ADMIN_EMAILS; those accounts are administrators. */
export function adminEmails(): Set<string> {
  return new Set(
    (process.env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

// ------------------------------------------------------------------ proxies and TLS
// One reading of TRUST_PROXY and COOKIE_SECURE for the server and the app alike: a switch
// is on for true/1/yes/on and off for false/0/no/off or nothing, in any case; anything
// else stops the start with a message naming the setting.

const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["true", "1", "yes", "on", "false", "0", "no", "off", ""]))
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

/** TRUST_PROXY: on/off, or how many proxies stand in front (on = 1). */
const proxyHops = z.union([
  onOff.transform((on) => (on ? 1 : 0)),
  z.string().trim().regex(/^\d{1,2}$/).transform(Number),
]);

function setting<T>(name: string, schema: z.ZodType<T, z.ZodTypeDef, string>, value: string | undefined, fallback: T): T {
  if (value === undefined) return fallback;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${name}=${JSON.stringify(value)} is not understood: use true or false${name === "TRUST_PROXY" ? " (or the number of proxies in front)" : ""}.`);
  return parsed.data;
}

/**
 * How many proxies in front of the app to believe (TRUST_PROXY): 0 ignores every
 * X-Forwarded-* header; n takes the client from the n-th X-Forwarded-For entry from the
 * right and the scheme and host from the nearest proxy.
 */
export function trustedProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  return setting("TRUST_PROXY", proxyHops, env.TRUST_PROXY, 0);
}

/**
 * COOKIE_SECURE (or the older SECURE_COOKIES): the app is only served over TLS, so every
 * cookie is Secure and every answer carries HSTS.
 */
export function cookieSecure(env: NodeJS.ProcessEnv = process.env): boolean {
  return setting("COOKIE_SECURE", onOff, env.COOKIE_SECURE, false) || setting("SECURE_COOKIES", onOff, env.SECURE_COOKIES, false);
}

/** The older name of cookieSecure. */
export const secureCookies = (): boolean => cookieSecure();
