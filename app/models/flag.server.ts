// Reports of content and the administrators' queue. One report per
// reporter and piece of content (a unique index); the reporter is always the session user.
import { prisma } from "~/db.server";
import { postPath, showcasePath, userPath } from "~/lib/paths";
import { READY_POST } from "~/lib/rules/post-status";
import { UserError } from "~/lib/user-error";
import type { FlagInput } from "~/lib/schemas/flag-input";
import { FLAG_MESSAGES, type FlagContentType, type FlagStatus } from "~/lib/rules/flag-reasons";
import { isUniqueViolation } from "~/lib/db/conflicts";
import type { FlagQueueItem } from "~/lib/wire";

/** Whether the reported thing exists. */
export async function contentExists(contentType: FlagContentType, contentId: number): Promise<boolean> {
  const where = { where: { id: contentId } };
  switch (contentType) {
    case "post":
      return (await prisma.post.count({ where: { id: contentId, ...READY_POST } })) > 0;
    case "comment":
      return (await prisma.comment.count(where)) > 0;
    case "user":
      return (await prisma.user.count(where)) > 0;
    case "car":
      return (await prisma.car.count(where)) > 0;
  }
}

export type CreatedFlag = { id: number; contentType: string; contentId: number; reason: string; createdAt: string };

/**
 * Files a report by `reporterId`. UserError 404 when the content does not exist, 409 when
 * this reporter already reported it.
 */
export async function createFlag(reporterId: number, input: FlagInput): Promise<CreatedFlag> {
  if (!(await contentExists(input.contentType, input.contentId))) throw new UserError(404, FLAG_MESSAGES.notFound);
  const duplicate = await prisma.flag.count({ where: { reporterId, contentType: input.contentType, contentId: input.contentId } });
  if (duplicate > 0) throw new UserError(409, FLAG_MESSAGES.duplicate);
  try {
    const flag = await prisma.flag.create({
      data: { reporterId, contentType: input.contentType, contentId: input.contentId, reason: input.reason, details: input.details },
      select: { id: true, contentType: true, contentId: true, reason: true, createdAt: true },
    });
    return { ...flag, createdAt: flag.createdAt.toISOString() };
  } catch (error) {
    // Two presses racing: the unique index keeps one.
    if (isUniqueViolation(error)) throw new UserError(409, FLAG_MESSAGES.duplicate);
    throw error;
  }
}

/** How many reports a piece of content has (every status). */
export function countFlags(contentType: FlagContentType, contentId: number): Promise<number> {
  return prisma.flag.count({ where: { contentType, contentId } });
}

async function previewOf(contentType: FlagContentType, contentId: number): Promise<FlagQueueItem["preview"]> {
  const short = (value: string, max = 120) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
  switch (contentType) {
    case "post": {
      const post = await prisma.post.findUnique({ where: { id: contentId }, select: { story: true, createdBy: { select: { username: true } } } });
      return post && { title: short(post.story || "Post without text"), author: post.createdBy.username, href: postPath(contentId) };
    }
    case "comment": {
      const comment = await prisma.comment.findUnique({ where: { id: contentId }, select: { content: true, postId: true, user: { select: { username: true } } } });
      return comment && { title: short(comment.content), author: comment.user?.username ?? null, href: postPath(comment.postId) };
    }
    case "user": {
      const user = await prisma.user.findUnique({ where: { id: contentId }, select: { username: true, nickname: true } });
      return user && { title: user.nickname || user.username, author: user.username, href: userPath(user.username) };
    }
    case "car": {
      const car = await prisma.car.findUnique({ where: { id: contentId }, select: { year: true, make: true, model: true, owner: { select: { username: true } } } });
      return car && { title: `${car.year} ${car.make} ${car.model}`, author: car.owner.username, href: showcasePath(contentId) };
    }
  }
}

/**
 * Open reports grouped by content, most reported first (then most recent), for the Admin
 * Area, with counts, reasons, details and a preview of the content.
 */
export async function listFlagQueue(limit = 100): Promise<FlagQueueItem[]> {
  const groups = await prisma.flag.groupBy({
    by: ["contentType", "contentId"],
    where: { status: "open" },
    _count: { _all: true },
    _min: { createdAt: true },
    _max: { createdAt: true },
  });
  groups.sort((a, b) => b._count._all - a._count._all || (b._max.createdAt?.getTime() ?? 0) - (a._max.createdAt?.getTime() ?? 0));
  const top = groups.slice(0, limit);
  return Promise.all(
    top.map(async (group) => {
      const contentType = group.contentType as FlagContentType;
      const [reasons, details, preview] = await Promise.all([
        prisma.flag.groupBy({
          by: ["reason"],
          where: { status: "open", contentType, contentId: group.contentId },
          _count: { _all: true },
        }),
        prisma.flag.findMany({
          where: { status: "open", contentType, contentId: group.contentId, details: { not: null } },
          orderBy: { createdAt: "desc" },
          take: 5,
          select: { details: true, createdAt: true, reporter: { select: { username: true } } },
        }),
        previewOf(contentType, group.contentId),
      ]);
      return {
        contentType,
        contentId: group.contentId,
        count: group._count._all,
        reasons: reasons.map((row) => ({ reason: row.reason, count: row._count._all })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
        details: details.map((row) => ({ reporter: row.reporter.username, text: row.details ?? "", createdAt: row.createdAt.toISOString() })),
        firstReportedAt: (group._min.createdAt ?? new Date(0)).toISOString(),
        lastReportedAt: (group._max.createdAt ?? new Date(0)).toISOString(),
        preview,
      };
    }),
  );
}

/** How many pieces of content wait in the queue (for a badge). */
export async function countOpenFlagGroups(): Promise<number> {
  const groups = await prisma.flag.groupBy({ by: ["contentType", "contentId"], where: { status: "open" } });
  return groups.length;
}

/**
 * Closes every open report on a piece of content as dismissed or removed, and records the
 * decision in moderation_actions. It does not delete the content itself: the caller does
 * that (for example deleteComment) before resolving as "removed". Answers how many
 * reports were closed.
 */
export async function resolveFlags(
  contentType: FlagContentType,
  contentId: number,
  status: Exclude<FlagStatus, "open">,
  moderatorId: number,
  note?: string,
): Promise<{ resolved: number }> {
  if (status !== "dismissed" && status !== "removed") throw new UserError(400, FLAG_MESSAGES.invalid);
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.flag.updateMany({
      where: { contentType, contentId, status: "open" },
      data: { status, resolvedById: moderatorId, resolvedAt: new Date() },
    });
    await tx.moderationAction.create({
      data: { moderatorId, action: status === "dismissed" ? "dismiss" : "remove", contentType, contentId, note: note ?? null },
    });
    return { resolved: count };
  });
}
