import { prisma } from "~/db.server";

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
