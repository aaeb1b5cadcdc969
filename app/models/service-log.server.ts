// A car's service log: dated entries (oil, tyres, brakes, inspection, other) with the odometer
// reading, a cost and notes. Rules:
// - only the car's owner adds or deletes entries; an entry stays with the car and names who
//   logged it;
// - the odometer never runs backwards: a reading lower than that of an earlier entry, or
//   higher than that of a later one, is refused with a message naming the entry it contradicts
//   (miles and kilometres are compared as distances);
// - a cost shows to others only when its entry says so; the owner always sees it;
// - a car keeps at most MAX_SERVICE_ENTRIES entries.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, parseStoredDate } from "~/lib/db/json-sql";
import { SERVICE_KIND_LABELS, SERVICE_MESSAGES, type ServiceEntryInput, type ServiceKind } from "~/lib/schemas/service-schemas";
import { shortDate, wholeNumber } from "~/lib/rules/formats";
import { UserError } from "~/lib/user-error";
import type { ServiceEntryJson } from "~/lib/wire";

export const MAX_SERVICE_ENTRIES = 500;

const KM_PER_MILE = 1.609344;

type Row = {
  id: number;
  kind: string;
  performedOn: Date;
  mileage: number;
  mileageUnit: string;
  costCents: number | null;
  costShown: boolean;
  notes: string | null;
  author: { username: string } | null;
};

function toKm(mileage: number, unit: string): number {
  return unit === "km" ? mileage : mileage * KM_PER_MILE;
}

function entryJson(row: Row, owner: boolean): ServiceEntryJson {
  const kind = (row.kind in SERVICE_KIND_LABELS ? row.kind : "other") as ServiceKind;
  return {
    id: row.id,
    kind,
    kind_label: SERVICE_KIND_LABELS[kind],
    performed_on: row.performedOn.toISOString().slice(0, 10),
    mileage: row.mileage,
    mileage_unit: row.mileageUnit === "km" ? "km" : "mi",
    cost_cents: owner || row.costShown ? row.costCents : null,
    show_cost: row.costShown,
    notes: row.notes,
    logged_by: row.author?.username ?? null,
  };
}

const entrySelect = {
  id: true,
  kind: true,
  performedOn: true,
  mileage: true,
  mileageUnit: true,
  costCents: true,
  costShown: true,
  notes: true,
  author: { select: { username: true } },
} as const;

/** A car's service entries, newest first; costs as `owner` (or anyone) may see them. */
export async function listServiceEntries(carId: number, { owner }: { owner: boolean }): Promise<ServiceEntryJson[]> {
  return (await newestEntries(carId, MAX_SERVICE_ENTRIES)).map((row) => entryJson(row, owner));
}

/** An entry as `recentEntriesSql` answers it, in this order. */
type EntryTuple = [
  id: number,
  kind: string,
  performedOn: string | number,
  mileage: number,
  mileageUnit: string,
  costCents: number | null,
  costShown: boolean | number,
  notes: string | null,
  username: string | null,
];

/**
 * The newest `limit` entries of the car `carId` names (a column of an enclosing statement) and
 * one more, to tell whether there are more: a JSON value (~/lib/db/json-sql) for a page's own
 * statement. `readRecentEntries` reads it.
 */
export function recentEntriesSql(carId: Prisma.Sql, limit: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const tuple = json.tuple(Prisma.sql`e."id", e."kind", e."performedOn", e."mileage", e."mileageUnit", e."costCents", e."costShown", e."notes", e."username"`);
  return json.nested(Prisma.sql`SELECT ${json.tuples(tuple, Prisma.sql`e."performedOn" DESC, e."id" DESC`)} FROM (
    SELECT e.*, u."username" FROM "service_entries" e LEFT JOIN "users" u ON u."id" = e."authorId"
    WHERE e."carId" = ${carId}
    ORDER BY e."performedOn" DESC, e."id" DESC
    LIMIT ${limit + 1}) e`);
}

/** `recentEntriesSql`'s entries as `listRecentServiceEntries` answers them; costs as `owner` (or anyone) may see them. */
export function readRecentEntries(tuples: EntryTuple[], { owner, limit }: { owner: boolean; limit: number }): { entries: ServiceEntryJson[]; more: boolean } {
  const rows = tuples.map(([id, kind, performedOn, mileage, mileageUnit, costCents, costShown, notes, username]): Row => ({
    id,
    kind,
    performedOn: parseStoredDate(performedOn),
    mileage,
    mileageUnit,
    costCents,
    costShown: Boolean(Number(costShown)),
    notes,
    author: username === null ? null : { username },
  }));
  return { entries: rows.slice(0, limit).map((row) => entryJson(row, owner)), more: rows.length > limit };
}

export type { EntryTuple as ServiceEntryTuple };

/** A car's newest `take` entries with who logged them: one statement. */
async function newestEntries(carId: number, take: number): Promise<Row[]> {
  const rows = await prisma.$queryRaw<
    Array<
      Omit<Row, "author" | "performedOn" | "costShown" | "id" | "mileage" | "costCents"> & {
        id: number | bigint;
        performedOn: Date | string | number;
        mileage: number | bigint;
        costCents: number | bigint | null;
        costShown: boolean | number | bigint;
        username: string | null;
      }
    >
  >`
    SELECT e."id" AS "id", e."kind" AS "kind", e."performedOn" AS "performedOn", e."mileage" AS "mileage", e."mileageUnit" AS "mileageUnit",
      e."costCents" AS "costCents", e."costShown" AS "costShown", e."notes" AS "notes", u."username" AS "username"
    FROM "service_entries" e LEFT JOIN "users" u ON u."id" = e."authorId"
    WHERE e."carId" = ${carId}
    ORDER BY e."performedOn" DESC, e."id" DESC
    LIMIT ${take}`;
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    performedOn: row.performedOn instanceof Date ? row.performedOn : parseStoredDate(row.performedOn),
    mileage: Number(row.mileage),
    mileageUnit: row.mileageUnit,
    costCents: row.costCents === null ? null : Number(row.costCents),
    costShown: Boolean(Number(row.costShown)),
    notes: row.notes,
    author: row.username === null ? null : { username: row.username },
  }));
}

function reading(mileage: number, unit: string): string {
  return `${wholeNumber(mileage)} ${unit}`;
}

/** Refuses a reading that would make the odometer run backwards against the car's other entries. */
function checkOdometer(input: ServiceEntryInput, others: { performedOn: Date; mileage: number; mileageUnit: string }[]) {
  const km = toKm(input.mileage, input.mileage_unit);
  const when = input.performed_on.getTime();
  for (const other of others) {
    const otherKm = toKm(other.mileage, other.mileageUnit);
    const at = other.performedOn.getTime();
    // Half a unit of slack: the same reading written in the other unit is not a contradiction.
    if (at < when && otherKm > km + 1) {
      throw new UserError(400, `The odometer can't go backwards: ${reading(other.mileage, other.mileageUnit)} was logged earlier, on ${shortDate(other.performedOn)}`, {
        field: "mileage",
      });
    }
    if (at > when && otherKm + 1 < km) {
      throw new UserError(
        400,
        `The odometer can't go backwards: only ${reading(other.mileage, other.mileageUnit)} was logged later, on ${shortDate(other.performedOn)}`,
        {
          field: "mileage",
        },
      );
    }
  }
}

/** Adds an entry to a car the member owns (403 for someone else's car, 404 for none). */
export async function addServiceEntry(carId: number, userId: number, input: ServiceEntryInput): Promise<ServiceEntryJson> {
  return prisma.$transaction(async (tx) => {
    const car = await tx.car.findUnique({ where: { id: carId }, select: { ownerId: true } });
    if (!car) throw new UserError(404, "Car not found");
    if (car.ownerId !== userId) throw new UserError(403, "Only the car's owner can log its service");
    const others = await tx.serviceEntry.findMany({ where: { carId }, select: { performedOn: true, mileage: true, mileageUnit: true }, take: MAX_SERVICE_ENTRIES + 1 });
    if (others.length >= MAX_SERVICE_ENTRIES) throw new UserError(400, SERVICE_MESSAGES.tooMany);
    checkOdometer(input, others);
    const row = await tx.serviceEntry.create({
      data: {
        carId,
        authorId: userId,
        kind: input.kind,
        performedOn: input.performed_on,
        mileage: input.mileage,
        mileageUnit: input.mileage_unit,
        costCents: input.cost ?? null,
        costShown: input.show_cost,
        notes: input.notes ?? null,
      },
      select: entrySelect,
    });
    return entryJson(row, true);
  });
}

/** Deletes an entry of a car the member owns; 404 when there is no such entry on that car. */
export async function deleteServiceEntry(carId: number, entryId: number, userId: number): Promise<void> {
  const entry = await prisma.serviceEntry.findFirst({ where: { id: entryId, carId }, select: { id: true, car: { select: { ownerId: true } } } });
  if (!entry) throw new UserError(404, SERVICE_MESSAGES.notFound);
  if (entry.car.ownerId !== userId) throw new UserError(403, "Only the car's owner can change its service log");
  await prisma.serviceEntry.delete({ where: { id: entry.id } });
}
