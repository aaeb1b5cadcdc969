// Mods of a car: listing (others see the cost only where show_cost is set), and the owner's changes.
// Manufacturers, vendors and installers are shared name lists, matched by their normalised
// key (app/lib/names.ts); a mod that names a manufacturer is linked to its shared Part
// (part.server.ts); builds belong to one car.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, parseJsonCell, parseStoredDate } from "~/lib/db/json-sql";
import { CAR_MESSAGES, MOD_CATEGORIES, MOD_MESSAGES, type ModInput } from "~/lib/car-schemas";
import { fromCents, type ModJson } from "~/lib/cars";
import { partPath } from "~/lib/paths";
import { featuringCar, newestPostIdsOfCar, requireOwnedCar } from "~/models/car.server";
import { inIdOrder } from "~/lib/id-order";
import { UserError } from "~/lib/user-error";
import { cleanName, nameKey, partName, type MakerKind } from "~/lib/names";
import { findOrCreatePart, prunePart } from "~/models/part.server";
import { shortDate } from "~/lib/formats";
import type { TaggedMod } from "~/lib/post-mods";
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
  const [
    id,
    carId,
    category,
    modelName,
    description,
    manufacturerId,
    manufacturerName,
    vendorId,
    vendorName,
    installerId,
    installerName,
    postId,
    type,
    showCost,
    costCents,
    buildId,
    buildName,
    partId,
    partModelName,
    partMakerName,
    createdAt,
    updatedAt,
    ownerId,
    gains,
  ] = tuple;
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
  return parseJsonCell<ModTuple[]>(row?.mods, []).map(readMod);
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

// ------------------------------------------------------------------ names

type NameKind = MakerKind;

async function findNameId(kind: NameKind, key: string): Promise<number | null> {
  const where = { where: { key }, select: { id: true } } as const;
  const row =
    kind === "manufacturer"
      ? await prisma.manufacturer.findUnique(where)
      : kind === "vendor"
        ? await prisma.vendor.findUnique(where)
        : await prisma.installer.findUnique(where);
  return row?.id ?? null;
}

async function createName(kind: NameKind, name: string, key: string): Promise<number> {
  const data = { data: { name, key }, select: { id: true } };
  const row =
    kind === "manufacturer" ? await prisma.manufacturer.create(data) : kind === "vendor" ? await prisma.vendor.create(data) : await prisma.installer.create(data);
  return row.id;
}

/**
 * The id of the manufacturer/vendor/installer whose normalised key is `name`'s ("ohlins "
 * finds "Öhlins"); made when new, spelt as typed. The first spelling entered is the one shown.
 */
export async function upsertName(kind: NameKind, name: string): Promise<number> {
  const clean = cleanName(name);
  const key = nameKey(clean);
  if (!key) throw new UserError(400, `Enter a ${kind} name`, { field: kind });
  const existing = await findNameId(kind, key);
  if (existing !== null) return existing;
  try {
    return await createName(kind, clean, key);
  } catch (error) {
    // Someone made the same name a moment ago (same key, or the very same spelling): use theirs.
    if ((error as { code?: string }).code === "P2002") {
      const again = (await findNameId(kind, key)) ?? (await claimLegacyName(kind, clean, key));
      if (again !== null) return again;
    }
    throw error;
  }
}

/**
 * A row spelt exactly `name` whose key the migrate one-off has not filled yet: it gets its
 * key now, so it is found by key from then on.
 */
async function claimLegacyName(kind: NameKind, name: string, key: string): Promise<number | null> {
  const args = { where: { name, key: null }, data: { key } };
  const claimed =
    kind === "manufacturer"
      ? await prisma.manufacturer.updateMany(args)
      : kind === "vendor"
        ? await prisma.vendor.updateMany(args)
        : await prisma.installer.updateMany(args);
  return claimed.count > 0 ? findNameId(kind, key) : null;
}

async function nameId(kind: NameKind, value: string | null | undefined): Promise<number | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null) return null;
  return upsertName(kind, value);
}

// ------------------------------------------------------------------ builds and posts

async function resolveBuild(carId: number, input: ModInput): Promise<number | null | undefined> {
  if (input.build_id !== undefined && input.build_id !== null) {
    const build = await prisma.build.findFirst({ where: { id: input.build_id, carId }, select: { id: true } });
    if (!build) throw new UserError(400, MOD_MESSAGES.build, { field: "build_id" });
    return build.id;
  }
  if (input.build_name === undefined) return input.build_id === null ? null : undefined;
  if (input.build_name === null) return null;
  const name = input.build_name.replace(/\s+/g, " ");
  const builds = await prisma.build.findMany({ where: { carId }, select: { id: true, name: true } });
  const match = builds.find((build) => build.name.toLowerCase() === name.toLowerCase());
  if (match) return match.id;
  try {
    return (await prisma.build.create({ data: { carId, name }, select: { id: true } })).id;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      const again = await prisma.build.findFirst({ where: { carId, name }, select: { id: true } });
      if (again) return again.id;
    }
    throw error;
  }
}

async function checkPost(carId: number, postId: number | null | undefined) {
  if (postId === undefined || postId === null) return postId;
  const post = await prisma.post.findFirst({ where: { id: postId, ...featuringCar(carId) }, select: { id: true } });
  if (!post) throw new UserError(400, MOD_MESSAGES.post, { field: "post_id" });
  return post.id;
}

/** Builds that no mod uses any more are removed, so pickers stay tidy. */
async function pruneBuilds(carId: number) {
  await prisma.build.deleteMany({ where: { carId, mods: { none: {} } } });
}

/** Looks up every name, the build and the post first (they may fail with a field error). */
async function resolveRefs(carId: number, input: ModInput) {
  const [manufacturerId, vendorId, installerId, buildId, postId] = await Promise.all([
    nameId("manufacturer", input.manufacturer),
    nameId("vendor", input.vendor),
    nameId("installer", input.installer),
    resolveBuild(carId, input),
    checkPost(carId, input.post_id),
  ]);
  return { manufacturerId, vendorId, installerId, buildId, postId };
}

// ------------------------------------------------------------------ changes

export type NewModInput = ModInput & { mod_category: string; model_name: string };

/** Adds a mod to a car `userId` owns. */
export async function createMod(carId: number, userId: number, input: NewModInput): Promise<ModRow> {
  await requireOwnedCar(carId, userId);
  const refs = await resolveRefs(carId, input);
  const partId = refs.manufacturerId ? await findOrCreatePart({ manufacturerId: refs.manufacturerId, modelName: input.model_name, category: input.mod_category }) : null;
  return prisma.mod.create({
    data: {
      carId,
      partId,
      category: input.mod_category,
      modelName: input.model_name,
      description: input.description ?? null,
      type: input.mod_type ?? "part",
      costCents: input.cost ?? null,
      showCost: input.show_cost ?? false,
      manufacturerId: refs.manufacturerId ?? null,
      vendorId: refs.vendorId ?? null,
      installerId: refs.installerId ?? null,
      buildId: refs.buildId ?? null,
      postId: refs.postId ?? null,
      // The post it is shown in tags it, as the upload form's tags do.
      postMods: refs.postId ? { create: { postId: refs.postId } } : undefined,
      gains: { create: (input.performance_gains ?? []).map((gain) => ({ ...gain })) },
    },
    include: modInclude,
  });
}

/** Changes the fields present in `input`; a gains list replaces the old one. Car owner only. */
export async function updateMod(modId: number, userId: number, input: ModInput): Promise<ModRow> {
  const mod = await requireOwnedMod(modId, userId);
  const refs = await resolveRefs(mod.carId, input);
  const data: Prisma.ModUncheckedUpdateInput = {};
  if (input.mod_category !== undefined) data.category = input.mod_category;
  if (input.model_name !== undefined) data.modelName = input.model_name;
  if (input.description !== undefined) data.description = input.description;
  if (input.mod_type !== undefined) data.type = input.mod_type;
  if (input.cost !== undefined) data.costCents = input.cost;
  if (input.show_cost !== undefined) data.showCost = input.show_cost;
  if (refs.manufacturerId !== undefined) data.manufacturerId = refs.manufacturerId;
  if (refs.vendorId !== undefined) data.vendorId = refs.vendorId;
  if (refs.installerId !== undefined) data.installerId = refs.installerId;
  if (refs.buildId !== undefined) data.buildId = refs.buildId;
  if (refs.postId !== undefined) data.postId = refs.postId;
  // Another post it is shown in: that post tags it instead of the one before.
  if (refs.postId !== undefined && refs.postId !== mod.postId) {
    const next = refs.postId;
    data.postMods = {
      ...(mod.postId !== null ? { deleteMany: { postId: mod.postId } } : {}),
      ...(next !== null ? { connectOrCreate: { where: { postId_modId: { postId: next, modId } }, create: { postId: next } } } : {}),
    };
  }
  if (input.performance_gains !== undefined) {
    data.gains = { deleteMany: {}, create: input.performance_gains.map((gain) => ({ ...gain })) };
  }
  // The part follows the manufacturer, model name and category the mod ends up with.
  const manufacturerId = refs.manufacturerId === undefined ? mod.manufacturerId : refs.manufacturerId;
  const partId = manufacturerId
    ? await findOrCreatePart({ manufacturerId, modelName: input.model_name ?? mod.modelName, category: input.mod_category ?? mod.category })
    : null;
  data.partId = partId;
  const updated = await prisma.mod.update({ where: { id: modId }, data, include: modInclude });
  if (refs.buildId !== undefined) await pruneBuilds(mod.carId);
  if (mod.partId !== null && mod.partId !== partId) await prunePart(mod.partId);
  return updated;
}

export async function deleteMod(modId: number, userId: number): Promise<void> {
  const mod = await requireOwnedMod(modId, userId);
  await prisma.mod.delete({ where: { id: modId } });
  if (mod.buildId !== null) await pruneBuilds(mod.carId);
  if (mod.partId !== null) await prunePart(mod.partId);
}

// ------------------------------------------------------------------ form pickers

export const PICKER_LIMIT = 500;

/** What the mod form offers to pick from: existing names, this car's builds and posts. */
export async function getModFormOptions(carId: number) {
  const [manufacturers, vendors, installers, builds, posts, categories] = await Promise.all([
    prisma.manufacturer.findMany({ select: { name: true }, orderBy: { name: "asc" }, take: PICKER_LIMIT }),
    prisma.vendor.findMany({ select: { name: true }, orderBy: { name: "asc" }, take: PICKER_LIMIT }),
    prisma.installer.findMany({ select: { name: true }, orderBy: { name: "asc" }, take: PICKER_LIMIT }),
    prisma.build.findMany({ where: { carId }, select: { id: true, name: true }, orderBy: { createdAt: "asc" } }),
    newestPostIdsOfCar(carId, 50).then(async (ids) => {
      const rows = await prisma.post.findMany({ where: { id: { in: ids } }, select: { id: true, story: true, createdAt: true } });
      return inIdOrder(ids, rows);
    }),
    prisma.mod.findMany({ where: { carId }, select: { category: true }, distinct: ["category"] }),
  ]);
  const categoryNames = new Map<string, string>();
  for (const name of [...MOD_CATEGORIES, ...categories.map((row) => row.category)]) {
    if (!categoryNames.has(name.toLowerCase())) categoryNames.set(name.toLowerCase(), name);
  }
  return {
    manufacturers: manufacturers.map((row) => row.name),
    vendors: vendors.map((row) => row.name),
    installers: installers.map((row) => row.name),
    categories: [...categoryNames.values()],
    builds,
    posts: posts.map((post) => ({ id: post.id, label: postLabel(post) })),
  };
}

/** How a post reads in a picker: the start of its story and its date. */
export function postLabel(post: { story: string; createdAt: Date }): string {
  const date = shortDate(post.createdAt);
  const story = post.story.trim().replace(/\s+/g, " ");
  if (!story) return `Post from ${date}`;
  return `${story.length > 48 ? `${story.slice(0, 47)}…` : story} (${date})`;
}
