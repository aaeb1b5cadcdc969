// A car changing hands: the words the pages and the models share (the forms' schemas are in
// handover-schemas.ts, so the pages that show a car's owners load no zod).
import type { CarNaming } from "~/lib/rules/cars";

/** How long a handover link stays good. */
export const HANDOVER_DAYS = 14;

export const HANDOVER_MESSAGES = {
  notOwner: "Only the car's owner can hand it over",
  carNotFound: "Car not found",
  waiting: "A handover of this car is already waiting: cancel it before starting another",
  noneWaiting: "No handover of this car is waiting",
  noMember: (name: string) => `No member is called @${name}`,
  self: "You can't hand a car to yourself",
  suspended: (name: string) => `@${name} can't take a car: their account is suspended`,
  blocked: (name: string) => `You can't hand this car to @${name}`,
  forged: "This handover link is not valid: check that it was copied whole",
  otherCar: "This handover link is for another car",
  used: "This handover link was used already",
  cancelled: "The owner cancelled this handover",
  declined: "This handover was declined",
  expired: "This handover link has expired: ask the owner for a new one",
  otherMember: "This handover is for another member",
  ownCar: "This car is yours already",
  notForYou: "No handover of this car is waiting for you",
  accountSuspended: "Your account is suspended: you can't take a car",
} as const;

/** One owner of a car, in order: who, from when, until when (null: still), what they fitted. */
export type OwnershipJson = {
  username: string | null;
  nickname: string | null;
  from: string;
  to: string | null;
  mod_count: number;
  /** The cost of their mods that anyone may see, in cents. */
  shown_cents: number;
};

/** The words a mark of a handover starts with, wherever the car's story shows one. */
export const CHANGED_HANDS = "Changed hands on";

/** When the car changed hands: the start of every owner's time but the first's (owners oldest first). */
export function handoverDates(owners: readonly Pick<OwnershipJson, "from">[]): string[] {
  return owners.slice(1).map((owner) => owner.from);
}

/** A car a member used to own, with where it is now. */
export type FormerCarJson = CarNaming & {
  from: string;
  to: string;
  owner_username: string;
};
