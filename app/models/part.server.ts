// Parts: one manufacturer's model in one category, shared by every mod that fits it (unique on
// the manufacturer and the normalised model name and category). A part exists while a mod
// uses it. Its page lists the cars that run it with their owners, when each fitted it, the
// costs their owners show, the gains reported (median and count per type and unit) and the
// posts that tag those mods. Cars of suspended members are left out everywhere, as in search.
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { cleanName, gainStats, nameKey, partName, type GainStat } from "~/lib/rules/names";
import { fromCents } from "~/lib/rules/cars";
import { imageUrlForWidth, pictureUrl } from "~/lib/media/media-types";
import { inIdOrder } from "~/lib/id-order";
import { partPath } from "~/lib/paths";
import type { PartResult } from "~/lib/wire";
import { carPhotoSelect, ownPhotoOf, postCardSelect } from "~/models/car.server";

/** The most mods (car rows) a part page lists. */
export const PART_PAGE_CARS = 100;
/** The most gain reports a part page reads for its medians. */
export const PART_GAIN_ROWS = 2000;
/** The most posts a part page shows. */
export const PART_PAGE_POSTS = 12;

export type PartKeyInput = { manufacturerId: number; modelName: string; category: string };

/** The id of the part for this manufacturer, model name and category (any spelling); made when new. */
export async function findOrCreatePart(input: PartKeyInput): Promise<number> {
  const modelKey = nameKey(input.modelName);
  const categoryKey = nameKey(input.category);
  const where = { manufacturerId_modelKey_categoryKey: { manufacturerId: input.manufacturerId, modelKey, categoryKey } };
  const existing = await prisma.part.findUnique({ where, select: { id: true } });
  if (existing) return existing.id;
  try {
    const made = await prisma.part.create({
      data: { manufacturerId: input.manufacturerId, modelName: cleanName(input.modelName), modelKey, category: cleanName(input.category), categoryKey },
      select: { id: true },
    });
    return made.id;
  } catch (error) {
    // Made by someone else a moment ago: use theirs.
    if ((error as { code?: string }).code === "P2002") {
      const again = await prisma.part.findUnique({ where, select: { id: true } });
      if (again) return again.id;
    }
    throw error;
  }
}

/** Removes a part no mod uses any more. */
export async function prunePart(partId: number): Promise<void> {
  await prisma.part.deleteMany({ where: { id: partId, mods: { none: {} } } });
}

/** Mods whose cars count: not those of suspended members. */
const visibleMods = (partId: number): Prisma.ModWhereInput => ({ partId, car: { owner: { suspendedAt: null, deletedAt: null } } });

/** How many distinct cars (of members in good standing) run each of `partIds`, leaving out `exceptCarId`. */
export async function carsRunningParts(partIds: readonly number[], exceptCarId: number | null = null): Promise<Map<number, number>> {
  const ids = [...new Set(partIds)].filter((id) => Number.isSafeInteger(id));
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await prisma.$queryRaw<{ partId: number | bigint; cars: number | bigint }[]>`
    SELECT m."partId" AS "partId", COUNT(DISTINCT m."carId") AS cars
    FROM "mods" m JOIN "cars" c ON c."id" = m."carId" JOIN "users" u ON u."id" = c."ownerId"
    WHERE m."partId" IN (${Prisma.join(ids)}) AND m."carId" <> ${exceptCarId ?? -1} AND u."suspendedAt" IS NULL AND u."deletedAt" IS NULL
    GROUP BY m."partId"`;
  for (const row of rows) counts.set(Number(row.partId), Number(row.cars));
  return counts;
}

/** Fills `part.other_cars` on the mods of one car: distinct other cars that run each part. */
export async function withOtherCars<T extends { car_id: number; part?: { id: number; other_cars?: number } | null }>(carId: number, mods: T[]): Promise<T[]> {
  const counts = await carsRunningParts(
    mods.flatMap((mod) => (mod.part ? [mod.part.id] : [])),
    carId,
  );
  return mods.map((mod) => (mod.part ? { ...mod, part: { ...mod.part, other_cars: counts.get(mod.part.id) ?? 0 } } : mod));
}

export type PartPost = { id: number; story: string; created_at: string; author: string; cover_image: string | null };

/** The posts that tag a mod of this part (the upload form's tags, or the mod form's post), newest first. */
export async function postsForPart(partId: number, limit = PART_PAGE_POSTS): Promise<PartPost[]> {
  const tagged = await prisma.postMod.findMany({
    where: { mod: { partId } },
    select: { postId: true },
    distinct: ["postId"],
    orderBy: { postId: "desc" },
    take: limit * 2,
  });
  const ids = tagged.map((row) => row.postId);
  if (ids.length === 0) return [];
  const posts = await prisma.post.findMany({
    where: { id: { in: ids }, status: "ready", createdBy: { suspendedAt: null, deletedAt: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: postCardSelect,
  });
  return posts.map((post) => ({
    id: post.id,
    story: post.story.length > 200 ? `${post.story.slice(0, 199)}…` : post.story,
    created_at: post.createdAt.toISOString(),
    author: post.createdBy.username,
    cover_image: pictureUrl(post.media[0], 320),
  }));
}

export type PartCarRow = {
  mod_id: number;
  car: { id: number; year: number; make: string; model: string; trim: string | null; nickname: string | null; bodystyle: string | null; photo: string | null };
  owner: { username: string; nickname: string | null };
  installed_at: string;
  /** Present only where the owner shows the cost. */
  cost?: number;
};

export type PartPage = {
  part: { id: number; name: string; model_name: string; category: string; manufacturer: { id: number; name: string }; href: string };
  car_count: number;
  rows: PartCarRow[];
  gains: GainStat[];
  posts: PartPost[];
};

/** Everything the part page shows; null when there is no such part. */
export async function getPartPage(partId: number): Promise<PartPage | null> {
  if (!Number.isSafeInteger(partId)) return null;
  const part = await prisma.part.findUnique({
    where: { id: partId },
    select: { id: true, modelName: true, category: true, manufacturer: { select: { id: true, name: true } } },
  });
  if (!part) return null;
  const [mods, counts, gains, posts] = await Promise.all([
    prisma.mod.findMany({
      where: visibleMods(partId),
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: PART_PAGE_CARS,
      select: {
        id: true,
        createdAt: true,
        costCents: true,
        showCost: true,
        car: {
          select: {
            id: true,
            year: true,
            make: true,
            model: true,
            trim: true,
            nickname: true,
            bodystyle: true,
            owner: { select: { username: true, nickname: true } },
            ...carPhotoSelect,
          },
        },
      },
    }),
    carsRunningParts([partId]),
    prisma.performanceGain.findMany({
      where: { mod: visibleMods(partId) },
      select: { type: true, unit: true, amount: true },
      orderBy: { id: "asc" },
      take: PART_GAIN_ROWS,
    }),
    postsForPart(partId),
  ]);
  return {
    part: {
      id: part.id,
      name: partName(part),
      model_name: part.modelName,
      category: part.category,
      manufacturer: part.manufacturer,
      href: partPath(part),
    },
    car_count: counts.get(partId) ?? 0,
    rows: mods.map(({ car: { owner, coverPath, coverVariants, coverWidth, coverHeight, coverMedia, ...car }, ...mod }) => {
      // The car's own photo, when it has one.
      const own = ownPhotoOf({ coverPath, coverVariants, coverWidth, coverHeight, coverMedia });
      const photo = own ? imageUrlForWidth(own.path, own.variants, 320) : null;
      const row: PartCarRow = { mod_id: mod.id, car: { ...car, photo }, owner, installed_at: mod.createdAt.toISOString() };
      if (mod.showCost && mod.costCents !== null) row.cost = fromCents(mod.costCents);
      return row;
    }),
    gains: gainStats(gains),
    posts,
  };
}

/** Parts by id, in that order, for search results: name, address and how many cars run each. */
export async function partResults(ids: number[]): Promise<PartResult[]> {
  if (ids.length === 0) return [];
  const [parts, counts] = await Promise.all([
    prisma.part.findMany({ where: { id: { in: ids } }, select: { id: true, modelName: true, category: true, manufacturer: { select: { name: true } } } }),
    carsRunningParts(ids),
  ]);
  return inIdOrder(ids, parts).map((part) => ({ id: part.id, name: partName(part), category: part.category, href: partPath(part), cars: counts.get(part.id) ?? 0 }));
}
