// A car's VIN, kept privately. Rules:
// - the full VIN is shown only in its owner's own car form; others see at most its last six
//   characters, and only when the owner chooses (lib/rules/vin.ts);
// - beside it the server keeps a keyed hash (HMAC-SHA256 under the session secret), so a
//   second account entering the same VIN is noticed without comparing VINs in the clear: the
//   claim is reported to the administrators, and a handover is the way to move a car. The
//   member who entered it is told nothing more than that the car was saved;
// - a car's VIN is cleared by saving the form with the field empty (the VIN, its hash and the
//   choice to show its end go together).
// Changing the session secret makes the kept hashes stop matching new entries: a claim is then
// noticed only against VINs saved after the change.
import { createHmac } from "node:crypto";
import { prisma } from "~/db.server";
import { sessionSecret } from "~/lib/server/env.server";

/** The keyed hash kept beside a (normalized) VIN. */
export function vinHash(vin: string): string {
  return createHmac("sha256", sessionSecret()).update(`vin:${vin}`).digest("hex");
}

export type VinColumns = { vin: string | null; vinHash: string | null; vinPublic: boolean };

/** The VIN's columns for a car: the VIN, its hash and whether its end shows; all cleared without a VIN. */
export function vinColumns(vin: string | null, vinPublic: boolean): VinColumns {
  return vin ? { vin, vinHash: vinHash(vin), vinPublic } : { vin: null, vinHash: null, vinPublic: false };
}

/** What the reason of a duplicate claim's report says to the administrators (never the VIN). */
export function duplicateVinDetails(otherCarId: number, otherOwner: string): string {
  return `The VIN entered for this car is already on car #${otherCarId} of @${otherOwner}. A car changes hands by a handover.`;
}

/**
 * Reports a car whose VIN another member's car already has: an open report on the newer
 * claim, filed in the name of the member who entered it (so the Admin Area names them), for
 * the administrators to look at. Answers whether it reported.
 */
export async function reportDuplicateVin(carId: number, ownerId: number, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  const other = await prisma.car.findFirst({
    where: { vinHash: hash, id: { not: carId }, ownerId: { not: ownerId } },
    orderBy: { id: "asc" },
    select: { id: true, owner: { select: { username: true } } },
  });
  if (!other) return false;
  const details = duplicateVinDetails(other.id, other.owner.username);
  await prisma.flag.upsert({
    where: { reporterId_contentType_contentId: { reporterId: ownerId, contentType: "car", contentId: carId } },
    create: { reporterId: ownerId, contentType: "car", contentId: carId, reason: "other", details },
    update: { reason: "other", details, status: "open", resolvedAt: null, resolvedById: null },
  });
  return true;
}

/** The VIN for its owner's form; null for anyone else or when the car does not exist. */
export async function vinForOwner(carId: number, userId: number): Promise<{ vin: string | null; vinPublic: boolean } | null> {
  const car = await prisma.car.findUnique({ where: { id: carId }, select: { ownerId: true, vin: true, vinPublic: true } });
  return car && car.ownerId === userId ? { vin: car.vin, vinPublic: car.vinPublic } : null;
}
