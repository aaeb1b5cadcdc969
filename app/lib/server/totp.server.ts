// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1, 30-second steps,
// 6 digits, base32 secrets, as every authenticator app expects. The codes, the secrets and
// base32 come from otplib (docs/decisions/totp-library.md); this module fixes the settings
// and the accepted window. Also the sealing of stored secrets (AES-256-GCM under a key
// derived from SESSION_SECRET).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { generateSecret, generateSync, ScureBase32Plugin, verifySync } from "otplib";
import { SITE_NAME } from "~/lib/rules/brand";
import { sessionSecret } from "~/lib/server/env.server";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes from one step before and after are accepted too (clock drift). */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = SITE_NAME;
/** Bytes of a new secret: 160 bits, the HMAC-SHA1 block the RFC recommends. */
const SECRET_BYTES = 20;

const TOTP_SETTINGS = { algorithm: "sha1", digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS } as const;
const base32 = new ScureBase32Plugin();

export function base32Encode(bytes: Uint8Array): string {
  return base32.encode(bytes, { padding: false });
}

/**
 * Decodes base32 (case, spaces, dashes and padding ignored). Throws on other characters,
 * and on text no encoder writes (an impossible length, stray bits after the last byte).
 */
export function base32Decode(text: string): Buffer {
  return Buffer.from(base32.decode(text.toUpperCase().replace(/[\s=-]/g, "")));
}

/** A new random secret: 20 bytes, base32 without padding (32 characters). */
export function generateTotpSecret(): string {
  return generateSecret({ length: SECRET_BYTES });
}

/** RFC 4226 HOTP for a counter, with the given hash and number of digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  return generateSync({ strategy: "hotp", secret: key, counter, digits, algorithm });
}

/** The time step a moment falls in. */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** The code of a base32 secret at a moment. */
export function totpCode(secret: string, now = Date.now()): string {
  return generateSync({ ...TOTP_SETTINGS, secret: base32Decode(secret), epoch: Math.floor(now / 1000) });
}

/**
 * Checks a code against the steps around `now` (±`window` steps). Returns the step that
 * matched (the earliest, when two would), so the caller can refuse the same step twice
 * (replay), or null. Codes are compared in constant time.
 */
export function verifyTotp(secret: string, code: string, now = Date.now(), window = TOTP_WINDOW): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = verifySync({
      ...TOTP_SETTINGS,
      secret: base32Decode(secret),
      token,
      epoch: Math.floor(now / 1000),
      epochTolerance: window * TOTP_STEP_SECONDS,
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null; // not base32, or a secret or window the library refuses
  }
}

/**
 * The otpauth:// URI an authenticator app reads from the QR code. It names the algorithm,
 * digits and period even though they are the defaults, for apps that do not assume them.
 */
export function otpauthUri(secret: string, account: string, issuer = TOTP_ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, "%20")}`;
}

/** The secret in groups of four, easier to type by hand. */
export function formatManualKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

// ------------------------------------------------------------------ stored secrets

function sealingKey(): Buffer {
  return createHash("sha256").update(`totp-secret:v1:${sessionSecret()}`).digest();
}

/** Encrypts a secret for the database ("v1:" iv.tag.ciphertext, base64url). */
export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `v1:${[iv, tag, data].map((part) => part.toString("base64url")).join(".")}`;
}

/** Decrypts a stored secret; null when it cannot be read (SESSION_SECRET changed). */
export function openSecret(stored: string): string | null {
  if (!stored.startsWith("v1:")) return stored; // written before sealing existed
  const [iv, tag, data] = stored
    .slice(3)
    .split(".")
    .map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
