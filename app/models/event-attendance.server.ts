// Attendance: a member going to an event ("going"), optionally with one of their own cars.
import { prisma } from "~/db.server";
import { UserError } from "~/lib/user-error";
import { EVENT_TEXT } from "~/lib/schemas/event-schemas";

export type AttendanceState = { going: boolean; going_count: number; car_id: number | null };

/**
 * Marks `userId` going to the event (with `carId`, which must be theirs) or not going.
 * `going` undefined toggles, except that choosing a different car while going keeps the
 * user going with the new car. A past event can be left but not joined.
 */
export async function setAttendance(eventId: number, userId: number, options: { carId?: number | null; going?: boolean } = {}): Promise<AttendanceState> {
  const event = await prisma.event.findUnique({ where: { id: eventId }, select: { id: true, dateTime: true } });
  if (!event) throw new UserError(404, EVENT_TEXT.notFound);
  const carId = options.carId ?? null;
  if (carId !== null) {
    const car = await prisma.car.findFirst({ where: { id: carId, ownerId: userId }, select: { id: true } });
    if (!car) throw new UserError(403, EVENT_TEXT.notYourCar);
  }

  const key = { eventId_userId: { eventId, userId } };
  const existing = await prisma.eventAttendee.findUnique({ where: key, select: { carId: true } });
  let going: boolean;
  if (options.going !== undefined) going = options.going;
  else if (!existing) going = true;
  else going = carId !== null && carId !== existing.carId;

  let finalCar: number | null = null;
  if (going) {
    if (!existing && event.dateTime.getTime() < Date.now()) throw new UserError(400, EVENT_TEXT.finished);
    finalCar = carId ?? (options.going === true ? (existing?.carId ?? null) : null);
    await prisma.eventAttendee.upsert({
      where: key,
      create: { eventId, userId, carId: finalCar },
      update: { carId: finalCar },
    });
  } else if (existing) {
    await prisma.eventAttendee.deleteMany({ where: { eventId, userId } });
  }
  const goingCount = await prisma.eventAttendee.count({ where: { eventId } });
  return { going, going_count: goingCount, car_id: going ? finalCar : null };
}
