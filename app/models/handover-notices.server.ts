// The notices of a car changing hands: the offer to its buyer, and the new owner to its followers.
import { prisma } from "~/db.server";
import { SITE_NAME } from "~/lib/rules/brand";
import { showcasePath } from "~/lib/paths";
import { unblockedWith } from "~/models/block.server";
import { announce, carLabel, carWordsSelect, type Actor, type CarWords } from "~/models/notification.server";
import { queuePush } from "~/models/push.server";

// ------------------------------------------------------------------ a car changing hands

export function handoverOfferMessage(sellerUsername: string, car: CarWords) {
  return `@${sellerUsername} wants to hand ${carLabel(car)} over to you`;
}

export function newOwnerMessage(car: CarWords) {
  return `${carLabel(car)} has a new owner`;
}

/** Tells a member that `seller` offers them a car; `url` is where they accept it. Once per offer. */
export async function notifyHandoverOffer(input: { seller: Actor; buyerId: number; car: { id: number } & CarWords; url: string; dedupeKey: string }): Promise<void> {
  const message = handoverOfferMessage(input.seller.username, input.car);
  await prisma.notification.create({
    data: { userId: input.buyerId, type: "car_handover", message, relatedUserId: input.seller.id, carId: input.car.id, dedupeKey: input.dedupeKey },
  });
  announce(input.buyerId);
  await queuePush({
    userId: input.buyerId,
    kind: "messages",
    actorId: input.seller.id,
    title: message,
    body: SITE_NAME,
    url: input.url,
    iconCarId: input.car.id,
    tag: `handover:${input.car.id}`,
  });
}

/** At most this many followers get a push about a car's new owner (all get the notification). */
const NEW_OWNER_PUSH_LIMIT = 500;

/**
 * Tells the followers of a car that has just changed hands: "<car> has a new owner" (not the
 * seller nor the buyer; nobody in a block with the buyer). One statement for the notices.
 */
export async function notifyNewOwner(carId: number, { sellerId, buyerId }: { sellerId: number; buyerId: number }): Promise<number> {
  const car = await prisma.car.findUnique({ where: { id: carId }, select: carWordsSelect });
  if (!car) return 0;
  const followers = await prisma.carFollow.findMany({
    where: { carId, userId: { notIn: [sellerId, buyerId] }, user: unblockedWith(buyerId) },
    select: { userId: true },
  });
  if (followers.length === 0) return 0;
  const message = newOwnerMessage(car);
  await prisma.notification.createMany({ data: followers.map(({ userId }) => ({ userId, type: "car_new_owner", message, relatedUserId: buyerId, carId })) });
  for (const { userId } of followers) announce(userId);
  for (const { userId } of followers.slice(0, NEW_OWNER_PUSH_LIMIT)) {
    await queuePush({
      userId,
      kind: "followers",
      actorId: buyerId,
      title: message,
      body: SITE_NAME,
      url: showcasePath(carId),
      iconCarId: carId,
      tag: `new-owner:${carId}`,
    });
  }
  return followers.length;
}
