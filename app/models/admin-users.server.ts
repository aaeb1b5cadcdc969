// The Admin Area's accounts: the list (searchable), suspending and lifting a suspension, and
// the administrator role. Every decision is written to moderation_actions in the same
// transaction as the change itself.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { UserError } from "~/lib/user-error";
import type { FlagContentType } from "~/lib/rules/flag-reasons";
import { publish } from "~/lib/server/live-hub.server";
import { containsPattern, normaliseQuery } from "~/lib/rules/search";
import { countPostsByAuthor } from "~/models/counts.server";
import { ADMIN_PAGE, ADMIN_TEXT, newestFirst, pageSize } from "~/models/admin-area.server";
import type { AdminUser } from "~/lib/wire";

/** An account as moderation weighs it: its name, role and standing. */
export type Author = { id: number; username: string; role: string; suspendedAt: Date | null };
export const authorSelect = { id: true, username: true, role: true, suspendedAt: true } as const;

const adminUserSelect = {
  id: true,
  username: true,
  email: true,
  nickname: true,
  profileImage: true,
  role: true,
  suspendedAt: true,
  createdAt: true,
} as const;

type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>;

function adminUserView(row: AdminUserRow, postCount: number, openReports = 0): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    nickname: row.nickname,
    profileImage: row.profileImage,
    role: row.role,
    is_admin: row.role === "admin",
    suspended_at: row.suspendedAt ? row.suspendedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    post_count: postCount,
    open_reports: openReports,
  };
}

async function getAdminUser(id: number): Promise<AdminUser> {
  const [row, postCount] = await Promise.all([prisma.user.findUnique({ where: { id }, select: adminUserSelect }), prisma.post.count({ where: { createdById: id } })]);
  if (!row) throw new UserError(404, ADMIN_TEXT.userNotFound);
  return adminUserView(row, postCount);
}

/**
 * Suspends an account: sets suspendedAt, ends all its sessions (so it is signed out
 * everywhere and cannot sign in), records the action, and closes its live streams.
 */
export async function suspendUser(
  moderatorId: number,
  userId: number,
  options: { contentType?: FlagContentType; contentId?: number; note?: string; closeReports?: boolean } = {},
): Promise<AdminUser> {
  if (userId === moderatorId) throw new UserError(400, ADMIN_TEXT.suspendYourself);
  const user = await prisma.user.findUnique({ where: { id: userId }, select: authorSelect });
  if (!user) throw new UserError(404, ADMIN_TEXT.userNotFound);
  if (user.role === "admin") throw new UserError(400, ADMIN_TEXT.suspendAdmin);
  const now = new Date();
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { suspendedAt: user.suspendedAt ?? now } }),
    prisma.session.deleteMany({ where: { userId } }),
    ...(options.closeReports
      ? [
          prisma.flag.updateMany({
            where: { contentType: "user", contentId: userId, status: "open" },
            data: { status: "removed", resolvedById: moderatorId, resolvedAt: now },
          }),
        ]
      : []),
    prisma.moderationAction.create({
      data: {
        moderatorId,
        action: "suspend",
        targetUserId: userId,
        contentType: options.contentType ?? "user",
        contentId: options.contentId ?? userId,
        note: options.note ?? null,
      },
    }),
  ]);
  publish(userId, { type: "session", data: { reason: "suspended" } });
  return getAdminUser(userId);
}

/** Whether the account is suspended; UserError 404 when it does not exist. */
export async function getSuspension(userId: number): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { suspendedAt: true } });
  if (!user) throw new UserError(404, ADMIN_TEXT.userNotFound);
  return user.suspendedAt !== null;
}

/** Lifts a suspension (the user signs in again as usual) and records it. */
export async function unsuspendUser(moderatorId: number, userId: number, note?: string): Promise<AdminUser> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: authorSelect });
  if (!user) throw new UserError(404, ADMIN_TEXT.userNotFound);
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { suspendedAt: null } }),
    prisma.moderationAction.create({
      data: { moderatorId, action: "unsuspend", targetUserId: userId, contentType: "user", contentId: userId, note: note ?? null },
    }),
  ]);
  return getAdminUser(userId);
}

/**
 * Sets the role of `userId` ("admin" or "member"; toggles when `role` is undefined) and
 * records grant_admin / revoke_admin. An administrator cannot demote themselves.
 * A removal is remembered (adminRevokedAt): ADMIN_EMAILS does not grant the role again
 * until an administrator grants it.
 */
export async function setRole(moderatorId: number, userId: number, role?: "admin" | "member"): Promise<AdminUser> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: authorSelect });
  if (!user) throw new UserError(404, ADMIN_TEXT.userNotFound);
  const next = role ?? (user.role === "admin" ? "member" : "admin");
  if (next === "member" && userId === moderatorId) throw new UserError(400, ADMIN_TEXT.demoteYourself);
  if (next === user.role) return getAdminUser(userId);
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { role: next, adminRevokedAt: next === "admin" ? null : new Date() } }),
    prisma.moderationAction.create({
      data: {
        moderatorId,
        action: next === "admin" ? "grant_admin" : "revoke_admin",
        targetUserId: userId,
        contentType: "user",
        contentId: userId,
      },
    }),
  ]);
  return getAdminUser(userId);
}

/**
 * Accounts, newest first, optionally those whose username, nickname or email contains
 * `q` (wildcards escaped). `cursor` is the last id of the previous page.
 */
export async function listUsers(q: unknown, cursor: number | null = null, limit = ADMIN_PAGE): Promise<{ users: AdminUser[]; next_cursor: number | null }> {
  const take = pageSize(limit);
  const query = normaliseQuery(q);
  let ids: number[];
  if (query) {
    const pattern = containsPattern(query);
    // PostgreSQL: ILIKE (its LIKE minds case, SQLite's does not for ASCII), and a bigint
    // bound (the id column is an integer, too small for the "no cursor" sentinel).
    const postgres = databaseProvider === "postgresql";
    const LIKE = Prisma.raw(postgres ? "ILIKE" : "LIKE");
    const before = postgres ? Prisma.sql`CAST(${cursor ?? Number.MAX_SAFE_INTEGER} AS bigint)` : Prisma.sql`${cursor ?? Number.MAX_SAFE_INTEGER}`;
    const rows = await prisma.$queryRaw<{ id: number }[]>`
      SELECT u."id" AS id FROM "users" u
      WHERE (u."username" ${LIKE} ${pattern} ESCAPE '\\' OR u."email" ${LIKE} ${pattern} ESCAPE '\\'
             OR COALESCE(u."nickname", '') ${LIKE} ${pattern} ESCAPE '\\')
        AND u."id" < ${before}
      ORDER BY u."id" DESC LIMIT ${take + 1}`;
    ids = rows.map((row) => Number(row.id));
  } else {
    const rows = await prisma.user.findMany({ ...newestFirst(cursor, take), select: { id: true } });
    ids = rows.map((row) => row.id);
  }
  const page = ids.slice(0, take);
  const [rows, postCounts, reports] = await Promise.all([
    prisma.user.findMany({ where: { id: { in: page } }, select: adminUserSelect }),
    countPostsByAuthor(page),
    page.length
      ? prisma.flag.groupBy({
          by: ["contentId"],
          where: { contentType: "user", contentId: { in: page }, status: "open" },
          _count: { _all: true },
        })
      : Promise.resolve([]),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const reportsById = new Map(reports.map((row) => [row.contentId, row._count._all]));
  return {
    users: page.flatMap((id) => {
      const row = byId.get(id);
      return row ? [adminUserView(row, postCounts.get(id) ?? 0, reportsById.get(id) ?? 0)] : [];
    }),
    next_cursor: ids.length > take ? page[page.length - 1] : null,
  };
}
