// Push notifications (the Web Push standard): a member turns them on per device, and the app
// reaches that device when no tab is open.
// Rules:
// - which devices are subscribed, and how a subscription is checked: push-subscription.server.ts;
// - what causes a push: a message, a reply to the member's comment, a comment on their post,
//   a new follower of them or of their car, an event they are going to starting within 24
//   hours (once per event), an insurance reminder, and (off unless chosen) a like of their
//   post; each kind can be switched off on the profile's settings;
// - nobody in a block with the member (either way) ever causes a push;
// - nothing is sent on the request path: a "push" job (the push lane) checks the member's
//   choices and blocks and queues one "push-send" job per device; the push service's 404 or
//   410 removes that device's subscription, its 429 and 5xx are retried by the queue.
import webpush, { WebPushError } from "web-push";
import { prisma } from "~/db.server";
import { SITE_NAME } from "~/lib/rules/brand";
import { pushSettings } from "~/lib/server/env.server";
import { mediaUrl } from "~/lib/media/media-types";
import { eventPath, messagesPath, postPath } from "~/lib/paths";
import { isBlockedEitherWay } from "~/models/block.server";
import { enqueueJob } from "~/models/job.server";
import { MAX_DEVICES } from "~/models/push-subscription.server";

export const PUSH_JOB = "push";
export const PUSH_SEND_JOB = "push-send";
/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** How long one request to a push service may take. */
const PUSH_TIMEOUT_MS = 15_000;
const EXCERPT_CHARS = 140;

/** The kinds a member can switch on or off, with their defaults (all on but likes). */
export const PUSH_KINDS = ["messages", "replies", "comments", "followers", "events", "insurance", "mentions", "likes"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushPreferences = Record<PushKind, boolean>;
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  messages: true,
  replies: true,
  comments: true,
  followers: true,
  events: true,
  insurance: true,
  mentions: true,
  likes: false,
};

// ------------------------------------------------------------------ what a push carries

/** What the service worker shows: the words, the page a tap opens, the picture. */
export type PushMessage = { title: string; body: string; url: string; icon: string | null; tag: string };

/** The "push" job: one event for one member, checked and spread over their devices later. */
export type PushJobPayload = {
  userId: number;
  /** "download": a download the member asked for is ready; it always comes, like its e-mail. */
  kind: PushKind | "download";
  /** Whoever caused it (a block with them stops it); null for reminders. */
  actorId: number | null;
  title: string;
  body: string;
  url: string;
  /** The picture: this person's photo, or this car's newest picture. */
  iconUserId?: number | null;
  iconCarId?: number | null;
  tag: string;
};

type PushSendPayload = { subscriptionId: number; message: PushMessage };

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}

/** Queues a push for `userId` (nothing when push is off or it is their own doing). */
export async function queuePush(payload: PushJobPayload): Promise<void> {
  if (payload.actorId === payload.userId) return;
  if (!pushSettings()) return;
  // An idle worker looks at the queue every second: no need to wake it.
  await enqueueJob(PUSH_JOB, payload, { lane: "push" });
}

type Person = { id: number; username: string };

export function pushMessageReceived(sender: Person, recipientId: number, content: string) {
  return queuePush({
    userId: recipientId,
    kind: "messages",
    actorId: sender.id,
    title: `New message from ${sender.username}`,
    body: excerpt(content),
    url: messagesPath(sender.username),
    iconUserId: sender.id,
    tag: `message:${sender.id}`,
  });
}

export function pushComment(author: Person, input: { recipientId: number; postId: number; content: string; reply: boolean }) {
  return queuePush({
    userId: input.recipientId,
    kind: input.reply ? "replies" : "comments",
    actorId: author.id,
    title: input.reply ? `${author.username} replied to your comment` : `${author.username} commented on your post`,
    body: excerpt(input.content),
    url: postPath(input.postId),
    iconUserId: author.id,
    tag: `comment:${input.postId}`,
  });
}

/** A new follower of the member or of their car: `message` and `url` as the notification has them. */
export function pushFollow(actor: Person, input: { recipientId: number; carId: number | null; message: string; url: string }) {
  return queuePush({
    userId: input.recipientId,
    kind: "followers",
    actorId: actor.id,
    title: input.message,
    body: SITE_NAME,
    url: input.url,
    iconUserId: input.carId === null ? actor.id : null,
    iconCarId: input.carId,
    tag: input.carId === null ? `follow:${actor.id}` : `car-follow:${input.carId}:${actor.id}`,
  });
}

export function pushInsurance(ownerId: number, carId: number, message: string) {
  return queuePush({ userId: ownerId, kind: "insurance", actorId: null, title: message, body: SITE_NAME, url: "/my-cars", iconCarId: carId, tag: `insurance:${carId}` });
}

/** A like of a post tells its owner (only those who chose likes: off by default). */
export async function pushPostLike(likerId: number, postId: number): Promise<void> {
  if (!pushSettings()) return;
  const [liker, post] = await Promise.all([
    prisma.user.findUnique({ where: { id: likerId }, select: { id: true, username: true } }),
    prisma.post.findUnique({ where: { id: postId }, select: { createdById: true } }),
  ]);
  if (liker && post?.createdById) await pushLike(liker, { recipientId: post.createdById, postId });
}

export function pushLike(liker: Person, input: { recipientId: number; postId: number }) {
  return queuePush({
    userId: input.recipientId,
    kind: "likes",
    actorId: liker.id,
    title: `${liker.username} liked your post`,
    body: SITE_NAME,
    url: postPath(input.postId),
    iconUserId: liker.id,
    tag: `like:${input.postId}`,
  });
}

/**
 * A mention of the member (mentions do not exist yet: the place that finds "@name" in a post
 * or comment calls this once per person named).
 */
export function pushMention(author: Person, input: { recipientId: number; url: string; text: string }) {
  return queuePush({
    userId: input.recipientId,
    kind: "mentions",
    actorId: author.id,
    title: `${author.username} mentioned you`,
    body: excerpt(input.text),
    url: input.url,
    iconUserId: author.id,
    tag: `mention:${author.id}`,
  });
}

// ------------------------------------------------------------------ events starting soon

/** Reminders go to the people going to an event that starts within this many hours. */
export const EVENT_REMINDER_HOURS = 24;

/**
 * Queues the "starting soon" push to everyone going to an event that starts within 24 hours
 * of `now` and has not had it for that event. Each attendee is marked first, so a second
 * check (or another process) sends none again. Returns how many were queued.
 */
export async function sendEventReminders(now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + EVENT_REMINDER_HOURS * 3600_000);
  const due = await prisma.eventAttendee.findMany({
    where: { pushRemindedAt: null, event: { dateTime: { gt: now, lte: horizon } } },
    select: { eventId: true, userId: true, carId: true, event: { select: { name: true, location: true } } },
    orderBy: [{ eventId: "asc" }, { userId: "asc" }],
    take: 1000,
  });
  let queued = 0;
  for (const row of due) {
    const claimed = await prisma.eventAttendee.updateMany({
      where: { eventId: row.eventId, userId: row.userId, pushRemindedAt: null },
      data: { pushRemindedAt: now },
    });
    if (claimed.count !== 1) continue;
    await queuePush({
      userId: row.userId,
      kind: "events",
      actorId: null,
      title: `${row.event.name} starts within 24 hours`,
      body: row.event.location ? excerpt(row.event.location) : SITE_NAME,
      url: eventPath(row.eventId),
      iconCarId: row.carId,
      tag: `event:${row.eventId}`,
    });
    queued += 1;
  }
  return queued;
}

// ------------------------------------------------------------------ choices

/** The member's push choices (the defaults when they never changed any). */
export async function getPushPreferences(userId: number): Promise<PushPreferences> {
  const row = await prisma.pushPreference.findUnique({ where: { userId } });
  if (!row) return { ...DEFAULT_PUSH_PREFERENCES };
  const preferences = { ...DEFAULT_PUSH_PREFERENCES };
  for (const kind of PUSH_KINDS) preferences[kind] = row[kind];
  return preferences;
}

/** Saves the member's push choices: every kind, on or off. */
export async function setPushPreferences(userId: number, preferences: PushPreferences): Promise<PushPreferences> {
  await prisma.pushPreference.upsert({ where: { userId }, create: { userId, ...preferences }, update: preferences });
  return getPushPreferences(userId);
}

// ------------------------------------------------------------------ the jobs

async function iconOf(payload: PushJobPayload): Promise<string | null> {
  if (payload.iconCarId) {
    const cover = await prisma.media.findFirst({
      where: { OR: [{ kind: "image" }, { posterPath: { not: null } }], post: { postCars: { some: { carId: payload.iconCarId } } } },
      orderBy: [{ post: { createdAt: "desc" } }, { position: "asc" }],
      select: { kind: true, path: true, posterPath: true },
    });
    if (cover) return mediaUrl(cover.kind === "image" ? cover.path : cover.posterPath);
  }
  if (payload.iconUserId) {
    const user = await prisma.user.findUnique({ where: { id: payload.iconUserId }, select: { profileImage: true } });
    if (user?.profileImage) return mediaUrl(user.profileImage);
  }
  return null;
}

/**
 * The "push" job: when the member still wants this kind and no block stands between them and
 * whoever caused it, one "push-send" job per device (in one statement).
 */
export async function runPushJob(payload: PushJobPayload): Promise<number> {
  if (!pushSettings()) return 0;
  const preferences = await getPushPreferences(payload.userId);
  if (payload.kind !== "download" && !preferences[payload.kind]) return 0;
  // A block either way silences the other person entirely (mutes, when they exist, join here).
  if (payload.actorId !== null && (await isBlockedEitherWay(payload.userId, payload.actorId))) return 0;
  const devices = await prisma.pushSubscription.findMany({ where: { userId: payload.userId }, select: { id: true }, take: MAX_DEVICES });
  if (devices.length === 0) return 0;
  const message: PushMessage = { title: payload.title, body: payload.body, url: payload.url, icon: await iconOf(payload), tag: payload.tag };
  const now = Date.now();
  await prisma.job.createMany({
    data: devices.map((device) => ({
      kind: PUSH_SEND_JOB,
      lane: "push",
      payload: JSON.stringify({ subscriptionId: device.id, message } satisfies PushSendPayload),
      maxAttempts: 5,
      runAfter: BigInt(now),
    })),
  });
  return devices.length;
}

/** A push service's answer no retry can change (400, 403, 413…): the job fails at once. */
export class PushRefused extends Error {}

/**
 * The "push-send" job: the push to one device. 404 and 410 mean the device is gone: its
 * subscription is removed. 429 and 5xx (and no answer) throw, so the queue retries later.
 */
export async function runPushSendJob(payload: PushSendPayload): Promise<"sent" | "gone" | "skipped"> {
  const push = pushSettings();
  if (!push) return "skipped";
  const subscription = await prisma.pushSubscription.findUnique({ where: { id: payload.subscriptionId } });
  if (!subscription) return "gone";
  try {
    await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload.message), {
      vapidDetails: push.vapid,
      TTL: PUSH_TTL_SECONDS,
      timeout: PUSH_TIMEOUT_MS,
      urgency: "normal",
    });
    return "sent";
  } catch (error) {
    if (error instanceof WebPushError) {
      if (error.statusCode === 404 || error.statusCode === 410) {
        await prisma.pushSubscription.deleteMany({ where: { id: subscription.id } });
        return "gone";
      }
      if (error.statusCode === 429 || error.statusCode >= 500) throw new Error(`The push service answered ${error.statusCode}`);
      throw new PushRefused(`The push service refused the push: ${error.statusCode} ${error.body ?? ""}`.trim());
    }
    throw error;
  }
}
