// The Admin Area's moderation queue and its actions: dismiss the reports, remove the content,
// suspend its author. Every decision is written to moderation_actions with who took it and
// when, in the same transaction as the change itself.
//
// The queue of reports grouped by content is flag.server.ts's listFlagQueue; this module
// adds each item's author (id, suspended, role) so the page can offer "suspend the author".
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { UserError } from "~/lib/user-error";
import { FLAG_CONTENT_TYPES, type FlagContentType } from "~/lib/rules/flag-reasons";
import { discardMedia } from "~/lib/media/processed-media.server";
import { listFlagQueue, resolveFlags } from "~/models/flag.server";
import { dropCarFromTimelines } from "~/models/timeline.server";
import { ADMIN_TEXT } from "~/models/admin-area.server";
import { authorSelect, suspendUser, type Author } from "~/models/admin-users.server";
import type { QueueItem } from "~/lib/wire";

export function isContentType(value: unknown): value is FlagContentType {
  return typeof value === "string" && (FLAG_CONTENT_TYPES as readonly string[]).includes(value);
}

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
