// Session rows. The `__session` cookie carries only a row's id (lib/server/cookies.server.ts); the row
// holds the user and the expiry, so a session is revoked by deleting it.
import { randomBytes } from "node:crypto";
import { createSessionStorage } from "@remix-run/node";
import { prisma } from "~/db.server";
import { SESSION_LIFETIME } from "~/lib/constants";
import { authCookie } from "~/lib/server/cookies.server";

export function createSession(data: { id: string; userId: number; expiresAt: Date; userAgent?: string | null; ip?: string | null }) {
  return prisma.session.create({ data });
}

/** A session that has not expired, of a user who is not suspended. */
export function findLiveSession(id: string) {
  return prisma.session.findFirst({
    where: { id, expiresAt: { gt: new Date() }, user: { suspendedAt: null } },
    select: { id: true, userId: true, createdAt: true, expiresAt: true },
  });
}

export function updateSession(id: string, expiresAt: Date) {
  return prisma.session.updateMany({ where: { id }, data: { expiresAt, lastSeenAt: new Date() } });
}

export function deleteSession(id: string) {
  return prisma.session.deleteMany({ where: { id } });
}

export function deleteExpiredSessions(now = new Date()) {
  return prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
}

export type SessionData = { userId: number };

/** Remix's session storage over the rows: what sign-in and sign-out commit and destroy. */
export const sessionStorage = createSessionStorage<SessionData>({
  cookie: authCookie,
  async createData(data, expires) {
    if (!data.userId) throw new Error("A session needs a user");
    const id = randomBytes(32).toString("base64url");
    await createSession({ id, userId: data.userId, expiresAt: expires ?? new Date(Date.now() + SESSION_LIFETIME) });
    return id;
  },
  async readData(id) {
    const row = await findLiveSession(id);
    return row ? { userId: row.userId } : null;
  },
  async updateData(id, data, expires) {
    await updateSession(id, expires ?? new Date(Date.now() + SESSION_LIFETIME));
  },
  async deleteData(id) {
    await deleteSession(id);
  },
});
