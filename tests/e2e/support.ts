// Helpers for the browser tests: unique accounts made through the real API, so every
// test starts from its own user on the shared seeded server.
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
