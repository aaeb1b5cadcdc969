// A car changing hands, and who owned it when. Rules:
// - only a car's owner starts a handover, one at a time; it gives a link holding a signed,
//   single-use token good for 14 days (only the token's hash is stored), and may be addressed
//   to one member by username (they are told, and only they can use it);
// - a car is never handed to its owner, to a suspended or deleted member, or across a block;
// - at the start the owner chooses which mods' costs show; at the handover every cost still
//   private is taken off the car's mods and kept on the seller's ownership row, so nobody after
//   them (the new owner included) ever sees it;
// - the owner can cancel until it is accepted; the buyer can accept or decline; a token that
//   is forged, for another car, used, cancelled, declined or expired does nothing and says why;
// - accepting is one transaction: the handover is used, the car's owner changes, the seller's
//   ownership row closes and the buyer's opens, the private costs move; if any write fails,
//   none happened. The car keeps its showcase, followers, mods, parts, builds and posts;
//   the seller keeps their posts (the post cards say "while owned by @seller");
// - the car's followers are told "<car> has a new owner";
// - a car with no ownership rows has had one owner since it was added: the seller's first row
//   is written at the first handover, starting at the car's creation.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { prisma } from "~/db.server";
import { parseStoredDate } from "~/lib/db/json-sql";
import { sessionSecret } from "~/lib/server/env.server";
import { HANDOVER_DAYS, HANDOVER_MESSAGES as M, type FormerCarJson, type OwnershipJson } from "~/lib/rules/handover";
import { handoverPath } from "~/lib/paths";
import { UserError } from "~/lib/user-error";
import { isBlockedEitherWay } from "~/models/block.server";
import { notifyHandoverOffer, notifyNewOwner } from "~/models/handover-notices.server";
import { CAR_MOD_LIMIT } from "~/models/mod-reads.server";

const DAY_MS = 24 * 3600_000;
/** An owner list longer than this is cut (oldest first); the cars a profile lists, likewise. */
const MAX_OWNERS = 100;
const MAX_FORMER_CARS = 50;

// ------------------------------------------------------------------ tokens

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/;

function signatureOf(body: string): Buffer {
  return createHmac("sha256", `car-handover:${sessionSecret()}`).update(body).digest();
}

function newToken(): string {
  const body = randomBytes(24).toString("base64url");
  return `${body}.${signatureOf(body).toString("base64url")}`;
}

/** Whether the token is one this app signed (its form and signature), before any lookup. */
function isSigned(token: string): boolean {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return false;
  const given = Buffer.from(match[2], "base64url");
  const expected = signatureOf(match[1]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// ------------------------------------------------------------------ the owner's side

type Pending = { id: number; buyer: { username: string } | null; addressed: boolean; expiresAt: Date; createdAt: Date };

/** The car's handover waiting for a buyer (an expired one no longer counts), or null. */
export async function pendingHandover(carId: number, now = new Date()): Promise<Pending | null> {
  return prisma.carHandover.findFirst({
    where: { carId, status: "pending", expiresAt: { gt: now } },
    select: { id: true, addressed: true, expiresAt: true, createdAt: true, buyer: { select: { username: true } } },
  });
}

async function requireSellerCar(carId: number, userId: number) {
  const car = await prisma.car.findUnique({ where: { id: carId }, select: { id: true, ownerId: true, make: true, model: true, trim: true, nickname: true } });
  if (!car) throw new UserError(404, M.carNotFound);
  if (car.ownerId !== userId) throw new UserError(403, M.notOwner);
  return car;
}

/** Checks that `username` may take a car from `sellerId`: a UserError (on the username field) if not. */
async function requireBuyerByName(username: string, sellerId: number) {
  const buyer = await prisma.user.findUnique({ where: { username }, select: { id: true, username: true, suspendedAt: true, deletedAt: true } });
  if (!buyer || buyer.deletedAt) throw new UserError(404, M.noMember(username), { field: "username" });
  if (buyer.id === sellerId) throw new UserError(400, M.self, { field: "username" });
  if (buyer.suspendedAt) throw new UserError(400, M.suspended(buyer.username), { field: "username" });
  if (await isBlockedEitherWay(sellerId, buyer.id)) throw new UserError(403, M.blocked(buyer.username), { field: "username" });
  return buyer;
}

/**
 * Starts a handover of the seller's car, addressed to `username` or to whoever gets the link.
 * `shownCosts` names the mods whose cost anyone may see from now on; every other cost of the
 * car is private. Answers the token, which is shown to the seller once and never stored.
 */
export async function startHandover(
  carId: number,
  sellerId: number,
  input: { username?: string; shownCosts: readonly number[] },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; buyer: string | null }> {
  const car = await requireSellerCar(carId, sellerId);
  if (await pendingHandover(carId, now)) throw new UserError(409, M.waiting);
  const buyer = input.username ? await requireBuyerByName(input.username, sellerId) : null;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + HANDOVER_DAYS * DAY_MS);
  const handover = await prisma.$transaction(async (tx) => {
    // A lapsed offer is over: only one handover of a car is ever pending.
    await tx.carHandover.updateMany({ where: { carId, status: "pending" }, data: { status: "cancelled", decidedAt: now } });
    await tx.mod.updateMany({ where: { carId, costCents: { not: null }, id: { in: [...input.shownCosts] } }, data: { showCost: true } });
    await tx.mod.updateMany({ where: { carId, costCents: { not: null }, id: { notIn: [...input.shownCosts] } }, data: { showCost: false } });
    return tx.carHandover.create({
      data: { carId, sellerId, buyerId: buyer?.id ?? null, addressed: buyer !== null, tokenHash: hashOf(token), expiresAt, createdAt: now },
      select: { id: true },
    });
  });
  if (buyer) {
    const seller = await prisma.user.findUniqueOrThrow({ where: { id: sellerId }, select: { id: true, username: true } });
    await notifyHandoverOffer({ seller, buyerId: buyer.id, car, url: handoverPath(carId), dedupeKey: `handover:${handover.id}` });
  }
  return { token, expiresAt, buyer: buyer?.username ?? null };
}

/** The seller takes back the car's waiting handover: its link no longer works. */
export async function cancelHandover(carId: number, sellerId: number, now = new Date()): Promise<void> {
  await requireSellerCar(carId, sellerId);
  const { count } = await prisma.carHandover.updateMany({ where: { carId, status: "pending", expiresAt: { gt: now } }, data: { status: "cancelled", decidedAt: now } });
  if (count === 0) throw new UserError(404, M.noneWaiting);
}

// ------------------------------------------------------------------ the buyer's side

export type HandoverOffer = {
  id: number;
  carId: number;
  sellerId: number;
  seller: { username: string; nickname: string | null };
  expiresAt: Date;
  addressed: boolean;
};

const offerSelect = {
  id: true,
  carId: true,
  sellerId: true,
  buyerId: true,
  addressed: true,
  status: true,
  expiresAt: true,
  seller: { select: { username: true, nickname: true } },
} as const;

/**
 * The handover that `userId` may answer: the one `token` names, or without a token the one
 * addressed to them. Each reason it may not be answered is a UserError saying why.
 */
export async function findOffer(carId: number, userId: number, token: string | null, now = new Date()): Promise<HandoverOffer> {
  let row;
  if (token !== null) {
    if (!isSigned(token)) throw new UserError(404, M.forged);
    row = await prisma.carHandover.findUnique({ where: { tokenHash: hashOf(token) }, select: offerSelect });
    if (!row) throw new UserError(404, M.forged);
    if (row.carId !== carId) throw new UserError(400, M.otherCar);
  } else {
    row = await prisma.carHandover.findFirst({ where: { carId, buyerId: userId, addressed: true, status: "pending" }, orderBy: { id: "desc" }, select: offerSelect });
    if (!row) throw new UserError(404, M.notForYou);
  }
  if (row.status === "accepted") throw new UserError(410, M.used);
  if (row.status === "cancelled") throw new UserError(410, M.cancelled);
  if (row.status === "declined") throw new UserError(410, M.declined);
  if (row.expiresAt <= now) throw new UserError(410, M.expired);
  if (row.sellerId === userId) throw new UserError(400, M.ownCar);
  if (row.addressed && row.buyerId !== userId) throw new UserError(403, M.otherMember);
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { suspendedAt: true } });
  if (!user || user.suspendedAt) throw new UserError(403, M.accountSuspended);
  if (await isBlockedEitherWay(row.sellerId, userId)) throw new UserError(403, M.otherMember);
  return { id: row.id, carId: row.carId, sellerId: row.sellerId, seller: row.seller, expiresAt: row.expiresAt, addressed: row.addressed };
}

/** The buyer turns the handover down: its link no longer works, the car stays. */
export async function declineHandover(carId: number, userId: number, token: string | null, now = new Date()): Promise<void> {
  const offer = await findOffer(carId, userId, token, now);
  const { count } = await prisma.carHandover.updateMany({ where: { id: offer.id, status: "pending" }, data: { status: "declined", decidedAt: now } });
  if (count === 0) throw new UserError(410, M.used);
}

/**
 * The buyer takes the car: one transaction (see the rules above), then its followers are told.
 * Answers the car's id.
 */
export async function acceptHandover(carId: number, buyerId: number, token: string | null, now = new Date()): Promise<number> {
  const offer = await findOffer(carId, buyerId, token, now);
  await prisma.$transaction(async (tx) => {
    const used = await tx.carHandover.updateMany({
      where: { id: offer.id, status: "pending", expiresAt: { gt: now } },
      data: { status: "accepted", buyerId, decidedAt: now },
    });
    if (used.count === 0) throw new UserError(410, M.used);
    const moved = await tx.car.updateMany({
      where: { id: carId, ownerId: offer.sellerId },
      // The seller's insurance does not come with the car.
      data: { ownerId: buyerId, insuranceExpiresAt: null, insuranceNotifiedFor: null },
    });
    if (moved.count === 0) throw new UserError(409, M.notOwner);

    const privateMods = await tx.mod.findMany({ where: { carId, showCost: false, costCents: { not: null } }, select: { id: true, costCents: true } });
    const privateCosts = privateMods.length ? JSON.stringify(Object.fromEntries(privateMods.map((mod) => [mod.id, mod.costCents]))) : null;
    const car = await tx.car.findUniqueOrThrow({ where: { id: carId }, select: { createdAt: true } });
    const closed = await tx.carOwnership.updateMany({ where: { carId, endedAt: null }, data: { endedAt: now, privateCosts } });
    if (closed.count === 0) {
      await tx.carOwnership.create({ data: { carId, userId: offer.sellerId, startedAt: car.createdAt, endedAt: now, privateCosts } });
    }
    await tx.carOwnership.create({ data: { carId, userId: buyerId, startedAt: now } });
    if (privateMods.length) await tx.mod.updateMany({ where: { id: { in: privateMods.map((mod) => mod.id) } }, data: { costCents: null } });
  });
  await notifyNewOwner(carId, { sellerId: offer.sellerId, buyerId });
  return carId;
}

// ------------------------------------------------------------------ history

type OwnerRow = { userId: number | null; startedAt: Date; endedAt: Date | null; user: { username: string; nickname: string | null } | null };

/** What a page may already know of the car: when it was added and who owns it. */
export type KnownCar = { createdAt: Date; owner: { id: number; username: string; nickname: string | null } };

/** What the history needs of a mod: when it was added and its cost anyone may see. */
export type DatedMod = { createdAt: Date; showCost: boolean; costCents: number | null };

/**
 * The car's owners, oldest first, with the mods fitted in each one's time (by the mod's date)
 * and their cost that anyone may see. A car never handed over has one: its owner since it was added.
 * A page that has read the car or its mods already hands them over (`known`, `mods`): a
 * statement fewer each.
 */
export async function ownershipHistory(carId: number, known?: KnownCar, knownMods?: DatedMod[]): Promise<OwnershipJson[]> {
  const [car, rows, mods] = await Promise.all([
    known ?? prisma.car.findUnique({ where: { id: carId }, select: { createdAt: true, owner: { select: { id: true, username: true, nickname: true } } } }),
    ownerRows(carId),
    knownMods ??
      prisma.mod.findMany({
        where: { carId },
        select: { createdAt: true, showCost: true, costCents: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: CAR_MOD_LIMIT,
      }),
  ]);
  if (!car) return [];
  const owners: OwnerRow[] = rows.length
    ? rows
    : [{ userId: car.owner.id, startedAt: car.createdAt, endedAt: null, user: { username: car.owner.username, nickname: car.owner.nickname } }];
  return owners.map((owner, index) => {
    // The first owner's time starts with the car; mods are dated by when they were added.
    const from = index === 0 ? -Infinity : owner.startedAt.getTime();
    const to = owner.endedAt ? owner.endedAt.getTime() : Infinity;
    const theirs = mods.filter((mod) => mod.createdAt.getTime() >= from && mod.createdAt.getTime() < to);
    return {
      username: owner.user?.username ?? null,
      nickname: owner.user?.nickname ?? null,
      from: owner.startedAt.toISOString(),
      to: owner.endedAt?.toISOString() ?? null,
      mod_count: theirs.length,
      shown_cents: theirs.reduce((sum, mod) => sum + (mod.showCost && mod.costCents !== null ? mod.costCents : 0), 0),
    };
  });
}

/** The car's recorded owners with their names (a member who left has none), oldest first: one statement. */
async function ownerRows(carId: number): Promise<OwnerRow[]> {
  const rows = await prisma.$queryRaw<
    Array<{ userId: number | bigint | null; startedAt: Date | string; endedAt: Date | string | null; username: string | null; nickname: string | null }>
  >`
    SELECT o."userId" AS "userId", o."startedAt" AS "startedAt", o."endedAt" AS "endedAt", u."username" AS "username", u."nickname" AS "nickname"
    FROM "car_ownerships" o LEFT JOIN "users" u ON u."id" = o."userId"
    WHERE o."carId" = ${carId}
    ORDER BY o."startedAt", o."id"
    LIMIT ${MAX_OWNERS}`;
  return rows.map((row) => ({
    userId: row.userId === null ? null : Number(row.userId),
    startedAt: storedDate(row.startedAt),
    endedAt: row.endedAt === null ? null : storedDate(row.endedAt),
    user: row.username === null ? null : { username: row.username, nickname: row.nickname },
  }));
}

/** The cars `userId` used to own and does not own now, most recently let go first: one statement. */
export async function formerCars(userId: number): Promise<FormerCarJson[]> {
  const rows = await prisma.$queryRaw<FormerCarRow[]>`
    SELECT o."carId" AS "id", o."startedAt" AS "startedAt", o."endedAt" AS "endedAt", c."make" AS "make", c."model" AS "model",
           c."year" AS "year", c."trim" AS "trim", c."bodystyle" AS "bodystyle", c."nickname" AS "nickname", u."username" AS "ownerUsername"
    FROM "car_ownerships" o
    JOIN "cars" c ON c."id" = o."carId"
    JOIN "users" u ON u."id" = c."ownerId"
    WHERE o."userId" = ${userId} AND o."endedAt" IS NOT NULL AND c."ownerId" <> ${userId}
    ORDER BY o."endedAt" DESC, o."id" DESC
    LIMIT ${MAX_FORMER_CARS}`;
  const seen = new Set<number>();
  const cars: FormerCarJson[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    if (seen.has(id)) continue;
    seen.add(id);
    cars.push({
      id,
      make: row.make,
      model: row.model,
      year: Number(row.year),
      trim: row.trim,
      bodystyle: row.bodystyle,
      nickname: row.nickname,
      from: storedDate(row.startedAt).toISOString(),
      to: storedDate(row.endedAt).toISOString(),
      owner_username: row.ownerUsername,
    });
  }
  return cars;
}

type FormerCarRow = {
  id: number | bigint;
  startedAt: Date | string | number;
  endedAt: Date | string | number;
  make: string;
  model: string;
  year: number | bigint;
  trim: string | null;
  bodystyle: string | null;
  nickname: string | null;
  ownerUsername: string;
};

/** A date column as a raw query hands it back: a Date, or the text or number SQLite keeps. */
function storedDate(value: Date | string | number): Date {
  return value instanceof Date ? value : parseStoredDate(value);
}

export type CostChoice = { id: number; name: string; category: string; cost_cents: number; show_cost: boolean };

/** The car's mods that carry a cost, for the seller to choose which show (newest first). */
export async function costChoices(carId: number): Promise<CostChoice[]> {
  const mods = await prisma.mod.findMany({
    where: { carId, costCents: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 500,
    select: { id: true, modelName: true, category: true, costCents: true, showCost: true, manufacturer: { select: { name: true } } },
  });
  return mods.map((mod) => ({
    id: mod.id,
    name: [mod.manufacturer?.name, mod.modelName].filter(Boolean).join(" "),
    category: mod.category,
    cost_cents: mod.costCents ?? 0,
    show_cost: mod.showCost,
  }));
}

/** How many mods come with the car. */
export function countModsOf(carId: number): Promise<number> {
  return prisma.mod.count({ where: { carId } });
}
