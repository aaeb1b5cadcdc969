// Settings read from the environment (all listed in .env.example).
import { randomBytes } from "node:crypto";

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

/** SECURE_COOKIES=true marks cookies Secure: set it wherever the app is served over TLS. */
export function secureCookies(): boolean {
  return process.env.SECURE_COOKIES === "true";
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
