// The schema of every setting (env.server.ts parses the environment with it), and the kinds
// of value settings take.
import { z } from "zod";
import { SITE_NAME } from "../rules/brand";

// ------------------------------------------------------------------ kinds of value

const SWITCH_ON = ["true", "1", "yes", "on"];
const SWITCH_OFF = ["false", "0", "no", "off"];

/**
 * A switch, read one way for every setting: on for true/1/yes/on and off for
 * false/0/no/off, in any case (so TRUST_PROXY=True, true and 1 mean the same).
 */
export function switchValue(value: string): boolean | undefined {
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

export const settingsSchema = z.object({
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
