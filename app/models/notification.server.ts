// Notifications: someone followed you (user_follow), someone followed your car
// (car_follow), your car's insurance expires within 30 days (insurance_expiration), someone
// mentioned you in a post, comment or message (mention).
// Rules:
// - no notification for following your own car (or yourself);
// - follow/unfollow/follow again does not spam: nothing new while an identical unread one exists;
// - one insurance reminder per car and expiry date (the unique `dedupeKey` plus the car's
//   `insuranceNotifiedFor`);
// - a user reads and marks only their own notifications (anything else is "not found").
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { commentPath, handoverPath, messagesPath, postPath, showcasePath, userPath } from "~/lib/paths";
import { blockedEitherWaySql, unblockedWith } from "~/models/block.server";
import { UserError } from "~/lib/user-error";
import { hasListeners, publishNotification } from "~/lib/server/live-hub.server";
import { pushFollow, pushMention } from "~/models/push.server";
import type { NotificationFeed, NotificationType, NotificationView } from "~/lib/wire";

export const NOTIFICATION_LIST_LIMIT = 50;
/** Reminders go out for insurance that expires within this many days. */
export const INSURANCE_WINDOW_DAYS = 30;

// ------------------------------------------------------------------ live updates

type Listener = (userId: number) => void;
const listeners = new Set<Listener>();

/**
 * Calls `listener` with the recipient's id whenever a notification is created or read
 * (for the realtime stream). Returns the function that unsubscribes.
 */
export function subscribeNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let forwarding = false;
/**
 * Forwards every created or read notification to the recipient's live streams, with the new
 * unread count. The server's entry calls it at start (not at the first stream): with several
 * instances, a notification made on one that serves no stream must still reach the others.
 */
export function forwardNotificationsToStreams(): void {
  if (forwarding) return;
  forwarding = true;
  subscribeNotifications((userId) => {
    if (!hasListeners(userId)) return;
    countUnread(userId).then(
      (unread_count) => publishNotification(userId, { unread_count }),
      () => publishNotification(userId),
    );
  });
}

export function announce(userId: number) {
  for (const listener of listeners) {
    try {
      listener(userId);
    } catch (error) {
      console.error("notification listener failed", error);
    }
  }
}

// ------------------------------------------------------------------ wording

export type CarWords = { make: string; model: string; trim: string | null; nickname: string | null };

/** The columns a notice names a car with (select them with the car's other fields). */
export const carWordsSelect = { make: true, model: true, trim: true, nickname: true } as const;

/** How a car is named in a sentence: its nickname, else model and trim ("911 GT3"). */
export function carLabel(car: CarWords): string {
  const nickname = car.nickname?.trim();
  if (nickname && nickname.toLowerCase() !== "unnamed") return nickname;
  return [car.model, car.trim].filter((part) => part && part.trim()).join(" ") || car.make;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "3 Dec" (a calendar date, read in UTC like it is stored). */
export function shortDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

export function userFollowMessage(actorUsername: string) {
  return `${actorUsername} started following you`;
}

export function carFollowMessage(actorUsername: string, car: CarWords) {
  return `${actorUsername} followed your ${carLabel(car)}`;
}

export function insuranceMessage(car: CarWords, expiresAt: Date) {
  return `Insurance for your ${carLabel(car)} expires on ${shortDate(expiresAt)}`;
}

// ------------------------------------------------------------------ creation

/** Who did something: enough to name them in a notice. */
export type Actor = { id: number; username: string };

/**
 * Tells `recipientId` that `actor` followed them (no car) or their `car`.
 * Does nothing for oneself, or while an identical unread notification is waiting.
 * Returns whether one was created.
 */
export async function notifyFollow(input: { actor: Actor; recipientId: number; car?: ({ id: number } & CarWords) | null }): Promise<boolean> {
  const { actor, recipientId } = input;
  const car = input.car ?? null;
  if (actor.id === recipientId) return false;
  const type: NotificationType = car === null ? "user_follow" : "car_follow";
  const carId = car?.id ?? null;

  const waiting = await prisma.notification.findFirst({
    where: { userId: recipientId, type, relatedUserId: actor.id, carId, readAt: null },
    select: { id: true },
  });
  if (waiting) return false;

  const message = car ? carFollowMessage(actor.username, car) : userFollowMessage(actor.username);
  await prisma.notification.create({ data: { userId: recipientId, type, relatedUserId: actor.id, carId, message } });
  announce(recipientId);
  await pushFollow(actor, { recipientId, carId, message, url: car ? showcasePath(car.id) : userPath(actor.username) });
  return true;
}

/** Where a mention was written: a post's story, a comment (or reply) on a post, a message. */
export type MentionPlace =
  { kind: "post"; postId: number } | { kind: "comment"; postId: number; commentId: number } | { kind: "message"; messageId: number; recipientId: number };

export function mentionMessage(actorUsername: string, place: MentionPlace["kind"]) {
  return `@${actorUsername} mentioned you in a ${place}`;
}

function mentionKey(place: MentionPlace, recipientId: number): string {
  const where = place.kind === "post" ? place.postId : place.kind === "comment" ? place.commentId : place.messageId;
  return `mention:${place.kind}:${where}:${recipientId}`;
}

function mentionUrl(place: MentionPlace, actorUsername: string): string {
  if (place.kind === "post") return postPath(place.postId);
  if (place.kind === "comment") return commentPath(place.postId, place.commentId);
  return messagesPath(actorUsername);
}

/**
 * Tells the members named in `names` (lowercased usernames, already cut to the ones a text
 * may notify) that `authorId` mentioned them at `place`. Nobody hears of their own mention,
 * nor of one by someone in a block with them (either way); in a message only its recipient
 * can hear (nobody else can read it). One notice per person and place ever (`dedupeKey`), so
 * an edit or a second mention in the same text never tells twice. Returns who was told.
 * A failure is logged, never thrown: the text is saved already.
 */
export async function notifyMentions(input: { authorId: number; names: string[]; text: string; place: MentionPlace }): Promise<number[]> {
  const { authorId, place } = input;
  if (input.names.length === 0) return [];
  try {
    const [author, recipients] = await Promise.all([
      prisma.user.findUnique({ where: { id: authorId }, select: { id: true, username: true } }),
      prisma.user.findMany({
        where: {
          username: { in: input.names },
          id: place.kind === "message" ? place.recipientId : { not: authorId },
          ...unblockedWith(authorId),
        },
        select: { id: true },
      }),
    ]);
    if (!author) return [];
    const message = mentionMessage(author.username, place.kind);
    const url = mentionUrl(place, author.username);
    const told: number[] = [];
    for (const { id } of recipients) {
      if (id === authorId) continue;
      try {
        await prisma.notification.create({
          data: {
            userId: id,
            type: "mention",
            message,
            relatedUserId: authorId,
            postId: place.kind === "message" ? null : place.postId,
            commentId: place.kind === "comment" ? place.commentId : null,
            dedupeKey: mentionKey(place, id),
          },
        });
      } catch (error) {
        // Told already about this place.
        if ((error as { code?: string }).code === "P2002") continue;
        throw error;
      }
      told.push(id);
      announce(id);
      await pushMention(author, { recipientId: id, url, text: input.text });
    }
    return told;
  } catch (error) {
    console.error("mention notifications failed", error);
    return [];
  }
}

export const DATA_EXPORT_PAGE = "/profile/export";

/**
 * Tells a member their data download is ready. `dedupeKey` names the download, so a job that
 * runs again does not tell twice; answers whether a notice was created.
 */
export async function notifyDataExportReady(userId: number, message: string, dedupeKey: string): Promise<boolean> {
  try {
    await prisma.notification.create({ data: { userId, type: "data_export", message, dedupeKey } });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return false;
    throw error;
  }
  announce(userId);
  return true;
}

// ------------------------------------------------------------------ reading

const notificationSelect = {
  id: true,
  type: true,
  message: true,
  readAt: true,
  createdAt: true,
  carId: true,
  postId: true,
  commentId: true,
  relatedUserId: true,
  relatedUser: { select: { username: true, nickname: true, profileImage: true } },
} as const;

type NotificationRow = {
  id: number;
  type: string;
  message: string;
  readAt: Date | null;
  createdAt: Date;
  carId: number | null;
  postId: number | null;
  commentId: number | null;
  relatedUserId: number | null;
  relatedUser: { username: string; nickname: string | null; profileImage: string | null } | null;
};

function linkOf(row: NotificationRow): string {
  if (row.type === "data_export") return DATA_EXPORT_PAGE;
  if (row.type === "insurance_expiration") return "/my-cars";
  if (row.type === "car_handover" && row.carId) return handoverPath(row.carId);
  if (row.type === "car_new_owner" && row.carId) return showcasePath(row.carId);
  if (row.type === "mention" && row.postId !== null) return row.commentId !== null ? commentPath(row.postId, row.commentId) : postPath(row.postId);
  if (row.type === "mention" && row.relatedUser) return messagesPath(row.relatedUser.username);
  if (row.relatedUser) return userPath(row.relatedUser.username);
  if (row.carId) return showcasePath(row.carId);
  return "/notifications";
}

function toView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type as NotificationType,
    message: row.message,
    is_read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    car_id: row.carId,
    related_user_id: row.relatedUserId,
    related_user_username: row.relatedUser?.username ?? null,
    related_user_nickname: row.relatedUser?.nickname ?? null,
    related_user_profile_image: row.relatedUser?.profileImage ?? null,
    link: linkOf(row),
  };
}

/** The user's notifications, less any caused by someone in a block with them (either way). */
function visibleTo(userId: number): Prisma.NotificationWhereInput {
  return { userId, OR: [{ relatedUserId: null }, { relatedUser: { is: unblockedWith(userId) } }] };
}

/**
 * The badge on every member's page: their unread notifications that `visibleTo` shows. One
 * plain statement on the (userId, readAt) index, since every page a member opens asks it.
 */
export async function countUnread(userId: number): Promise<number> {
  const [row] = await prisma.$queryRaw<{ unread: number | bigint }[]>`SELECT ${unreadCountSql(userId)} AS "unread"`;
  return Number(row?.unread ?? 0);
}

/** `countUnread` as a scalar subquery, for a statement that reads the user anyway. */
export function unreadCountSql(userId: number | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT COUNT(*) FROM "notifications" n
    WHERE n."userId" = ${userId} AND n."readAt" IS NULL
      AND (n."relatedUserId" IS NULL OR NOT ${blockedEitherWaySql(userId, Prisma.sql`n."relatedUserId"`)}))`;
}

/** The user's newest notifications (at most 50) and their unread count. */
export async function getNotificationFeed(userId: number, limit = NOTIFICATION_LIST_LIMIT): Promise<NotificationFeed> {
  const take = Math.max(0, Math.min(NOTIFICATION_LIST_LIMIT, Math.floor(limit)));
  const [rows, unread] = await Promise.all([
    take === 0
      ? Promise.resolve([] as NotificationRow[])
      : prisma.notification.findMany({
          where: visibleTo(userId),
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take,
          select: notificationSelect,
        }),
    countUnread(userId),
  ]);
  return { notifications: rows.map(toView), unread_count: unread };
}

/** Marks one of the user's notifications read; a UserError 404 for anyone else's. */
export async function markNotificationRead(userId: number, id: number): Promise<NotificationView> {
  const row = await prisma.notification.findFirst({ where: { id, userId }, select: notificationSelect });
  if (!row) throw new UserError(404, "Notification not found");
  if (row.readAt) return toView(row);
  const updated = await prisma.notification.update({ where: { id }, data: { readAt: new Date() }, select: notificationSelect });
  announce(userId);
  return toView(updated);
}

/** Marks all of the user's notifications read; returns how many changed. */
export async function markAllNotificationsRead(userId: number): Promise<number> {
  const { count } = await prisma.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: new Date() } });
  if (count > 0) announce(userId);
  return count;
}
