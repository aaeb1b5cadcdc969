// Cars: the owner's garage, ownership checks, and the public showcase.
// Every change is checked here against the session user's id: 404 for a car that does
// not exist, 403 for someone else's.
import { READY_POST } from "~/lib/rules/post-status";
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect } from "~/lib/db/json-sql";
import { UserError } from "~/lib/user-error";
import { discardMedia } from "~/lib/media/processed-media.server";
import { removeIncoming } from "~/lib/server/incoming.server";
import { CAR_MESSAGES, type CarInput } from "~/lib/schemas/car-schemas";
import type { CarJson } from "~/lib/rules/cars";
import { pictureOf, type StoredPicture } from "~/lib/media/media-types";
import { countCarStats } from "~/models/counts.server";
import { reportDuplicateVin, vinColumns, vinHash } from "~/models/vin.server";
import { dropCarFromTimelines } from "~/models/timeline.server";

/** The columns a car is named and described by: its id and the fields of its display line. */
export const carNameSelect = {
  id: true,
  make: true,
  model: true,
  year: true,
  trim: true,
  bodystyle: true,
  nickname: true,
} as const satisfies Prisma.CarSelect;

export type CarNameRow = Prisma.CarGetPayload<{ select: typeof carNameSelect }>;

/** The carNameSelect columns of a car, in that order: the start of every shape a car is sent in. */
export function carNameOf(car: CarNameRow): CarNameRow {
  return { id: car.id, make: car.make, model: car.model, year: car.year, trim: car.trim, bodystyle: car.bodystyle, nickname: car.nickname };
}

export const carSelect = {
  ...carNameSelect,
  ownerId: true,
  insuranceExpiresAt: true,
  createdAt: true,
} as const satisfies Prisma.CarSelect;

export type CarRow = Prisma.CarGetPayload<{ select: typeof carSelect }>;

/** The fields of a media row the pages need to show it. */
export const mediaSelect = {
  id: true,
  postId: true,
  kind: true,
  path: true,
  mimeType: true,
  width: true,
  height: true,
  variants: true,
  durationMs: true,
  posterPath: true,
  posterVariants: true,
  posterWidth: true,
  posterHeight: true,
  alt: true,
} as const satisfies Prisma.MediaSelect;

export type MediaRow = Prisma.MediaGetPayload<{ select: typeof mediaSelect }>;

/** The columns of a media row that make its picture (pictureOf). */
export const pictureSelect = {
  kind: true,
  path: true,
  variants: true,
  width: true,
  height: true,
  posterPath: true,
  posterVariants: true,
  posterWidth: true,
  posterHeight: true,
} as const satisfies Prisma.MediaSelect;

// ------------------------------------------------------------------ the car's own photo
// (set and processed in car-photo.server.ts; read here, where every car list is made)

/** The columns of a car that make its own photo. */
export const carPhotoSelect = {
  coverPath: true,
  coverVariants: true,
  coverWidth: true,
  coverHeight: true,
  coverMedia: { select: pictureSelect },
} as const satisfies Prisma.CarSelect;

export type CarPhotoColumns = Prisma.CarGetPayload<{ select: typeof carPhotoSelect }>;

/** The car's own photo (uploaded, else picked from a post), or null when it has none. */
export function ownPhotoOf(car: CarPhotoColumns): StoredPicture | null {
  if (car.coverPath) return { path: car.coverPath, variants: car.coverVariants, width: car.coverWidth, height: car.coverHeight };
  return car.coverMedia ? pictureOf(car.coverMedia) : null;
}

/** The own photos of many cars, in one query; cars without one are left out. */
export async function carPhotos(carIds: readonly number[]): Promise<Map<number, StoredPicture>> {
  const ids = [...new Set(carIds)].filter((id) => Number.isSafeInteger(id));
  const photos = new Map<number, StoredPicture>();
  if (ids.length === 0) return photos;
  const rows = await prisma.car.findMany({ where: { id: { in: ids } }, select: { id: true, ...carPhotoSelect } });
  for (const row of rows) {
    const photo = ownPhotoOf(row);
    if (photo) photos.set(row.id, photo);
  }
  return photos;
}

/** A picture as the media item the garage and showcase draw (it belongs to no post). */
export function photoAsMedia(photo: StoredPicture): MediaRow {
  return {
    id: 0,
    postId: 0,
    kind: "image",
    mimeType: "image/webp",
    durationMs: null,
    posterPath: null,
    posterVariants: "",
    posterWidth: null,
    posterHeight: null,
    alt: null,
    ...photo,
  };
}

/** The API shape of a car. The insurance expiry is the owner's business only. */
export function carJson(car: CarRow, options: { owner: boolean }): CarJson {
  const { id, ...name } = carNameOf(car);
  const json: CarJson = {
    id,
    owner_id: car.ownerId,
    ...name,
    created_at: car.createdAt.toISOString(),
  };
  if (options.owner) json.insurance_expires_at = car.insuranceExpiresAt?.toISOString() ?? null;
  return json;
}

export function getCar(carId: number) {
  return prisma.car.findUnique({ where: { id: carId }, select: carSelect });
}

/** The car, when `userId` owns it; 404 when it does not exist, 403 when it is someone else's. */
export async function requireOwnedCar(carId: number, userId: number): Promise<CarRow> {
  const car = Number.isSafeInteger(carId) ? await getCar(carId) : null;
  if (!car) throw new UserError(404, CAR_MESSAGES.notFound);
  if (car.ownerId !== userId) throw new UserError(403, CAR_MESSAGES.notOwner);
  return car;
}

function carData(input: CarInput) {
  const data: Prisma.CarUncheckedUpdateInput = {};
  if (input.make !== undefined) data.make = input.make;
  if (input.model !== undefined) data.model = input.model;
  if (input.year !== undefined) data.year = input.year;
  if (input.trim !== undefined) data.trim = input.trim;
  if (input.bodystyle !== undefined) data.bodystyle = input.bodystyle;
  if (input.nickname !== undefined) data.nickname = input.nickname;
  if (input.insurance_expires_at !== undefined) data.insuranceExpiresAt = input.insurance_expires_at;
  // A VIN sent (or sent blank) sets or clears the VIN, its hash and the choice to show its end.
  if (input.vin !== undefined) Object.assign(data, vinColumns(input.vin, input.vin_public ?? false));
  else if (input.vin_public !== undefined) data.vinPublic = input.vin_public;
  return data;
}

export async function createCar(ownerId: number, input: CarInput & { make: string; model: string; year: number }): Promise<CarRow> {
  const car = await prisma.car.create({
    data: {
      ownerId,
      make: input.make,
      model: input.model,
      year: input.year,
      trim: input.trim ?? null,
      bodystyle: input.bodystyle ?? null,
      nickname: input.nickname ?? null,
      insuranceExpiresAt: input.insurance_expires_at ?? null,
      ...vinColumns(input.vin ?? null, input.vin_public ?? false),
    },
    select: carSelect,
  });
  if (input.vin) await reportDuplicateVin(car.id, ownerId, vinHash(input.vin));
  return car;
}

/**
 * Changes the fields present in `input`; the owner only. A VIN newly entered that another
 * member's car already has is reported to the administrators (once per change of VIN).
 */
export async function updateCar(carId: number, userId: number, input: CarInput): Promise<CarRow> {
  await requireOwnedCar(carId, userId);
  const hash = input.vin ? vinHash(input.vin) : null;
  const before = hash ? await prisma.car.findUnique({ where: { id: carId }, select: { vinHash: true } }) : null;
  const car = await prisma.car.update({ where: { id: carId }, data: carData(input), select: carSelect });
  if (hash && hash !== before?.vinHash) await reportDuplicateVin(carId, userId, hash);
  return car;
}

/** Deletes the car with its mods, builds and follows; posts stay (they lose the tag). */
export async function deleteCar(carId: number, userId: number): Promise<CarRow> {
  const car = await requireOwnedCar(carId, userId);
  const photo = await prisma.car.findUnique({ where: { id: carId }, select: { coverPath: true, coverVariants: true, coverPending: true } });
  await prisma.$transaction(async (tx) => {
    await dropCarFromTimelines(tx, carId);
    await tx.car.delete({ where: { id: carId } });
  });
  // After the row is gone: the car's uploaded photo and a photo still waiting go too.
  if (photo?.coverPath) await discardMedia({ path: photo.coverPath, variants: photo.coverVariants }).catch(() => undefined);
  await removeIncoming(photo?.coverPending).catch(() => undefined);
  return car;
}

// ------------------------------------------------------------------ the garage

/** Ready posts that feature a car: tagged through post_cars, or by the legacy single car. */
export function featuringCar(carId: number): Prisma.PostWhereInput {
  return { ...READY_POST, OR: [{ postCars: { some: { carId } } }, { carId }] };
}

/**
 * The same posts as featuringCar, as SQL ids ("postId"): each side is read through its car
 * index. `carId` is a car's id, or a column naming one in an enclosing statement.
 */
export const featuringCarIds = (carId: number | Prisma.Sql) => Prisma.sql`
  SELECT pc."postId" AS "postId" FROM "post_cars" pc JOIN "posts" rp ON rp."id" = pc."postId"
  WHERE pc."carId" = ${carId} AND rp."status" = 'ready'
  UNION SELECT p."id" FROM "posts" p WHERE p."carId" = ${carId} AND p."status" = 'ready'`;

/**
 * The ids of the newest posts featuring a car, newest first. Asked through Prisma, the OR of
 * the two tags lets SQLite walk the whole date index looking for a rarely posted car's posts;
 * from the ids, each tag is read through its own car index.
 */
export async function newestPostIdsOfCar(carId: number, limit: number): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT p."id" AS id FROM (${featuringCarIds(carId)}) f
    JOIN "posts" p ON p."id" = f."postId"
    ORDER BY p."createdAt" DESC, p."id" DESC
    LIMIT ${limit}`;
  return rows.map((row) => Number(row.id));
}

/** Media worth a cover: images, and videos that have a poster frame. */
export const coverMediaWhere: Prisma.MediaWhereInput = { OR: [{ kind: "image" }, { posterPath: { not: null } }] };

/** A post as a card shows it: its story, author, date and its cover (the first media coverMediaWhere takes). */
export const postCardSelect = {
  id: true,
  story: true,
  createdAt: true,
  createdBy: { select: { username: true } },
  media: { where: coverMediaWhere, orderBy: { position: "asc" }, take: 1, select: pictureSelect },
} as const satisfies Prisma.PostSelect;

/**
 * The cover of the post `postId` names (a column of an enclosing statement), as coverMediaWhere
 * picks it, in SQL: `columns` of its first media by position (over `m`), as a list of 0 or 1.
 */
export function postCoverSql(postId: Prisma.Sql, columns: Prisma.Sql): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  return json.nested(Prisma.sql`SELECT ${json.tuples(json.tuple(columns), Prisma.sql`m."position", m."id"`)} FROM (
    SELECT * FROM "photos" m WHERE m."postId" = ${postId} AND (m."kind" = 'image' OR m."posterPath" IS NOT NULL)
    ORDER BY m."position", m."id" LIMIT 1) m`);
}

export type GarageCar = CarRow & {
  cover: MediaRow | null;
  modCount: number;
  followerCount: number;
  postCount: number;
};

/**
 * The owner's cars, newest first, each with a cover (its own photo, else the first picture of
 * the newest post that has one), and counts made over these cars only.
 */
export async function listGarage(ownerId: number): Promise<GarageCar[]> {
  const cars = await prisma.car.findMany({
    where: { ownerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      ...carSelect,
      ...carPhotoSelect,
      postCars: {
        where: { post: { media: { some: coverMediaWhere } } },
        orderBy: [{ post: { createdAt: "desc" } }, { postId: "desc" }],
        take: 1,
        select: {
          post: {
            select: { media: { where: coverMediaWhere, orderBy: { position: "asc" }, take: 1, select: mediaSelect } },
          },
        },
      },
    },
  });
  const stats = await countCarStats(cars.map((car) => car.id));
  return cars.map(({ postCars, coverPath, coverVariants, coverWidth, coverHeight, coverMedia, ...car }) => {
    const counts = stats(car.id);
    const own = ownPhotoOf({ coverPath, coverVariants, coverWidth, coverHeight, coverMedia });
    return {
      ...car,
      cover: own ? photoAsMedia(own) : (postCars[0]?.post.media[0] ?? null),
      modCount: counts.mods,
      followerCount: counts.followers,
      postCount: counts.posts,
    };
  });
}

/** Just ids and names, for pickers (the owner's cars). */
export function listCarsOf(ownerId: number) {
  return prisma.car.findMany({ where: { ownerId }, orderBy: { createdAt: "desc" }, select: carSelect });
}
