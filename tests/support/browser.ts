// Helpers for the browser tests: unique accounts made through the real API, so every
// test starts from its own user on the shared seeded server.
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { generateSync, ScureBase32Plugin } from "otplib";
import { encode } from "turbo-stream";

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

/** A new member in a browser context of their own (JavaScript on unless told), signed in. */
export async function member(browser: Browser, prefix: string, javaScriptEnabled = true): Promise<{ user: TestUser; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const user = await signUpViaApi(page.request, prefix);
  return { user, page };
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

const base32 = new ScureBase32Plugin();

/** Signs the page's browser context in as the seed's administrator. */
export async function signInAsAdmin(page: Page) {
  await signInViaApi(page, DEMO.admin);
}

/** RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret, like an authenticator app. */
export function totp(secret: string, at = Date.now()): string {
  const key = base32.decode(secret.replace(/\s/g, "").toUpperCase());
  return generateSync({ algorithm: "sha1", digits: 6, period: 30, secret: key, epoch: Math.floor(at / 1000) });
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

/**
 * A resource route's loader answer as Remix sends it to a fetcher (`<path>.data`), for tests
 * that fake an API read with `page.route`: `{ [routeId]: { data } }` in Remix's stream encoding.
 */
export async function fetcherLoadBody(routeId: string, data: unknown): Promise<{ status: number; contentType: string; body: string }> {
  const body = await new Response(encode({ [routeId]: { data } })).text();
  return { status: 200, contentType: "text/x-script", body };
}

/**
 * An API action's answer as Remix sends it to a fetcher's submission (`<path>.data`), for tests
 * that fake one with `page.route`: `{ data }` in Remix's stream encoding, with the action's status.
 */
export async function fetcherActionBody(data: unknown, status = 200): Promise<{ status: number; contentType: string; body: string }> {
  const body = await new Response(encode({ data })).text();
  return { status, contentType: "text/x-script", body };
}
