// Small fixtures for the likes, comments, flags and feedback tests: accounts with a
// signed-in cookie, and posts made directly with prisma.
import { prisma } from "~/db.server";
import { startSession } from "~/lib/auth.server";

let counter = 0;

export type TestUser = { id: number; username: string; cookie: string };

/** A member (or administrator) with a live session cookie. */
export async function makeUser(name?: string, role: "member" | "admin" = "member"): Promise<TestUser> {
  counter += 1;
  const username = (name ?? `user${counter}`).toLowerCase();
  const user = await prisma.user.create({
    data: { username, email: `${username}@example.com`, role, nickname: `${name ?? username} Nick`, profile: { create: {} } },
  });
  const setCookie = await startSession(new Request("http://127.0.0.1:3000/"), user);
  return { id: user.id, username, cookie: setCookie.split(";")[0] };
}

export async function makePost(ownerId: number, story = "A post") {
  return prisma.post.create({ data: { createdById: ownerId, story } });
}

/** Awaits a loader or action; a thrown Response counts as its answer. */
export async function answer(result: unknown): Promise<Response> {
  try {
    return (await result) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
