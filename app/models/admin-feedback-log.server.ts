// The Admin Area's records: the feedback members sent (with the average rating) and the
// moderation log of every decision, both newest first.
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { ADMIN_PAGE, newestFirst, pageOf, pageSize } from "~/models/admin-area.server";
import type { AdminFeedback, ModerationLogEntry } from "~/lib/wire";

const feedbackSelect = {
  id: true,
  buildNumber: true,
  text: true,
  rating: true,
  createdAt: true,
  user: { select: { id: true, username: true } },
} as const satisfies Prisma.FeedbackSelect;

function feedbackView(row: Prisma.FeedbackGetPayload<{ select: typeof feedbackSelect }>): AdminFeedback {
  return { id: row.id, build_number: row.buildNumber, feedback_text: row.text, rating: row.rating, user: row.user, created_at: row.createdAt.toISOString() };
}

/** Feedback, newest first, with the average rating of everything rated. */
export async function listFeedback(
  cursor: number | null = null,
  limit = ADMIN_PAGE,
): Promise<{ feedback: AdminFeedback[]; next_cursor: number | null; average_rating: number | null; total: number }> {
  const take = pageSize(limit);
  const [rows, stats] = await Promise.all([
    prisma.feedback.findMany({ ...newestFirst(cursor, take), select: feedbackSelect }),
    prisma.feedback.aggregate({ _avg: { rating: true }, _count: { _all: true } }),
  ]);
  const { page, next_cursor } = pageOf(rows, take);
  return {
    feedback: page.map(feedbackView),
    next_cursor,
    average_rating: stats._avg.rating === null ? null : Math.round(stats._avg.rating * 10) / 10,
    total: stats._count._all,
  };
}

const logSelect = {
  id: true,
  action: true,
  contentType: true,
  contentId: true,
  note: true,
  createdAt: true,
  moderator: { select: { id: true, username: true } },
  targetUser: { select: { id: true, username: true } },
} as const satisfies Prisma.ModerationActionSelect;

function logEntryView(row: Prisma.ModerationActionGetPayload<{ select: typeof logSelect }>): ModerationLogEntry {
  return {
    id: row.id,
    action: row.action,
    content_type: row.contentType,
    content_id: row.contentId,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    moderator: row.moderator,
    target_user: row.targetUser,
  };
}

/** Every recorded decision, newest first. */
export async function listModerationLog(cursor: number | null = null, limit = ADMIN_PAGE): Promise<{ actions: ModerationLogEntry[]; next_cursor: number | null }> {
  const take = pageSize(limit);
  const rows = await prisma.moderationAction.findMany({ ...newestFirst(cursor, take), select: logSelect });
  const { page, next_cursor } = pageOf(rows, take);
  return { actions: page.map(logEntryView), next_cursor };
}
