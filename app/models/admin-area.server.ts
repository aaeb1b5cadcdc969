// What the whole Admin Area shares: its messages, the moderation actions, the page size and
// paging newest first by id, and the counts on its tabs. Callers check requireAdmin.
import { prisma } from "~/db.server";
import { FLAG_MESSAGES } from "~/lib/rules/flag-reasons";

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

export const ADMIN_PAGE = 50;

/** The rows a page shows: `limit`, from 1 to ADMIN_PAGE. */
export function pageSize(limit: number): number {
  return Math.min(ADMIN_PAGE, Math.max(1, Math.floor(limit)));
}

/** A findMany's paging, newest id first after `cursor` (the last id of the previous page): one row more than shown, to tell whether a next page follows. */
export function newestFirst(cursor: number | null, take: number) {
  return { where: cursor ? { id: { lt: cursor } } : {}, orderBy: { id: "desc" as const }, take: take + 1 };
}

/** The `take` rows a page shows of those newestFirst read, and the cursor of the next page (null at the end). */
export function pageOf<T extends { id: number }>(rows: T[], take: number): { page: T[]; next_cursor: number | null } {
  const page = rows.slice(0, take);
  return { page, next_cursor: rows.length > take ? page[page.length - 1].id : null };
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
