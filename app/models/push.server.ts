// Push notifications (the Web Push standard): a member turns them on per device, and the app
// reaches that device when no tab is open.
// Rules:
// - a subscription is stored only with an https endpoint of a known push service whose host
//   resolves to public addresses only, and keys of the right size (p256dh: a 65-byte
//   uncompressed P-256 point; auth: 16 bytes; both base64url); anything else is a 400;
// - a member keeps at most MAX_DEVICES subscriptions: a new one replaces the oldest;
// - what causes a push: a message, a reply to the member's comment, a comment on their post,
//   a new follower of them or of their car, an event they are going to starting within 24
//   hours (once per event), an insurance reminder, and (off unless chosen) a like of their
//   post; each kind can be switched off on the profile's settings;
// - nobody in a block with the member (either way) ever causes a push;
// - nothing is sent on the request path: a "push" job (the push lane) checks the member's
//   choices and blocks and queues one "push-send" job per device; the push service's 404 or
//   410 removes that device's subscription, its 429 and 5xx are retried by the queue.
import { promises as dns } from "node:dns";
import { BlockList, isIP } from "node:net";
import webpush, { WebPushError } from "web-push";
import { z } from "zod";
import { prisma } from "~/db.server";
import { SITE_NAME } from "~/lib/brand";
import { pushSettings } from "~/lib/env.server";
import { mediaUrl } from "~/lib/media-types";
import { UserError } from "~/lib/user-error";
import { isBlockedEitherWay } from "~/models/block.server";
import { enqueueJob } from "~/models/job.server";

export const PUSH_JOB = "push";
export const PUSH_SEND_JOB = "push-send";
/** Subscriptions one member keeps; a further device replaces the oldest. */
export const MAX_DEVICES = 20;
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

export const PUSH_TEXT = {
  badEndpoint: "This push subscription's endpoint is not a push service's https address",
  privateEndpoint: "This push subscription's endpoint is on a private address",
  unknownHost: "This push subscription's endpoint could not be found",
  badKeys: "This push subscription's keys are malformed (p256dh must be 65 bytes, auth 16 bytes, base64url)",
  off: "Push notifications are not available on this server",
} as const;

// ------------------------------------------------------------------ what a push carries

/** What the service worker shows: the words, the page a tap opens, the picture. */
export type PushMessage = { title: string; body: string; url: string; icon: string | null; tag: string };

/** The "push" job: one event for one member, checked and spread over their devices later. */
export type PushJobPayload = {
  userId: number;
  kind: PushKind;
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
    url: `/messages/${encodeURIComponent(sender.username)}`,
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
    url: `/post/${input.postId}`,
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
    url: `/post/${input.postId}`,
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
      url: `/events/${row.eventId}`,
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

// ------------------------------------------------------------------ subscriptions

/** The push services browsers use (Chrome and Edge's FCM, Firefox, Safari, Windows). */
const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

function isPushServiceHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/** Addresses a push may never go to: private, loopback, link-local and other special ranges. */
const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ] as const)
    list.addSubnet(network, prefix, "ipv4");
  for (const [network, prefix] of [
    ["::", 128],
    ["::1", 128],
    ["fc00::", 7],
    ["fe80::", 10],
    ["ff00::", 8],
  ] as const)
    list.addSubnet(network, prefix, "ipv6");
  return list;
})();

/** Whether an IP address is private, loopback, link-local or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return PRIVATE_RANGES.check(address, "ipv4");
  if (version !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE_RANGES.check(mapped[1], "ipv4");
  return PRIVATE_RANGES.check(address, "ipv6");
}

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Checks a subscription's endpoint: an https address of a known push service, resolving to
 * public addresses only (tests may allow http on 127.0.0.1). UserError 400 otherwise.
 */
export async function checkEndpoint(endpoint: string, lookup: Lookup = systemLookup): Promise<URL> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new UserError(400, PUSH_TEXT.badEndpoint);
  }
  if (url.username || url.password || url.hash) throw new UserError(400, PUSH_TEXT.badEndpoint);
  if (pushSettings()?.allowLocalEndpoints && url.hostname === "127.0.0.1" && (url.protocol === "http:" || url.protocol === "https:")) return url;
  if (url.protocol !== "https:" || (url.port !== "" && url.port !== "443")) throw new UserError(400, PUSH_TEXT.badEndpoint);
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, "")) !== 0 || !isPushServiceHost(host)) throw new UserError(400, PUSH_TEXT.badEndpoint);
  let addresses: string[];
  try {
    addresses = await lookup(host);
  } catch {
    throw new UserError(400, PUSH_TEXT.unknownHost);
  }
  if (addresses.length === 0) throw new UserError(400, PUSH_TEXT.unknownHost);
  if (addresses.some(isPrivateAddress)) throw new UserError(400, PUSH_TEXT.privateEndpoint);
  return url;
}

const base64url = /^[A-Za-z0-9_-]+$/;

function keyBytes(value: string, length: number): Buffer | null {
  if (!base64url.test(value)) return null;
  const bytes = Buffer.from(value, "base64url");
  return bytes.length === length ? bytes : null;
}

export const subscriptionSchema = z.object({
  endpoint: z.string({ message: PUSH_TEXT.badEndpoint }).trim().min(1, PUSH_TEXT.badEndpoint).max(1000, PUSH_TEXT.badEndpoint),
  keys: z.object(
    {
      p256dh: z
        .string({ message: PUSH_TEXT.badKeys })
        .trim()
        .refine((value) => keyBytes(value.replace(/=+$/, ""), 65)?.[0] === 0x04, PUSH_TEXT.badKeys),
      auth: z
        .string({ message: PUSH_TEXT.badKeys })
        .trim()
        .refine((value) => keyBytes(value.replace(/=+$/, ""), 16) !== null, PUSH_TEXT.badKeys),
    },
    { message: PUSH_TEXT.badKeys },
  ),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

/**
 * Stores this device's subscription for `userId` (the same endpoint moves to the member who
 * subscribed last), keeping their newest MAX_DEVICES. UserError 400 for a bad one, 503 when
 * push is off.
 */
export async function saveSubscription(userId: number, input: SubscriptionInput, lookup?: Lookup): Promise<{ id: number }> {
  if (!pushSettings()) throw new UserError(503, PUSH_TEXT.off);
  const url = await checkEndpoint(input.endpoint, lookup);
  const endpoint = url.href;
  const keys = { p256dh: input.keys.p256dh.replace(/=+$/, ""), auth: input.keys.auth.replace(/=+$/, "") };
  const row = await prisma.pushSubscription.upsert({
    where: { endpoint },
    create: { userId, endpoint, ...keys },
    update: { userId, ...keys },
    select: { id: true },
  });
  const extra = await prisma.pushSubscription.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: MAX_DEVICES,
    select: { id: true },
  });
  if (extra.length) await prisma.pushSubscription.deleteMany({ where: { id: { in: extra.map((one) => one.id) } } });
  return row;
}

/** Forgets this device's subscription (only the member's own); answers whether one went. */
export async function removeSubscription(userId: number, endpoint: string): Promise<boolean> {
  const { count } = await prisma.pushSubscription.deleteMany({ where: { userId, endpoint } });
  return count > 0;
}

/** How many devices the member gets pushes on. */
export function countSubscriptions(userId: number): Promise<number> {
  return prisma.pushSubscription.count({ where: { userId } });
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
  if (!preferences[payload.kind]) return 0;
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
