// Helpers for the browser tests: unique accounts made through the real API, so every
// test starts from its own user on the shared seeded server.
import { createHmac } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

let counter = 0;

export function uniqueName(prefix = "user"): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.toLowerCase().slice(0, 30);
}

export type TestUser = { id: number; username: string; email: string; password: string };

/** Registers a user through POST /api/auth/register; the request context is then signed in. */
export async function signUpViaApi(request: APIRequestContext, prefix = "user"): Promise<TestUser> {
  const username = uniqueName(prefix);
  const user = { username, email: `${username}@example.com`, password: "password123" };
  const response = await request.post("/api/auth/register", { data: user });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return { ...user, id: body.user.id };
}

/** Signs the page's browser context in as `user` through POST /api/auth/login. */
export async function signInViaApi(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The demo accounts of the seed (password for all: password123). */
export const DEMO = {
  member: { email: "demo@example.com", username: "demo", password: "password123" },
  admin: { email: "admin@example.com", username: "admin", password: "password123" },
};

/** RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret, like an authenticator app. */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/\s/g, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = digest[19] & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

/**
 * Turns two-factor on for the account `request` is signed in as (enrol, then confirm with
 * the current code) and answers the secret.
 */
export async function enableTwoFactor(request: APIRequestContext, password = "password123"): Promise<string> {
  const enrol = await request.post("/api/auth/two-factor/enrol", { data: { password } });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const secret = ((await enrol.json()) as { manualKey: string }).manualKey.replace(/\s/g, "");
  const confirm = await request.post("/api/auth/two-factor/confirm", { data: { code: totp(secret) } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return secret;
}
