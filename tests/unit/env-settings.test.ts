// The settings schema (app/lib/server/env.server.ts): defaults, one reading of switches, and
// messages that name the setting and say what to set.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { checkStartupSettings, cookieSecure, keepSettings, settings, trustedProxyHops } from "~/lib/server/env.server";

describe("settings", () => {
  it("has a default for every setting that needs one", () => {
    const parsed = settings({});
    expect(parsed).toMatchObject({
      PORT: 3000,
      STOP_TIMEOUT_MS: 10_000,
      DATABASE_URL: "file:./data/app.db",
      DATABASE_POOL_SIZE: 10,
      DATABASE_PREPARED_STATEMENTS: 300,
      MEDIA_DIR: "data/media",
      UPLOAD_TMP_DIR: "data/incoming",
      CACHE_DIR: "data/cache",
      MAIL_OUTBOX_DIR: "data/outbox",
      MAIL_FROM: "Car Social <no-reply@localhost>",
      SOUNDCLOUD_API_URL: "https://api.soundcloud.com",
      RATE_LIMIT_SCALE: 1,
      VIDEO_THREADS: 2,
      VIDEO_TIMEOUT_SECONDS: 600,
      JOB_WORKER: true,
      JOB_CONCURRENCY: 1,
      TRUST_PROXY: 0,
      COOKIE_SECURE: false,
      ALLOWED_HOSTS: [],
      ADMIN_EMAILS: [],
    });
    expect(parsed.APP_URL).toBeUndefined();
    expect(parsed.SMTP_URL).toBeUndefined();
    expect(parsed.LOG_REQUESTS).toBeUndefined();
  });

  it("understands every value of .env.example, which a copy to .env starts from", () => {
    const example = parseEnv(readFileSync(path.resolve(__dirname, "../../.env.example"), "utf8")) as Record<string, string>;
    expect(Object.keys(example).length).toBeGreaterThan(20);
    expect(() => settings(example)).not.toThrow();
    expect(() => checkStartupSettings(example)).not.toThrow();
  });

  it("trims values and takes a blank one as unset", () => {
    const parsed = settings({ GOOGLE_CLIENT_ID: "   ", VIDEO_THREADS: " ", MEDIA_DIR: " /srv/media ", PORT: "" });
    expect(parsed.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(parsed.VIDEO_THREADS).toBe(2);
    expect(parsed.MEDIA_DIR).toBe("/srv/media");
    expect(parsed.PORT).toBe(3000);
  });

  it("reads every switch one way: true/1/yes/on and false/0/no/off, in any case", () => {
    for (const on of ["true", "True", "TRUE", "1", "yes", "On"]) {
      expect(trustedProxyHops({ TRUST_PROXY: on })).toBe(1);
      expect(cookieSecure({ COOKIE_SECURE: on })).toBe(true);
      expect(cookieSecure({ SECURE_COOKIES: on })).toBe(true);
      expect(settings({ JOB_WORKER: on, LOG_REQUESTS: on, E2E: on }).JOB_WORKER).toBe(true);
      expect(settings({ LOG_REQUESTS: on }).LOG_REQUESTS).toBe(true);
    }
    for (const off of ["false", "False", "0", "no", "OFF"]) {
      expect(trustedProxyHops({ TRUST_PROXY: off })).toBe(0);
      expect(cookieSecure({ COOKIE_SECURE: off })).toBe(false);
      expect(settings({ JOB_WORKER: off }).JOB_WORKER).toBe(false);
      expect(settings({ LOG_REQUESTS: off }).LOG_REQUESTS).toBe(false);
    }
    expect(trustedProxyHops({ TRUST_PROXY: "2" })).toBe(2);
  });

  it("keeps numbers in their range", () => {
    expect(settings({ VIDEO_THREADS: "64", JOB_CONCURRENCY: "40" })).toMatchObject({ VIDEO_THREADS: 16, JOB_CONCURRENCY: 16 });
    expect(settings({ RATE_LIMIT_SCALE: "1e-9", PORT: "0", DATABASE_POOL_SIZE: "25" })).toMatchObject({ RATE_LIMIT_SCALE: 1e-9, PORT: 0, DATABASE_POOL_SIZE: 25 });
  });

  it("keeps addresses without their trailing slashes, and lists lower-cased", () => {
    const parsed = settings({
      SOUNDCLOUD_API_URL: "http://127.0.0.1:4020/api/",
      GOOGLE_OAUTH_BASE_URL: "http://127.0.0.1:4010//",
      ADMIN_EMAILS: " Boss@Example.com, ,chief@example.com",
      DATABASE_URL: "postgresql://cars@db/cars",
      SMTP_URL: "smtps://user:pass@mail.example.com",
    });
    expect(parsed.SOUNDCLOUD_API_URL).toBe("http://127.0.0.1:4020/api");
    expect(parsed.GOOGLE_OAUTH_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(parsed.ADMIN_EMAILS).toEqual(["boss@example.com", "chief@example.com"]);
    expect(parsed.DATABASE_URL).toBe("postgresql://cars@db/cars");
  });

  it("refuses a value it cannot understand, naming the setting, the value and what to set", () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ TRUST_PROXY: "maybe" }, /^TRUST_PROXY="maybe" is not understood: use true or false \(or the number of proxies in front\)\.$/],
      [{ COOKIE_SECURE: "secure" }, /^COOKIE_SECURE="secure" is not understood: use true or false\.$/],
      [{ JOB_WORKER: "sometimes" }, /^JOB_WORKER="sometimes" is not understood: use true or false\.$/],
      [{ LOG_REQUESTS: "verbose" }, /^LOG_REQUESTS="verbose" is not understood: use true or false\.$/],
      [{ VIDEO_THREADS: "many" }, /^VIDEO_THREADS="many" is not understood: use a whole number of at least 1\.$/],
      [{ JOB_CONCURRENCY: "0" }, /^JOB_CONCURRENCY="0" is not understood: use a whole number of at least 1\.$/],
      [{ DATABASE_POOL_SIZE: "ten" }, /^DATABASE_POOL_SIZE="ten" is not understood: use a whole number from 1 to 10000\.$/],
      [{ PORT: "80a" }, /^PORT="80a" is not understood: use a whole number from 0 to 65535\.$/],
      [{ PORT: "70000" }, /^PORT="70000" is not understood/],
      [{ STOP_TIMEOUT_MS: "-1" }, /^STOP_TIMEOUT_MS="-1" is not understood: use a whole number/],
      [{ RATE_LIMIT_SCALE: "0" }, /^RATE_LIMIT_SCALE="0" is not understood: use a number above 0/],
      [{ RATE_LIMIT_SCALE: "fast" }, /^RATE_LIMIT_SCALE="fast" is not understood/],
      [{ GOOGLE_OAUTH_BASE_URL: "127.0.0.1:4010" }, /^GOOGLE_OAUTH_BASE_URL="127.0.0.1:4010" is not understood: use an http\(s\) address/],
      [{ SOUNDCLOUD_API_URL: "ftp://api.soundcloud.com" }, /^SOUNDCLOUD_API_URL="ftp:\/\/api.soundcloud.com" is not understood: use an http\(s\) address/],
      [{ ADMIN_EMAILS: "boss, chief@example.com" }, /^ADMIN_EMAILS="boss, chief@example.com" is not understood: list email addresses separated by commas\.$/],
      [{ ALLOWED_HOSTS: "https://cars.lan" }, /^ALLOWED_HOSTS="https:\/\/cars.lan" is not understood: list host names/],
      [{ APP_URL: "cars.example.com" }, /^APP_URL must be an http\(s\) address such as https:\/\/cars.example.com \(got "cars.example.com"\)$/],
    ];
    for (const [env, message] of refused) expect(() => settings(env), JSON.stringify(env)).toThrow(message);
  });

  it("never repeats the value of a secret setting", () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [
        { DATABASE_URL: "mysql://cars:hunter2@db/cars" },
        "hunter2",
        /^DATABASE_URL is not understood: use a file: URL for SQLite \(such as file:\.\/data\/app\.db\) or a postgres:\/\/ URL\.$/,
      ],
      [{ SMTP_URL: "mail.example.com:hunter2" }, "hunter2", /^SMTP_URL is not understood: use an SMTP URL such as smtp:\/\/user:password@mail\.example\.com:587\.$/],
    ];
    for (const [env, secret, message] of cases) {
      expect(() => settings(env)).toThrow(message);
      expect(() => settings(env)).not.toThrow(secret);
    }
  });

  it("lists every setting it cannot understand at once", () => {
    expect(() => settings({ TRUST_PROXY: "maybe", VIDEO_THREADS: "x" })).toThrow(
      'Some settings are not understood:\n- TRUST_PROXY="maybe" is not understood: use true or false (or the number of proxies in front).\n- VIDEO_THREADS="x" is not understood: use a whole number of at least 1.',
    );
  });

  it("reads the environment again once a value has changed", () => {
    const env: Record<string, string | undefined> = { RATE_LIMIT_SCALE: "2" };
    expect(settings(env).RATE_LIMIT_SCALE).toBe(2);
    expect(settings(env)).toBe(settings(env));
    env.RATE_LIMIT_SCALE = "0.5";
    expect(settings(env).RATE_LIMIT_SCALE).toBe(0.5);
    env.RATE_LIMIT_SCALE = "nope";
    expect(() => settings(env)).toThrow(/RATE_LIMIT_SCALE/);
    delete env.RATE_LIMIT_SCALE;
    expect(settings(env).RATE_LIMIT_SCALE).toBe(1);
  });
});

describe("keepSettings", () => {
  it("a serving process answers the settings it read at its start; otherwise a changed variable is read again", () => {
    const saved = process.env.VISITOR_CACHE_SECONDS;
    try {
      process.env.VISITOR_CACHE_SECONDS = "7";
      keepSettings();
      process.env.VISITOR_CACHE_SECONDS = "9";
      expect(settings().VISITOR_CACHE_SECONDS).toBe(7);
      // Another environment than the process's is always read.
      expect(settings({ VISITOR_CACHE_SECONDS: "3" }).VISITOR_CACHE_SECONDS).toBe(3);
      keepSettings(false);
      expect(settings().VISITOR_CACHE_SECONDS).toBe(9);
    } finally {
      keepSettings(false);
      if (saved === undefined) delete process.env.VISITOR_CACHE_SECONDS;
      else process.env.VISITOR_CACHE_SECONDS = saved;
    }
  });
});

describe("checkStartupSettings", () => {
  const production = { NODE_ENV: "production", APP_URL: "https://cars.example.com", SESSION_SECRET: "s3cret" };

  it("passes a complete production environment", () => {
    expect(() => checkStartupSettings(production)).not.toThrow();
  });

  it("requires APP_URL and SESSION_SECRET in production, saying what to set for each", () => {
    let message = "";
    try {
      checkStartupSettings({ NODE_ENV: "production" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The server cannot start with these settings:\n- APP_URL/);
    expect(message).toMatch(/APP_URL must be set when NODE_ENV=production: the public address of the app, such as https:\/\/cars.example.com/);
    expect(message).toMatch(/SESSION_SECRET must be set when NODE_ENV=production: a long random string/);
    expect(() => checkStartupSettings({ ...production, SESSION_SECRET: " " })).toThrow(/^SESSION_SECRET must be set when NODE_ENV=production/);
    expect(() => checkStartupSettings({ NODE_ENV: "development" })).not.toThrow();
  });

  it("stops the start on any value it cannot understand, listing every problem", () => {
    expect(() => checkStartupSettings({ ...production, JOB_CONCURRENCY: "lots" })).toThrow(/^JOB_CONCURRENCY="lots" is not understood/);
    expect(() => checkStartupSettings({ NODE_ENV: "production", SESSION_SECRET: "s3cret", TRUST_PROXY: "maybe" })).toThrow(
      /^The server cannot start with these settings:\n- TRUST_PROXY="maybe" is not understood.*\n- APP_URL must be set when NODE_ENV=production/,
    );
    expect(() => checkStartupSettings({ NODE_ENV: "development", TRUST_PROXY: "yes please" })).toThrow(/^TRUST_PROXY="yes please"/);
  });
});
