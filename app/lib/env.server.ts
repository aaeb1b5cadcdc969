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
import { z } from "zod";
import { SITE_NAME } from "./brand";
import { DEV_VAPID_FILE, devVapidKeys } from "./vapid-keys";

type Env = Record<string, string | undefined>;

// ------------------------------------------------------------------ kinds of value

const SWITCH_ON = ["true", "1", "yes", "on"];
const SWITCH_OFF = ["false", "0", "no", "off"];

/**
 * A switch, read one way for every setting: on for true/1/yes/on and off for
 * false/0/no/off, in any case (so TRUST_PROXY=True, true and 1 mean the same).
 */
function switchValue(value: string): boolean | undefined {
  const lower = value.toLowerCase();
  if (SWITCH_ON.includes(lower)) return true;
  if (SWITCH_OFF.includes(lower)) return false;
  return undefined;
}

const onOff = z.string().transform((value, ctx) => {
  const on = switchValue(value);
  if (on === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "use true or false" });
    return z.NEVER;
  }
  return on;
});

/** A whole number of at least `min`; above `max` it counts as `max` (or is refused when `clamp` is false). */
function wholeNumber(min: number, max: number, { clamp }: { clamp: boolean }) {
  const range = clamp ? `of at least ${min}` : `from ${min} to ${max}`;
  return z.string().transform((value, ctx) => {
    const number = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
    if (!(number >= min) || (!clamp && number > max)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `use a whole number ${range}` });
      return z.NEVER;
    }
    return Math.min(number, max);
  });
}

/** TRUST_PROXY: a switch (on = one proxy), or how many proxies stand in front. */
const proxyHops = z.string().transform((value, ctx) => {
  const on = switchValue(value);
  if (on !== undefined) return on ? 1 : 0;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: "use true or false (or the number of proxies in front)" });
  return z.NEVER;
});

/** An http(s) address, kept without its trailing slashes. */
function httpAddress(example: string) {
  return z.string().transform((value, ctx) => {
    const url = parseUrl(value);
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `use an http(s) address such as ${example}` });
      return z.NEVER;
    }
    return value.replace(/\/+$/, "");
  });
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** APP_URL as an origin (no path, no trailing slash). */
const appUrlSchema = z.string().transform((value, ctx) => {
  const url = parseUrl(value);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `APP_URL must be an http(s) address such as https://cars.example.com (got "${value}")` });
    return z.NEVER;
  }
  return url.origin;
});

/** A comma-separated list, its entries trimmed and lower-cased, each matching `pattern`. */
function list(pattern: RegExp, message: string) {
  return z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(pattern, message)));
}

/** DATABASE_URL: a `file:` URL (SQLite) or a `postgres://` / `postgresql://` URL. */
const databaseUrlSchema = z.string().refine((value) => /^file:/.test(value) || /^postgres(?:ql)?:\/\//i.test(value), {
  message: "use a file: URL for SQLite (such as file:./data/app.db) or a postgres:// URL",
});

/** SMTP_URL: an smtp:// or smtps:// URL (user and password in it). */
const smtpUrlSchema = z.string().refine((value) => ["smtp:", "smtps:"].includes(parseUrl(value)?.protocol ?? ""), {
  message: "use an SMTP URL such as smtp://user:password@mail.example.com:587",
});

// ------------------------------------------------------------------ the settings

const settingsSchema = z.object({
  /** production, development or test; the server sets production when it is unset. */
  NODE_ENV: z.string().optional(),

  // The server (server/).
  PORT: wholeNumber(0, 65535, { clamp: false }).default("3000"),
  HOST: z.string().optional(),
  REMIX_BUILD_DIR: z.string().optional(),
  /** One line per request on stdout; unset: on, except in tests. */
  LOG_REQUESTS: onOff.optional(),
  /** The least severe log lines written (pino's levels). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "use fatal, error, warn, info, debug, trace or silent" }).default("info"),
  /** JSON lines (for a log collector) or lines for people; unset: pretty in development, JSON otherwise. */
  LOG_FORMAT: z.enum(["json", "pretty"], { message: "use json or pretty" }).optional(),
  /** Turns on GET /metrics (Prometheus), for requests that carry `Authorization: Bearer <this token>`. */
  METRICS_TOKEN: z.string().min(16, "use a random string of at least 16 characters (such as the output of `openssl rand -hex 16`)").optional(),
  STOP_TIMEOUT_MS: wholeNumber(0, 3_600_000, { clamp: false }).default("10000"),
  /**
   * On a stop, how long /readyz answers 503 while requests are still served as usual, before
   * the server stops taking connections: the time a load balancer needs to see it (its probe
   * interval times its failure threshold). 0: the drain begins at once.
   */
  READINESS_DRAIN_MS: wholeNumber(0, 600_000, { clamp: false }).default("0"),
  /**
   * Processes that serve requests: unset means one per core in production and one elsewhere;
   * 1 is a single process (no cluster); above the machine's cores is allowed (at most 64).
   */
  WEB_CONCURRENCY: wholeNumber(1, 64, { clamp: false }).optional(),
  /**
   * Whether this server process runs the background work (insurance reminders, and the job
   * worker unless JOB_WORKER=off). A multi-process server turns it off in all workers but one.
   */
  BACKGROUND_WORK: onOff.default("on"),
  /**
   * How long a page that reads the same for every visitor is answered from memory to the
   * visitors after the first (app/cache/visitor-pages.server.ts), at most; any change to the
   * database ends it sooner. 0 renders every page. SQLite only: PostgreSQL always renders.
   */
  VISITOR_CACHE_SECONDS: wholeNumber(0, 3600, { clamp: false }).default("10"),
  /**
   * How long a member's page may be answered with the markup rendered for the same data
   * (app/cache/render-memo.server.ts), and a member's feed answer with the one read at the same
   * data version (app/models/feed.server.ts), at most; new data or a relative time that would
   * read differently ends it sooner. 0 renders and reads every answer.
   */
  RENDER_REUSE_SECONDS: wholeNumber(0, 3600, { clamp: false }).default("60"),
  /** Tests only: every answer says which process served it (X-Server-Pid). */
  EXPOSE_SERVER_PID: onOff.default("false"),
  /** Set by the browser tests' server and by vitest: the request log stays quiet. */
  E2E: onOff.optional(),
  VITEST: onOff.optional(),

  // The public address, proxies and TLS.
  APP_URL: appUrlSchema.optional(),
  ALLOWED_HOSTS: list(/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/, "list host names such as cars.local or cars.local:8080, separated by commas").default(
    "",
  ),
  TRUST_PROXY: proxyHops.default("false"),
  COOKIE_SECURE: onOff.default("false"),
  /** The older name of COOKIE_SECURE. */
  SECURE_COOKIES: onOff.default("false"),

  // Accounts.
  SESSION_SECRET: z.string().optional(),
  ADMIN_EMAILS: list(/^[^\s@]+@[^\s@]+$/, "list email addresses separated by commas").default(""),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_BASE_URL: httpAddress("http://127.0.0.1:4010").optional(),
  RATE_LIMIT_SCALE: z
    .string()
    .transform((value, ctx) => {
      const scale = Number(value);
      if (!(Number.isFinite(scale) && scale > 0)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "use a number above 0, such as 0.5 or 100 (every limit is multiplied by it)" });
        return z.NEVER;
      }
      return scale;
    })
    .default("1"),

  // The database.
  DATABASE_URL: databaseUrlSchema.default("file:./data/app.db"),
  DATABASE_POOL_SIZE: wholeNumber(1, 10_000, { clamp: false }).default("10"),
  /**
   * PostgreSQL: how many distinct SQL texts each connection keeps prepared (planned once, then
   * reused). 0 prepares nothing, for a pooler that cannot hold prepared statements
   * (PgBouncer before 1.21, or without max_prepared_statements).
   */
  DATABASE_PREPARED_STATEMENTS: wholeNumber(0, 10_000, { clamp: false }).default("300"),
  /**
   * PostgreSQL: the address the live-event listener (LISTEN) connects to, when DATABASE_URL
   * goes through a pooler such as PgBouncer in transaction mode, which cannot hold a LISTEN:
   * the database server itself. Unset: DATABASE_URL.
   */
  DATABASE_LISTEN_URL: databaseUrlSchema.optional(),

  // Media and background jobs.
  MEDIA_DIR: z.string().default("data/media"),
  UPLOAD_TMP_DIR: z.string().default("data/incoming"),
  /** Files the app can make again (rendered build cards): safe to empty at any time. */
  CACHE_DIR: z.string().default("data/cache"),
  /** Where media live: `local` (MEDIA_DIR, the default) or `s3` (an S3 or S3-compatible bucket). */
  MEDIA_STORE: z.enum(["local", "s3"], { message: "use local or s3" }).default("local"),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "use a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)")
    .optional(),
  /** The bucket's region; unset: AWS_REGION, else us-east-1. */
  S3_REGION: z.string().optional(),
  /** An S3-compatible store's address (MinIO, R2, …); unset: AWS S3 itself. */
  S3_ENDPOINT: httpAddress("http://127.0.0.1:9000").optional(),
  /** Bucket in the path (http://host/bucket/key) instead of the host name; most S3-compatible stores need it. */
  S3_FORCE_PATH_STYLE: onOff.default("false"),
  /** Unset: the AWS SDK's usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Where browsers fetch media directly (a CDN or the bucket's public address); unset: the app's own /media/. */
  MEDIA_PUBLIC_URL: httpAddress("https://media.example.com").optional(),
  /** Other ffmpeg/ffprobe programs; unset: the system's (/usr/bin or PATH), else the npm packages' binaries. */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  VIDEO_THREADS: wholeNumber(1, 16, { clamp: true }).default("2"),
  /** How long one ffmpeg run (a transcode, a poster frame) may take before it is ended; ffprobe gets at most 30 s. */
  VIDEO_TIMEOUT_SECONDS: wholeNumber(1, 86_400, { clamp: false }).default("600"),
  JOB_WORKER: onOff.default("on"),
  /** Jobs one process runs at once in each lane (photos and the rest; videos). */
  JOB_CONCURRENCY: wholeNumber(1, 16, { clamp: true }).default("1"),

  // Email.
  SMTP_URL: smtpUrlSchema.optional(),
  MAIL_FROM: z.string().default(`${SITE_NAME} <no-reply@localhost>`),
  MAIL_OUTBOX_DIR: z.string().default("data/outbox"),

  // Push notifications (Web Push).
  /**
   * Whether the app sends push notifications. Unset: on when VAPID_PUBLIC_KEY and
   * VAPID_PRIVATE_KEY are set, and in development (with a generated pair in data/); off
   * elsewhere without keys. PUSH=on in production without keys stops the start.
   */
  PUSH: onOff.optional(),
  /** The VAPID key pair (`npx web-push generate-vapid-keys`): base64url, 65 and 32 bytes. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "use the public key `npx web-push generate-vapid-keys` prints (87 base64url characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "use the private key `npx web-push generate-vapid-keys` prints (43 base64url characters)")
    .optional(),
  /** Who push services may contact about this sender: mailto:you@example.com or an https address. Unset: APP_URL when it is https. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "use mailto:you@example.com or an https:// address")
    .optional(),
  /** Tests only (never in production): push endpoints on 127.0.0.1 over http are accepted. */
  PUSH_ALLOW_LOCAL_ENDPOINTS: onOff.default("false"),

  // Music search.
  SOUNDCLOUD_CLIENT_ID: z.string().optional(),
  SOUNDCLOUD_API_URL: httpAddress("https://api.soundcloud.com").default("https://api.soundcloud.com"),
});

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

/** Every setting, parsed (again only when a value has changed). Throws when one cannot be understood. */
export function settings(env: Env = process.env): Settings {
  const values = SETTING_NAMES.map((name) => env[name]);
  if (!last || values.some((value, index) => value !== last!.values[index])) last = { values, result: parseSettings(env) };
  if ("problems" in last.result) throw new Error(problemMessage(last.result.problems));
  return last.result.settings;
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
