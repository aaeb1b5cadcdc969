// The owner's changes to a car's mods, and the choices the mod form offers. Manufacturers,
// vendors and installers are shared name lists, matched by their normalised key
// (app/lib/rules/names.ts); a mod that names a manufacturer is linked to its shared Part
// (part.server.ts); builds belong to one car.
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { MOD_CATEGORIES, MOD_MESSAGES, type ModInput } from "~/lib/schemas/mod-schemas";
import { featuringCar, newestPostIdsOfCar, requireOwnedCar } from "~/models/car.server";
import { inIdOrder } from "~/lib/id-order";
import { UserError } from "~/lib/user-error";
import { cleanName, nameKey, type MakerKind } from "~/lib/rules/names";
import { findOrCreatePart, prunePart } from "~/models/part.server";
import { shortDate } from "~/lib/rules/formats";
import { modInclude, requireOwnedMod, type ModRow } from "~/models/mod-reads.server";

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
