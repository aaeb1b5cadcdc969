// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1, 30-second steps,
// 6 digits, base32 secrets, as every authenticator app expects. Also the sealing of stored
// secrets (AES-256-GCM under a key derived from SESSION_SECRET).
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SITE_NAME } from "~/lib/brand";
import { sessionSecret } from "~/lib/env.server";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes from one step before and after are accepted too (clock drift). */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = SITE_NAME;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces, dashes and padding ignored). Throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Invalid base32 character");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret: 20 bytes (160 bits, the HMAC-SHA1 block the RFC recommends), base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 HOTP for a counter, with the given hash and number of digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm, key).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary =
    ((digest[offset] & 0x7f) << 24) | (digest[offset + 1] << 16) | (digest[offset + 2] << 8) | digest[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step a moment falls in. */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** The code of a base32 secret at a moment. */
export function totpCode(secret: string, now = Date.now()): string {
  return hotp(base32Decode(secret), totpStep(now));
}

function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks a code against the steps around `now` (±TOTP_WINDOW). Returns the step that
 * matched, so the caller can refuse the same step twice (replay), or null.
 */
export function verifyTotp(secret: string, code: string, now = Date.now(), window = TOTP_WINDOW): number | null {
  const entry = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(entry)) return null;
  let key: Buffer;
  try {
    key = base32Decode(secret);
  } catch {
    return null;
  }
  const current = totpStep(now);
  let matched: number | null = null;
  // Check every step (no early exit), so timing does not tell which one matched.
  for (let step = current - window; step <= current + window; step += 1) {
    if (step >= 0 && sameCode(hotp(key, step), entry) && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
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
  const [iv, tag, data] = stored.slice(3).split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
