// Reading mods: a car's mods as a viewer may see them (others see a cost only where show_cost
// is set), each with its names, part, build and gains, read as one JSON text per statement.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, parseJsonCell, parseStoredDate } from "~/lib/db/json-sql";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { MOD_MESSAGES } from "~/lib/schemas/mod-schemas";
import { fromCents, type ModJson } from "~/lib/rules/cars";
import { partPath } from "~/lib/paths";
import { UserError } from "~/lib/user-error";
import { partName } from "~/lib/rules/names";
import type { TaggedMod } from "~/lib/rules/post-mods";
import { postModsSql, readPostMods } from "~/models/post-mods.server";

const named = { select: { id: true, name: true } } as const;

export const modInclude = {
  manufacturer: named,
  vendor: named,
  installer: named,
  build: named,
  part: { select: { id: true, modelName: true, manufacturer: { select: { name: true } } } },
  gains: { orderBy: { id: "asc" }, select: { type: true, amount: true, unit: true } },
} as const satisfies Prisma.ModInclude;

export type ModRow = Prisma.ModGetPayload<{ include: typeof modInclude }>;

/** A car's mods are read up to this many, oldest first (a car of more shows the first ones). */
export const CAR_MOD_LIMIT = 500;

/**
 * The API shape of a mod. `cost` is present only where show_cost is set or the viewer
 * owns the car: otherwise it is not sent at all.
 */
export function modJson(mod: ModRow, options: { viewerIsOwner: boolean }): ModJson {
  const json: ModJson = {
    id: mod.id,
    car_id: mod.carId,
    mod_category: mod.category,
    model_name: mod.modelName,
    description: mod.description,
    manufacturer_id: mod.manufacturerId,
    manufacturer: mod.manufacturer,
    vendor_id: mod.vendorId,
    vendor: mod.vendor,
    installer_id: mod.installerId,
    installer: mod.installer,
    post_id: mod.postId,
    mod_type: mod.type,
    show_cost: mod.showCost,
    performance_gains: mod.gains.map((gain) => ({ type: gain.type, amount: gain.amount, unit: gain.unit })),
    build_id: mod.buildId,
    build: mod.build,
    part_id: mod.partId,
    part: mod.part ? { id: mod.part.id, name: partName(mod.part), href: partPath(mod.part) } : null,
    created_at: mod.createdAt.toISOString(),
    updated_at: mod.updatedAt.toISOString(),
  };
  if (mod.costCents !== null && (mod.showCost || options.viewerIsOwner)) json.cost = fromCents(mod.costCents);
  return json;
}

// ------------------------------------------------------------------ reading mods
//
// Prisma reads a mod's six relations with a statement each on SQLite. The lists below read
// the mods, their names, part and gains and their car's owner as ONE JSON text instead
// (~/lib/db/json-sql): a showcase or a post page pays one statement for its mods.

/** A mod as the statement answers it, in this order. */
type ModTuple = [
  id: number,
  carId: number,
  category: string,
  modelName: string,
  description: string | null,
  manufacturerId: number | null,
  manufacturerName: string | null,
  vendorId: number | null,
  vendorName: string | null,
  installerId: number | null,
  installerName: string | null,
  postId: number | null,
  type: string,
  showCost: number,
  costCents: number | null,
  buildId: number | null,
  buildName: string | null,
  partId: number | null,
  partModelName: string | null,
  partMakerName: string | null,
  createdAt: string | number,
  updatedAt: string | number,
  ownerId: number,
  gains: Array<[type: string, amount: number, unit: string]>,
];

/** A mod with its relations and its car's owner. */
export type OwnedModRow = ModRow & { car: { ownerId: number } };

/**
 * The mods `where` picks (a condition on the mods table's own columns), oldest first, at
 * most `limit`, as one JSON text.
 */
function modsJson(where: Prisma.Sql, limit: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const gains = json.tuples(json.tuple(Prisma.sql`g."type", g."amount", g."unit"`), Prisma.sql`g."id"`);
  const mod = json.tuple(Prisma.sql`
    m."id", m."carId", m."category", m."modelName", m."description",
    m."manufacturerId", mf."name", m."vendorId", v."name", m."installerId", i."name",
    m."postId", m."type", ${json.flag(Prisma.sql`m."showCost"`)}, m."costCents", m."buildId", b."name",
    m."partId", pt."modelName", pmf."name", m."createdAt", m."updatedAt", c."ownerId",
    ${json.nested(Prisma.sql`SELECT ${gains} FROM "performance_gains" g WHERE g."modId" = m."id"`)}`);
  return Prisma.sql`
    SELECT ${json.text(json.tuples(mod, Prisma.sql`m."createdAt", m."id"`))}
    FROM (SELECT * FROM "mods" WHERE ${where} ORDER BY "createdAt", "id" LIMIT ${limit}) m
    JOIN "cars" c ON c."id" = m."carId"
    LEFT JOIN "manufacturers" mf ON mf."id" = m."manufacturerId"
    LEFT JOIN "vendors" v ON v."id" = m."vendorId"
    LEFT JOIN "installers" i ON i."id" = m."installerId"
    LEFT JOIN "builds" b ON b."id" = m."buildId"
    LEFT JOIN "parts" pt ON pt."id" = m."partId"
    LEFT JOIN "manufacturers" pmf ON pmf."id" = pt."manufacturerId"`;
}

function nameOf(id: number | null, name: string | null): { id: number; name: string } | null {
  return id !== null && name !== null ? { id, name } : null;
}

function readMod(tuple: ModTuple): OwnedModRow {
  const [id, carId, category, modelName, description, manufacturerId, manufacturerName, vendorId, vendorName, installerId, installerName, ...rest] = tuple;
  const [postId, type, showCost, costCents, buildId, buildName, partId, partModelName, partMakerName, createdAt, updatedAt, ownerId, gains] = rest;
  return {
    id,
    carId,
    category,
    modelName,
    description,
    manufacturerId,
    manufacturer: nameOf(manufacturerId, manufacturerName),
    vendorId,
    vendor: nameOf(vendorId, vendorName),
    installerId,
    installer: nameOf(installerId, installerName),
    postId,
    type,
    showCost: showCost === 1,
    costCents,
    buildId,
    build: nameOf(buildId, buildName),
    partId,
    part: partId !== null && partModelName !== null ? { id: partId, modelName: partModelName, manufacturer: { name: partMakerName ?? "" } } : null,
    gains: gains.map(([gainType, amount, unit]) => ({ type: gainType, amount, unit })),
    createdAt: parseStoredDate(createdAt),
    updatedAt: parseStoredDate(updatedAt),
    car: { ownerId },
  };
}

/** The mods of these cars, oldest first (at most `limit`), in one statement. */
export async function modRowsOfCars(carIds: number[], limit = CAR_MOD_LIMIT): Promise<OwnedModRow[]> {
  const ids = carIds.filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return [];
  const [row] = await prisma.$queryRaw<Array<{ mods: string | null }>>`
    SELECT (${modsJson(Prisma.sql`"carId" IN (${Prisma.join(ids)})`, limit)}) AS "mods"`;
  return readModRows(row?.mods);
}

/**
 * The mods of the car `carId` names (a column of an enclosing statement), oldest first, at most
 * CAR_MOD_LIMIT: a scalar subquery answering one JSON text, for a page's own statement.
 * `readModRows` reads it.
 */
export function carModsSql(carId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${modsJson(Prisma.sql`"carId" = ${carId}`, CAR_MOD_LIMIT)})`;
}

/** The mods of `carModsSql`'s JSON text. */
export function readModRows(cell: string | null | undefined): OwnedModRow[] {
  return parseJsonCell<ModTuple[]>(cell, []).map(readMod);
}

/** The mods of one car as `viewerId` may see them, in one statement; 404 when the car does not exist. */
export async function listCarMods(carId: number, viewerId: number | null): Promise<{ ownerId: number; mods: ModJson[] }> {
  const [car] = Number.isSafeInteger(carId)
    ? await prisma.$queryRaw<Array<{ ownerId: number | bigint; mods: string | null }>>`
        SELECT c."ownerId" AS "ownerId", (${modsJson(Prisma.sql`"carId" = ${carId}`, CAR_MOD_LIMIT)}) AS "mods"
        FROM "cars" c WHERE c."id" = ${carId}`
    : [];
  if (!car) throw new UserError(404, CAR_MESSAGES.notFound);
  const ownerId = Number(car.ownerId);
  const viewerIsOwner = viewerId !== null && viewerId === ownerId;
  return { ownerId, mods: parseJsonCell<ModTuple[]>(car.mods, []).map((tuple) => modJson(readMod(tuple), { viewerIsOwner })) };
}

/**
 * The post page's mods in one statement: those the post tags (`listPostMods`), and the mods
 * of every car it shows, keyed by car id, as `viewerId` may see them. Nothing for a post that
 * does not exist.
 */
export async function getPostPageMods(postId: number, viewerId: number | null): Promise<{ tagged: TaggedMod[]; ofCars: Map<number, ModJson[]> }> {
  const [row] = await prisma.$queryRaw<Array<{ tagged: string | null; ofCars: string | null }>>`
    SELECT ${postModsSql(postId)} AS "tagged",
      (${modsJson(Prisma.sql`"carId" IN (SELECT pc."carId" FROM "post_cars" pc WHERE pc."postId" = ${postId})`, CAR_MOD_LIMIT)}) AS "ofCars"`;
  const ofCars = new Map<number, ModJson[]>();
  for (const mod of parseJsonCell<ModTuple[]>(row?.ofCars, []).map(readMod)) {
    const list = ofCars.get(mod.carId) ?? [];
    list.push(modJson(mod, { viewerIsOwner: viewerId !== null && mod.car.ownerId === viewerId }));
    ofCars.set(mod.carId, list);
  }
  return { tagged: readPostMods(row?.tagged), ofCars };
}

/** One mod with its car's owner id, or null. */
export async function getMod(modId: number): Promise<OwnedModRow | null> {
  if (!Number.isSafeInteger(modId)) return null;
  const [row] = await prisma.$queryRaw<Array<{ mods: string | null }>>`SELECT (${modsJson(Prisma.sql`"id" = ${modId}`, 1)}) AS "mods"`;
  const [tuple] = parseJsonCell<ModTuple[]>(row?.mods, []);
  return tuple ? readMod(tuple) : null;
}

/** A mod with its car, when `userId` owns the car; 404 / 403 otherwise. */
export async function requireOwnedMod(modId: number, userId: number): Promise<OwnedModRow> {
  const mod = await getMod(modId);
  if (!mod) throw new UserError(404, MOD_MESSAGES.notFound);
  if (mod.car.ownerId !== userId) throw new UserError(403, MOD_MESSAGES.notOwner);
  return mod;
}
