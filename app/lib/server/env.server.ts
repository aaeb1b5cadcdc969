// Every setting the app and its server read from the environment, parsed in one place with
// zod (those an operator sets are listed in .env.example and README.md). Nothing else in
// app/ or server/ reads process.env: they call settings() or one of the accessors below.
//
// A value that is blank (or only spaces) counts as unset and gets the default. A value that
// cannot be understood throws an Error naming the setting and saying what to set; the
// server runs checkStartupSettings before it starts, so such a value stops the start.
// Values of secret settings are never repeated in a message.
//
// The environment is parsed again only when one of its settings has changed since the last
// parse: a running server parses it once, at start-up, while tests may change a setting
// between two cases (no reset is needed).
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { settingsSchema, switchValue } from "./env-schema.server";
import { DEV_VAPID_FILE, devVapidKeys } from "./vapid-keys";

type Env = Record<string, string | undefined>;

export type Settings = z.output<typeof settingsSchema>;
export type SettingName = keyof Settings;

const SETTING_NAMES = Object.keys(settingsSchema.shape) as SettingName[];

/** Settings whose values never appear in a message (they are secrets or may hold a password). */
const SECRET_SETTINGS = new Set<string>([
  "SESSION_SECRET",
  "GOOGLE_CLIENT_SECRET",
  "SMTP_URL",
  "DATABASE_URL",
  "DATABASE_LISTEN_URL",
  "METRICS_TOKEN",
  "VAPID_PRIVATE_KEY",
  "S3_SECRET_ACCESS_KEY",
]);

/** Each setting's value as the schema takes it: trimmed, and blank as unset. */
function rawSettings(env: Env): Record<SettingName, string | undefined> {
  const raw = {} as Record<SettingName, string | undefined>;
  for (const name of SETTING_NAMES) raw[name] = env[name]?.trim() || undefined;
  return raw;
}

function problem(name: string, value: string | undefined, message: string): string {
  if (message.startsWith(name)) return message;
  const shown = SECRET_SETTINGS.has(name) || value === undefined ? name : `${name}=${JSON.stringify(value)}`;
  return `${shown} is not understood: ${message}.`;
}

/** The parsed settings, or one line per setting that cannot be understood. */
function parseSettings(env: Env): { settings: Settings } | { problems: string[] } {
  const raw = rawSettings(env);
  const parsed = settingsSchema.safeParse(raw);
  if (parsed.success) return { settings: parsed.data };
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0]);
    if (!problems.has(name)) problems.set(name, problem(name, raw[name as SettingName], issue.message));
  }
  return { problems: [...problems.values()] };
}

function problemMessage(problems: string[], heading = "Some settings are not understood:"): string {
  return problems.length === 1 ? problems[0] : `${heading}\n- ${problems.join("\n- ")}`;
}

let last: { values: (string | undefined)[]; result: ReturnType<typeof parseSettings> } | undefined;

/**
 * What the serving process read of its environment once it started (keepSettings). Kept on the
 * process, not in this module: the server and the app's build each load a copy of this module.
 */
const KEPT = Symbol.for("carsocial.settings");
type Kept = { [KEPT]?: Settings };

/**
 * Every setting, parsed (again only when a value has changed). Throws when one cannot be
 * understood. In a process that serves (keepSettings), the environment's settings as read at
 * its start.
 */
export function settings(env: Env = process.env): Settings {
  const kept = (globalThis as Kept)[KEPT];
  if (kept && env === process.env) return kept;
  const values = SETTING_NAMES.map((name) => env[name]);
  if (!last || values.some((value, index) => value !== last!.values[index])) last = { values, result: parseSettings(env) };
  if ("problems" in last.result) throw new Error(problemMessage(last.result.problems));
  return last.result.settings;
}

/**
 * A process that serves reads its settings once, at its start: nothing changes its
 * environment afterwards, and reading every variable again costs a little on every request.
 * Tests and scripts, which change the environment as they go, never call this.
 */
export function keepSettings(keep = true): void {
  delete (globalThis as Kept)[KEPT];
  if (keep) (globalThis as Kept)[KEPT] = settings();
}

/** Whether a setting has a value (blank counts as unset); never its value. */
export function settingIsSet(name: SettingName, env: Env = process.env): boolean {
  return Boolean(env[name]?.trim());
}

/** Sets NODE_ENV when it is unset (the server runs in production unless told otherwise). */
export function defaultNodeEnv(mode: "production" | "development" | "test"): void {
  process.env.NODE_ENV ??= mode;
}

export function isProduction(env: Env = process.env): boolean {
  return settings(env).NODE_ENV === "production";
}

// ------------------------------------------------------------------ start-up

/**
 * Checked when the server starts: throws an Error that says what to set. Every setting
 * must be understood; in production APP_URL and SESSION_SECRET are required.
 */
export function checkStartupSettings(env: Env = process.env): void {
  const parsed = parseSettings(env);
  const problems = "problems" in parsed ? [...parsed.problems] : [];
  const raw = rawSettings(env);
  if (raw.NODE_ENV === "production") {
    if (!raw.APP_URL) {
      problems.push(
        "APP_URL must be set when NODE_ENV=production: the public address of the app, such as https://cars.example.com. " +
          "Links in emails, og:url and the Google sign-in callback are built from it.",
      );
    }
    if (!raw.SESSION_SECRET) {
      problems.push("SESSION_SECRET must be set when NODE_ENV=production: a long random string (such as the output of `openssl rand -hex 32`) that signs the cookies.");
    }
    if (raw.PUSH && switchValue(raw.PUSH) === true) {
      if (!raw.VAPID_PUBLIC_KEY || !raw.VAPID_PRIVATE_KEY) {
        problems.push(
          "PUSH=on needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when NODE_ENV=production: make a pair with `npx web-push generate-vapid-keys` (or set PUSH=off).",
        );
      } else if (!raw.VAPID_SUBJECT && !raw.APP_URL?.startsWith("https://")) {
        problems.push("PUSH=on needs VAPID_SUBJECT when NODE_ENV=production and APP_URL is not https: such as mailto:you@example.com.");
      }
    }
    if (raw.PUSH_ALLOW_LOCAL_ENDPOINTS && switchValue(raw.PUSH_ALLOW_LOCAL_ENDPOINTS) === true) {
      problems.push("PUSH_ALLOW_LOCAL_ENDPOINTS is for tests only and cannot be on when NODE_ENV=production.");
    }
  }
  if (raw.MEDIA_STORE === "s3" && !raw.S3_BUCKET) {
    problems.push("MEDIA_STORE=s3 needs S3_BUCKET: the name of the bucket media are kept in.");
  }
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's usual credentials.");
  }
  if (problems.length) throw new Error(problemMessage(problems, "The server cannot start with these settings:"));
}

// ------------------------------------------------------------------ accounts

let devSecret: string | undefined;

/** SESSION_SECRET, required in production; a generated value with a warning elsewhere. */
export function sessionSecret(): string {
  const { SESSION_SECRET, NODE_ENV } = settings();
  if (SESSION_SECRET) return SESSION_SECRET;
  if (NODE_ENV === "production") {
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
  return new Set(settings().ADMIN_EMAILS);
}

// ------------------------------------------------------------------ the app's public address
//
// APP_URL is the origin that links in emails, og:url and the Google callback are built
// from; it is required in production. In development and tests the request's own origin
// is used only when its host is this machine or listed in ALLOWED_HOSTS (comma-separated
// host names, with or without a port); any other Host header gets http://localhost:PORT.

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** APP_URL as an origin (no trailing slash), or null when it is not set. Throws when it is malformed. */
export function appUrl(env: Env = process.env): string | null {
  return settings(env).APP_URL ?? null;
}

/** ALLOWED_HOSTS, lower-cased. Throws when an entry is not a host name. */
export function allowedHosts(env: Env = process.env): string[] {
  return settings(env).ALLOWED_HOSTS;
}

/** Where links point in development when the request's host is not trusted. */
export function devAppUrl(env: Env = process.env): string {
  const port = settings(env).PORT;
  return `http://localhost:${port > 0 ? port : 3000}`;
}

/** The origin to build absolute links with: APP_URL, else (outside production) a trusted request host. */
export function publicOrigin(request: Request, env: Env = process.env): string {
  const configured = appUrl(env);
  if (configured) return configured;
  if (isProduction(env)) checkStartupSettings(env);
  const url = new URL(request.url);
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  const allowed = allowedHosts(env);
  if (LOCAL_HOSTS.has(hostname) || allowed.includes(host) || allowed.includes(hostname)) return url.origin;
  return devAppUrl(env);
}

// ------------------------------------------------------------------ proxies and TLS

/**
 * How many proxies in front of the app to believe (TRUST_PROXY): 0 ignores every
 * X-Forwarded-* header; n takes the client from the n-th X-Forwarded-For entry from the
 * right and the scheme and host from the nearest proxy.
 */
export function trustedProxyHops(env: Env = process.env): number {
  return settings(env).TRUST_PROXY;
}

/**
 * COOKIE_SECURE (or the older SECURE_COOKIES): the app is only served over TLS, so every
 * cookie is Secure and every answer carries HSTS.
 */
export function cookieSecure(env: Env = process.env): boolean {
  const { COOKIE_SECURE, SECURE_COOKIES } = settings(env);
  return COOKIE_SECURE || SECURE_COOKIES;
}

/** The older name of cookieSecure. */
export const secureCookies = (): boolean => cookieSecure();

// ------------------------------------------------------------------ media and background jobs

/** FFMPEG_PATH / FFPROBE_PATH: the ffmpeg and ffprobe programs an operator chose, when set. */
export function ffmpegSettings(): { ffmpeg: string | null; ffprobe: string | null } {
  const { FFMPEG_PATH, FFPROBE_PATH } = settings();
  return { ffmpeg: FFMPEG_PATH ?? null, ffprobe: FFPROBE_PATH ?? null };
}

/** The PATH the server was started with (where the system's ffmpeg is looked for). */
export function searchPath(env: Env = process.env): string[] {
  return (env.PATH ?? "").split(":").filter(Boolean);
}

/** VIDEO_THREADS: threads one video transcode may use (default 2, at least 1, at most 16). */
export function videoThreads(): number {
  return settings().VIDEO_THREADS;
}

/** VIDEO_TIMEOUT_SECONDS, in milliseconds: how long one ffmpeg run may take (default 10 minutes). */
export function videoTimeoutMs(): number {
  return settings().VIDEO_TIMEOUT_SECONDS * 1000;
}

/**
 * UPLOAD_TMP_DIR: where uploaded files wait, as they arrive and until their background job
 * has stored them (default data/incoming). On the same disk as MEDIA_DIR is best.
 */
export function uploadTmpDir(): string {
  return settings().UPLOAD_TMP_DIR;
}

export type ObjectStoreSettings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** The bucket media are kept in when MEDIA_STORE=s3; null for the local disk. Throws when S3_BUCKET is missing. */
export function objectStoreSettings(env: Env = process.env): ObjectStoreSettings | null {
  const s = settings(env);
  if (s.MEDIA_STORE !== "s3") return null;
  if (!s.S3_BUCKET) throw new Error("MEDIA_STORE=s3 needs S3_BUCKET: the name of the bucket media are kept in.");
  return {
    bucket: s.S3_BUCKET,
    region: s.S3_REGION ?? env.AWS_REGION?.trim() ?? "us-east-1",
    endpoint: s.S3_ENDPOINT,
    forcePathStyle: s.S3_FORCE_PATH_STYLE,
    credentials: s.S3_ACCESS_KEY_ID && s.S3_SECRET_ACCESS_KEY ? { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY } : undefined,
  };
}

/** MEDIA_PUBLIC_URL (no trailing slash): where media links point when set; null for /media/ on the app. */
export function mediaPublicUrl(env: Env = process.env): string | null {
  return settings(env).MEDIA_PUBLIC_URL ?? null;
}

/** CACHE_DIR: files the app makes and can make again, such as the build cards (default data/cache). */
export function cacheDir(): string {
  return settings().CACHE_DIR;
}

/** JOB_WORKER=off: this server process runs no background jobs (run `npm run worker` instead). */
export function jobWorkerEnabled(): boolean {
  return settings().JOB_WORKER;
}

/** Whether this process runs the background work at all (see BACKGROUND_WORK). */
export function backgroundWorkEnabled(): boolean {
  return settings().BACKGROUND_WORK;
}

/** JOB_CONCURRENCY: background jobs one process runs at once in each lane (default 1, at most 16). */
export function jobConcurrency(): number {
  return settings().JOB_CONCURRENCY;
}

// ------------------------------------------------------------------ push notifications

export type PushSettings = {
  /** The VAPID key pair and subject the app signs pushes with. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Tests only: endpoints on 127.0.0.1 over http are accepted. */
  allowLocalEndpoints: boolean;
};

let devPushKeys: { publicKey: string; privateKey: string } | undefined;

/**
 * The push settings, or null when push is off (PUSH=off, or no keys outside development and
 * PUSH unset). In development, missing keys are made once into data/.vapid-keys.json.
 */
export function pushSettings(env: Env = process.env): PushSettings | null {
  const s = settings(env);
  if (s.PUSH === false) return null;
  const production = s.NODE_ENV === "production";
  let keys = s.VAPID_PUBLIC_KEY && s.VAPID_PRIVATE_KEY ? { publicKey: s.VAPID_PUBLIC_KEY, privateKey: s.VAPID_PRIVATE_KEY } : null;
  if (!keys) {
    if (production && s.PUSH === true) checkStartupSettings(env);
    if (s.NODE_ENV !== "development" && s.PUSH !== true) return null;
    if (!devPushKeys) {
      devPushKeys = devVapidKeys();
      console.warn(`VAPID keys are not set: using the generated development pair in ${DEV_VAPID_FILE}.`);
    }
    keys = devPushKeys;
  }
  const subject = s.VAPID_SUBJECT ?? (s.APP_URL?.startsWith("https://") ? s.APP_URL : "mailto:no-reply@localhost");
  return { vapid: { ...keys, subject }, allowLocalEndpoints: s.PUSH_ALLOW_LOCAL_ENDPOINTS && !production };
}
