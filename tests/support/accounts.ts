// Accounts for the integration tests: members signed up through the real register action
// (with their session cookie), or made directly with prisma, and posts made with prisma.
import { expect } from "vitest";
import { prisma } from "~/db.server";
import { startSession } from "~/models/auth.server";
import { action as login } from "~/routes/api.auth.login";
import { action as register } from "~/routes/api.auth.register";
import { loader as sessionLoader } from "~/routes/api.auth.session";
import { call, cookiesOf, getRequest, jsonRequest } from "./requests";

type Registration = { email?: string; password?: string; headers?: Record<string, string> };

/** POST /api/auth/register for `username` (email `username@example.com`, password "secret1" unless given): its answer. */
export function registerAccount(username: string, { email = `${username}@example.com`, password = "secret1", headers }: Registration = {}) {
  return call(register, jsonRequest("/api/auth/register", { username, email, password }, { headers }));
}

export type SignedUp = {
  id: number;
  username: string;
  email: string;
  /** The session cookie, ready for a Cookie header. */
  cookie: string;
  user: { id: number; email: string; username: string };
  body: { user: { id: number; email: string; username: string } } & Record<string, unknown>;
  response: Response;
};

/** A member signed up through the register action (it must answer 201), signed in by `cookie`. */
export async function signUp(username: string, registration: Registration = {}): Promise<SignedUp> {
  const response = await registerAccount(username, registration);
  expect(response.status).toBe(201);
  const body = await response.json();
  const user = body.user as SignedUp["user"];
  return { id: user.id, username: user.username, email: user.email, cookie: cookiesOf(response), user, body, response };
}

let counter = 0;

export type TestUser = { id: number; username: string; cookie: string };

/** A member (or administrator) made directly with prisma, with a live session cookie. */
export async function makeUser(name?: string, role: "member" | "admin" = "member"): Promise<TestUser> {
  counter += 1;
  const username = (name ?? `user${counter}`).toLowerCase();
  const user = await prisma.user.create({
    data: { username, email: `${username}@example.com`, role, nickname: `${name ?? username} Nick`, profile: { create: {} } },
  });
  const [setCookie] = await startSession(new Request("http://127.0.0.1:3000/"), user);
  return { id: user.id, username, cookie: setCookie!.split(";")[0] };
}

export async function makePost(ownerId: number, story = "A post") {
  return prisma.post.create({ data: { createdById: ownerId, story } });
}

export type Session = { authenticated: boolean; user: { id: number; username: string; email: string; role?: string } | null };

/** What GET /api/auth/session says about the session in `cookie`. */
export async function sessionOf(cookie: string): Promise<Session> {
  return (await call(sessionLoader, getRequest("/api/auth/session", { cookie }))).json();
}

/** Whether `cookie` holds a signed-in session. */
export async function isSignedIn(cookie: string): Promise<boolean> {
  return (await sessionOf(cookie)).authenticated;
}

/** POST /api/auth/login with an email and password: its answer. */
export function logIn(email: string, password = "secret1"): Promise<Response> {
  return call(login, jsonRequest("/api/auth/login", { email, password }));
}
