// The devices a member gets pushes on: one subscription per browser that turned pushes on.
// Rules:
// - a subscription is stored only with an https endpoint of a known push service whose host
//   resolves to public addresses only, and keys of the right size (p256dh: a 65-byte
//   uncompressed P-256 point; auth: 16 bytes; both base64url); anything else is a 400;
// - a member keeps at most MAX_DEVICES subscriptions: a new one replaces the oldest;
// - a subscription belongs to the sign-in that made it: signing out (or being signed out
//   from another device, or the sign-in expiring) removes it, so a shared or lost device
//   stops showing the member's pushes.
import { promises as dns } from "node:dns";
import { BlockList, isIP } from "node:net";
import { z } from "zod";
import { prisma } from "~/db.server";
import { pushSettings } from "~/lib/server/env.server";
import { UserError } from "~/lib/user-error";

/** What a refused subscription is told. */
export const PUSH_TEXT = {
  badEndpoint: "This push subscription's endpoint is not a push service's https address",
  privateEndpoint: "This push subscription's endpoint is on a private address",
  unknownHost: "This push subscription's endpoint could not be found",
  badKeys: "This push subscription's keys are malformed (p256dh must be 65 bytes, auth 16 bytes, base64url)",
  off: "Push notifications are not available on this server",
} as const;

/** Subscriptions one member keeps; a further device replaces the oldest. */
export const MAX_DEVICES = 20;

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
 * Stores this device's subscription for the member signed in with `sessionId` (the same
 * endpoint moves to the sign-in that subscribed last), keeping their newest MAX_DEVICES. UserError 400 for a bad one, 503 when
 * push is off.
 */
export async function saveSubscription(owner: { userId: number; sessionId: string | null }, input: SubscriptionInput, lookup?: Lookup): Promise<{ id: number }> {
  const { userId, sessionId } = owner;
  if (!pushSettings()) throw new UserError(503, PUSH_TEXT.off);
  const url = await checkEndpoint(input.endpoint, lookup);
  const endpoint = url.href;
  const keys = { p256dh: input.keys.p256dh.replace(/=+$/, ""), auth: input.keys.auth.replace(/=+$/, "") };
  const row = await prisma.pushSubscription.upsert({
    where: { endpoint },
    create: { userId, sessionId, endpoint, ...keys },
    update: { userId, sessionId, ...keys },
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
