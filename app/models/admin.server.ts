// The Admin Area: the moderation queue and its actions, suspensions, the administrator
// role, feedback and the moderation log. Callers check requireAdmin; every decision here
// is written to moderation_actions with who took it and when, in the same transaction as
// the change itself.
//
// The queue of reports grouped by content is flag.server.ts's listFlagQueue; this module
// adds each item's author (id, suspended, role) so the page can offer "suspend the author".
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { UserError } from "~/lib/user-error";
import { FLAG_CONTENT_TYPES, FLAG_MESSAGES, type FlagContentType } from "~/lib/rules/flag-reasons";
import { discardMedia } from "~/lib/media/processed-media.server";
import { publish } from "~/lib/server/live-hub.server";
import { containsPattern, normaliseQuery } from "~/lib/rules/search";
import { listFlagQueue, resolveFlags, type FlagQueueItem } from "~/models/flag.server";
import { countPostsByAuthor } from "~/models/counts.server";
import { dropCarFromTimelines } from "~/models/timeline.server";

export const ADMIN_TEXT = {
  invalid: FLAG_MESSAGES.invalid,
  notFound: FLAG_MESSAGES.notFound,
  userNotFound: "User not found",
  suspendYourself: "You can't suspend yourself",
  suspendAdmin: "Remove the administrator role before suspending this account",
  demoteYourself: "You can't remove your own administrator role",
  nothingToDo: "There is nothing to do for this content",
} as const;

export type ModerationActionName = "dismiss" | "remove" | "suspend" | "unsuspend" | "grant_admin" | "revoke_admin";

export function isContentType(value: unknown): value is FlagContentType {
  return typeof value === "string" && (FLAG_CONTENT_TYPES as readonly string[]).includes(value);
}

// ------------------------------------------------------------------ authors

type Author = { id: number; username: string; role: string; suspendedAt: Date | null };
const authorSelect = { id: true, username: true, role: true, suspendedAt: true } as const;

/** Who is answerable for a piece of content (a user is their own author); null when gone. */
export async function authorOf(contentType: FlagContentType, contentId: number): Promise<Author | null> {
  switch (contentType) {
    case "post":
      return (await prisma.post.findUnique({ where: { id: contentId }, select: { createdBy: { select: authorSelect } } }))?.createdBy ?? null;
    case "comment":
      return (await prisma.comment.findUnique({ where: { id: contentId }, select: { user: { select: authorSelect } } }))?.user ?? null;
    case "car":
      return (await prisma.car.findUnique({ where: { id: contentId }, select: { owner: { select: authorSelect } } }))?.owner ?? null;
    case "user":
      return prisma.user.findUnique({ where: { id: contentId }, select: authorSelect });
  }
}

export type QueueItem = FlagQueueItem & {
  author: { id: number; username: string; suspended: boolean; is_admin: boolean } | null;
};

/** Open reports grouped by content (most reported first), each with its author. */
export async function listModerationQueue(limit = 100): Promise<QueueItem[]> {
  const items = await listFlagQueue(limit);
  const names = [...new Set(items.flatMap((item) => (item.preview?.author ? [item.preview.author] : [])))];
  const users = names.length ? await prisma.user.findMany({ where: { username: { in: names } }, select: authorSelect }) : [];
  const byName = new Map(users.map((user) => [user.username, user]));
  return items.map((item) => {
    const author = item.preview?.author ? byName.get(item.preview.author) : undefined;
    return {
      ...item,
      author: author ? { id: author.id, username: author.username, suspended: author.suspendedAt !== null, is_admin: author.role === "admin" } : null,
    };
  });
}

// ------------------------------------------------------------------ queue actions

/** Closes the open reports on the content as dismissed (the content stays). */
export async function dismissReports(moderatorId: number, contentType: FlagContentType, contentId: number, note?: string) {
  return resolveFlags(contentType, contentId, "dismissed", moderatorId, note);
}

/**
 * Removes reported content: deletes the post (and its stored files), comment (with its
 * replies) or car; a reported user is suspended instead. Closes the open reports as
 * removed and records the action with the author as its target. Content that is already
 * gone just has its reports closed.
 */
export async function removeContent(
  moderatorId: number,
  contentType: FlagContentType,
  contentId: number,
  note?: string,
): Promise<{ resolved: number; removed: boolean }> {
  if (contentType === "user") {
    const user = await prisma.user.findUnique({ where: { id: contentId }, select: authorSelect });
    if (!user) return { ...(await resolveFlags(contentType, contentId, "removed", moderatorId, note)), removed: false };
    await suspendUser(moderatorId, contentId, { contentType, contentId, note, closeReports: true });
    return { resolved: 0, removed: true };
  }

  const author = await authorOf(contentType, contentId);
  const media =
    contentType === "post"
      ? await prisma.media.findMany({ where: { postId: contentId }, select: { path: true, variants: true, posterPath: true, posterVariants: true } })
      : [];
  const removal: Prisma.PrismaPromise<unknown> =
    contentType === "post"
      ? prisma.post.deleteMany({ where: { id: contentId } })
      : contentType === "comment"
        ? prisma.comment.deleteMany({ where: { id: contentId } })
        : prisma.car.deleteMany({ where: { id: contentId } });
  // A car's deletion first takes from the timelines what only following it brought.
  const before = contentType === "car" ? [dropCarFromTimelines(prisma, contentId)] : [];
  const results = await prisma.$transaction([
    ...before,
    removal,
    prisma.flag.updateMany({
      where: { contentType, contentId, status: "open" },
      data: { status: "removed", resolvedById: moderatorId, resolvedAt: new Date() },
    }),
    prisma.moderationAction.create({
      data: { moderatorId, action: "remove", contentType, contentId, targetUserId: author?.id ?? null, note: note ?? null },
    }),
  ]);
  // Files go after the rows: a failure here leaves orphans on disk, never broken posts.
  await Promise.all(media.map((item) => discardMedia(item).catch((error) => console.error("discard media failed", error))));
  const resolved = results[before.length + 1] as { count: number };
  return { resolved: resolved.count, removed: author !== null };
}

/** Suspends the author of reported content (the reports stay open for a decision on the content). */
export async function suspendAuthor(moderatorId: number, contentType: FlagContentType, contentId: number, note?: string) {
  const author = await authorOf(contentType, contentId);
  if (!author) throw new UserError(404, ADMIN_TEXT.notFound);
  return suspendUser(moderatorId, author.id, { contentType, contentId, note, closeReports: contentType === "user" });
}

// ------------------------------------------------------------------ accounts

export type AdminUser = {
  id: number;
  username: string;
  email: string;
  nickname: string | null;
  profileImage: string | null;
  role: string;
  is_admin: boolean;
  suspended_at: string | null;
  created_at: string;
  post_count: number;
  open_reports: number;
};

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

export const ADMIN_PAGE = 50;

/**
 * Accounts, newest first, optionally those whose username, nickname or email contains
 * `q` (wildcards escaped). `cursor` is the last id of the previous page.
 */
export async function listUsers(q: unknown, cursor: number | null = null, limit = ADMIN_PAGE): Promise<{ users: AdminUser[]; next_cursor: number | null }> {
  const take = Math.min(ADMIN_PAGE, Math.max(1, Math.floor(limit)));
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
    const rows = await prisma.user.findMany({
      where: cursor ? { id: { lt: cursor } } : {},
      orderBy: { id: "desc" },
      take: take + 1,
      select: { id: true },
    });
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

// ------------------------------------------------------------------ feedback and the log

export type AdminFeedback = {
  id: number;
  build_number: number | null;
  feedback_text: string;
  rating: number | null;
  user: { id: number; username: string } | null;
  created_at: string;
};

/** Feedback, newest first, with the average rating of everything rated. */
export async function listFeedback(
  cursor: number | null = null,
  limit = ADMIN_PAGE,
): Promise<{ feedback: AdminFeedback[]; next_cursor: number | null; average_rating: number | null; total: number }> {
  const take = Math.min(ADMIN_PAGE, Math.max(1, Math.floor(limit)));
  const [rows, stats] = await Promise.all([
    prisma.feedback.findMany({
      where: cursor ? { id: { lt: cursor } } : {},
      orderBy: { id: "desc" },
      take: take + 1,
      select: { id: true, buildNumber: true, text: true, rating: true, createdAt: true, user: { select: { id: true, username: true } } },
    }),
    prisma.feedback.aggregate({ _avg: { rating: true }, _count: { _all: true } }),
  ]);
  const page = rows.slice(0, take);
  return {
    feedback: page.map((row) => ({
      id: row.id,
      build_number: row.buildNumber,
      feedback_text: row.text,
      rating: row.rating,
      user: row.user,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > take ? page[page.length - 1].id : null,
    average_rating: stats._avg.rating === null ? null : Math.round(stats._avg.rating * 10) / 10,
    total: stats._count._all,
  };
}

export type ModerationLogEntry = {
  id: number;
  action: string;
  content_type: string | null;
  content_id: number | null;
  note: string | null;
  created_at: string;
  /** Null once the moderator deleted their account: the entry stays, naming nobody. */
  moderator: { id: number; username: string } | null;
  target_user: { id: number; username: string } | null;
};

/** Every recorded decision, newest first. */
export async function listModerationLog(cursor: number | null = null, limit = ADMIN_PAGE): Promise<{ actions: ModerationLogEntry[]; next_cursor: number | null }> {
  const take = Math.min(ADMIN_PAGE, Math.max(1, Math.floor(limit)));
  const rows = await prisma.moderationAction.findMany({
    where: cursor ? { id: { lt: cursor } } : {},
    orderBy: { id: "desc" },
    take: take + 1,
    select: {
      id: true,
      action: true,
      contentType: true,
      contentId: true,
      note: true,
      createdAt: true,
      moderator: { select: { id: true, username: true } },
      targetUser: { select: { id: true, username: true } },
    },
  });
  const page = rows.slice(0, take);
  return {
    actions: page.map((row) => ({
      id: row.id,
      action: row.action,
      content_type: row.contentType,
      content_id: row.contentId,
      note: row.note,
      created_at: row.createdAt.toISOString(),
      moderator: row.moderator,
      target_user: row.targetUser,
    })),
    next_cursor: rows.length > take ? page[page.length - 1].id : null,
  };
}

/** Counts for the Admin Area's tabs. */
export async function getAdminOverview() {
  const [openGroups, users, suspended, feedback] = await Promise.all([
    prisma.flag.groupBy({ by: ["contentType", "contentId"], where: { status: "open" } }),
    prisma.user.count(),
    prisma.user.count({ where: { suspendedAt: { not: null } } }),
    prisma.feedback.count(),
  ]);
  return { open_reports: openGroups.length, users, suspended, feedback };
}
