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
