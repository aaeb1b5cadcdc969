// Insurance reminders: a notice to a car's owner when its insurance expires within
// INSURANCE_WINDOW_DAYS, once per expiry date.
import { prisma } from "~/db.server";
import { announce, carWordsSelect, INSURANCE_WINDOW_DAYS, insuranceMessage } from "~/models/notification.server";
import { pushInsurance } from "~/models/push.server";

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function insuranceKey(carId: number, expiresAt: Date) {
  return `insurance:${carId}:${expiresAt.toISOString().slice(0, 10)}`;
}

const carReminderSelect = {
  id: true,
  ownerId: true,
  ...carWordsSelect,
  insuranceExpiresAt: true,
  insuranceNotifiedFor: true,
} as const;

type ReminderCar = {
  id: number;
  ownerId: number;
  make: string;
  model: string;
  trim: string | null;
  nickname: string | null;
  insuranceExpiresAt: Date | null;
  insuranceNotifiedFor: Date | null;
};

function isDue(car: ReminderCar, now: Date): car is ReminderCar & { insuranceExpiresAt: Date } {
  const expiresAt = car.insuranceExpiresAt;
  if (!expiresAt) return false;
  if (car.insuranceNotifiedFor && car.insuranceNotifiedFor.getTime() === expiresAt.getTime()) return false;
  const horizon = now.getTime() + INSURANCE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  return expiresAt >= startOfUtcDay(now) && expiresAt.getTime() <= horizon;
}

async function remind(car: ReminderCar & { insuranceExpiresAt: Date }): Promise<boolean> {
  const dedupeKey = insuranceKey(car.id, car.insuranceExpiresAt);
  try {
    await prisma.$transaction([
      prisma.notification.create({
        data: {
          userId: car.ownerId,
          type: "insurance_expiration",
          carId: car.id,
          dedupeKey,
          message: insuranceMessage(car, car.insuranceExpiresAt),
        },
      }),
      prisma.car.update({ where: { id: car.id }, data: { insuranceNotifiedFor: car.insuranceExpiresAt } }),
    ]);
  } catch (error) {
    // Another process sent this reminder first: just record it on the car.
    if ((error as { code?: string }).code !== "P2002") throw error;
    await prisma.car.update({ where: { id: car.id }, data: { insuranceNotifiedFor: car.insuranceExpiresAt } });
    return false;
  }
  announce(car.ownerId);
  await pushInsurance(car.ownerId, car.id, insuranceMessage(car, car.insuranceExpiresAt));
  return true;
}

/**
 * Sends the insurance reminders that are due: every car whose insurance expires between
 * today and `INSURANCE_WINDOW_DAYS` from `now`, once per expiry date. Returns how many.
 */
export async function sendInsuranceReminders(now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + INSURANCE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const cars = await prisma.car.findMany({
    where: {
      insuranceExpiresAt: { gte: startOfUtcDay(now), lte: horizon },
      OR: [{ insuranceNotifiedFor: null }, { NOT: { insuranceNotifiedFor: { equals: prisma.car.fields.insuranceExpiresAt } } }],
    },
    select: carReminderSelect,
    orderBy: { id: "asc" },
  });
  let sent = 0;
  for (const car of cars) {
    if (isDue(car, now) && (await remind(car))) sent += 1;
  }
  return sent;
}

/** Sends one car's reminder now if it is due (call after its insurance date changes). */
export async function remindInsuranceForCar(carId: number, now = new Date()): Promise<boolean> {
  const car = await prisma.car.findUnique({ where: { id: carId }, select: carReminderSelect });
  return car && isDue(car, now) ? remind(car) : false;
}

/** The page a member's data downloads are on: the notice that one is ready leads there. */
