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

// ------------------------------------------------------------------ the app's public address
//
// APP_URL is the origin that links in emails, og:url and the Google callback are built
// from; it is required in production. In development and tests the request's own origin
// is used only when its host is this machine or listed in ALLOWED_HOSTS (comma-separated
// host names, with or without a port); any other Host header gets DEV_APP_URL.

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

type Env = Record<string, string | undefined>;

const appUrlSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (!value) return null;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `APP_URL must be an http(s) address such as https://cars.example.com (got "${value}")` });
      return z.NEVER;
    }
    return url.origin;
  });

const allowedHostsSchema = z
  .string()
  .transform((value) => value.split(",").map((host) => host.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/, "ALLOWED_HOSTS lists host names such as cars.local or cars.local:8080")));

function parseSetting<T>(schema: z.ZodType<T, z.ZodTypeDef, string>, value: string | undefined): T {
  const parsed = schema.safeParse(value ?? "");
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid setting");
  return parsed.data;
}

/** APP_URL as an origin (no trailing slash), or null when it is not set. Throws when it is malformed. */
export function appUrl(env: Env = process.env): string | null {
  return parseSetting(appUrlSchema, env.APP_URL);
}

/** ALLOWED_HOSTS, lower-cased. Throws when an entry is not a host name. */
export function allowedHosts(env: Env = process.env): string[] {
  return parseSetting(allowedHostsSchema, env.ALLOWED_HOSTS);
}

/** Where links point in development when the request's host is not trusted. */
export function devAppUrl(env: Env = process.env): string {
  const port = Number(env.PORT);
  return `http://localhost:${Number.isInteger(port) && port > 0 ? port : 3000}`;
}

/**
 * Checked when the server starts: throws an Error that says what to set. In production
 * APP_URL is required; everywhere, APP_URL and ALLOWED_HOSTS must parse.
 */
export function checkStartupSettings(env: Env = process.env): void {
  const url = appUrl(env);
  allowedHosts(env);
  if (!url && env.NODE_ENV === "production") {
    throw new Error(
      "APP_URL must be set when NODE_ENV=production: the public address of the app, such as https://cars.example.com. " +
        "Links in emails, og:url and the Google sign-in callback are built from it.",
    );
  }
}

/** The origin to build absolute links with: APP_URL, else (outside production) a trusted request host. */
export function publicOrigin(request: Request, env: Env = process.env): string {
  const configured = appUrl(env);
  if (configured) return configured;
  if (env.NODE_ENV === "production") checkStartupSettings(env);
  const url = new URL(request.url);
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  const allowed = allowedHosts(env);
  if (LOCAL_HOSTS.has(hostname) || allowed.includes(host) || allowed.includes(hostname)) return url.origin;
  return devAppUrl(env);
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

/**
 * The ffmpeg and ffprobe programs: FFMPEG_PATH / FFPROBE_PATH when set (e.g. a system
 * ffmpeg), else the binaries that `npm ci` installs from the registry packages.
 */
export function ffmpegPaths(fallback: { ffmpeg: string; ffprobe: string }): { ffmpeg: string; ffprobe: string } {
  return {
    ffmpeg: process.env.FFMPEG_PATH?.trim() || fallback.ffmpeg,
    ffprobe: process.env.FFPROBE_PATH?.trim() || fallback.ffprobe,
  };
}

/** VIDEO_THREADS: threads one video transcode may use (default 2, at least 1). */
export function videoThreads(): number {
  const value = Number.parseInt(process.env.VIDEO_THREADS ?? "", 10);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 16) : 2;
}

/**
 * UPLOAD_TMP_DIR: where uploaded files wait, as they arrive and until their background job
 * has stored them (default data/incoming). On the same disk as MEDIA_DIR is best.
 */
export function uploadTmpDir(): string {
  return process.env.UPLOAD_TMP_DIR?.trim() || "data/incoming";
}

/** JOB_WORKER=off: this server process runs no background jobs (run `npm run worker` instead). */
export function jobWorkerEnabled(): boolean {
  const value = process.env.JOB_WORKER?.trim().toLowerCase();
  return value !== "off" && value !== "false" && value !== "0";
}

/** JOB_CONCURRENCY: background jobs one process runs at once (default 1). */
export function jobConcurrency(): number {
  const value = Number(process.env.JOB_CONCURRENCY);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 16) : 1;
}
