// A car's build as the public sees it, for the build sheet, the car's embed, its PNG card and
// the forum snippets: the mods with a cost only where the owner shows it (a hidden cost never
// leaves this module), and the picture the car is shown with.
//
// The card's key names everything the card is drawn from, so a new key means a new card:
// the car (its updatedAt), its mods (the newest updatedAt and how many there are, so an
// added, changed or deleted mod counts), its owner's name and its cover picture.
import { createHash } from "node:crypto";
import { prisma } from "~/db.server";
import { modName, shownCost, type SheetMod } from "~/lib/rules/build-sheet";
import type { ModJson } from "~/lib/rules/cars";
import { pictureOf, type StoredPicture } from "~/lib/media/media-types";
import { carNameSelect, carPhotoSelect, coverMediaWhere, newestPostIdsOfCar, ownPhotoOf, pictureSelect } from "~/models/car.server";
import type { DatedMod } from "~/models/car-handover.server";
import { modJson, modRowsOfCars, type ModRow, type OwnedModRow } from "~/models/mod-reads.server";

/** The cover is the first picture of the newest of this many posts that has one. */
const COVER_POSTS = 12;

/** Changes whenever the card's drawing changes, so cards made before are made again. */
export const CARD_VERSION = 1;

/** What a sheet shows of a mod. */
type SheetModRow = Pick<ModRow, "id" | "category" | "modelName" | "costCents" | "showCost" | "createdAt" | "manufacturer" | "gains">;

/** A mod as a sheet shows it: its cost only where the owner shows it. */
export function sheetMod(row: SheetModRow): SheetMod {
  return {
    id: row.id,
    category: row.category,
    name: modName(row.modelName, row.manufacturer?.name),
    shownCostCents: shownCost(row.costCents, row.showCost),
    createdAt: row.createdAt.toISOString(),
    gains: row.gains.map((gain) => ({ type: gain.type, amount: gain.amount, unit: gain.unit })),
  };
}

/**
 * A car's mods (`OwnedModRow`s, oldest first) for the places a showcase shows them: its mods as
 * `viewerId` may see them, its build sheet (the same for every reader), and the mods each
 * owner fitted (`dated`, for `ownershipHistory`).
 */
export function showcaseMods(rows: OwnedModRow[], viewerId: number | null): { mods: ModJson[]; sheetMods: SheetMod[]; dated: DatedMod[] } {
  return { mods: rows.map((row) => modJson(row, { viewerIsOwner: viewerId !== null && viewerId === row.car.ownerId })), sheetMods: rows.map(sheetMod), dated: rows };
}

export type CarCover = StoredPicture & { mediaId: number };

/**
 * The picture a car is shown with: its own photo (mediaId 0 when uploaded), else the first
 * picture (a photo, or a video's poster) of its newest post that has one.
 */
export async function carCover(carId: number): Promise<CarCover | null> {
  const own = await prisma.car.findUnique({ where: { id: carId }, select: { coverMediaId: true, ...carPhotoSelect } });
  const photo = own ? ownPhotoOf(own) : null;
  if (own && photo) return { ...photo, mediaId: own.coverPath ? 0 : (own.coverMediaId ?? 0) };
  const postIds = await newestPostIdsOfCar(carId, COVER_POSTS);
  if (postIds.length === 0) return null;
  const media = await prisma.media.findMany({
    where: { postId: { in: postIds }, ...coverMediaWhere },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, postId: true, ...pictureSelect },
    take: COVER_POSTS * 20,
  });
  for (const postId of postIds) {
    const item = media.find((row) => row.postId === postId);
    const picture = item ? pictureOf(item) : null;
    if (item && picture) return { ...picture, mediaId: item.id };
  }
  return null;
}

export type CarBuild = {
  car: { id: number; make: string; model: string; year: number; trim: string | null; bodystyle: string | null; nickname: string | null };
  owner: { username: string; nickname: string | null; profileImage: string | null };
  mods: SheetMod[];
  cover: CarCover | null;
  /** Names the card's content: changes when the car, its mods, its owner's name or its cover change. */
  cardKey: string;
};

/** What a car's build is read from: the car, its owner, its mods' rows (oldest first) and its cover. */
export type CarBuildRows = {
  car: CarBuild["car"] & { createdAt: Date; updatedAt: Date };
  owner: CarBuild["owner"];
  rows: ModRow[];
  cover: CarCover | null;
};

/** The rows of a car's build, for its card, its embed and its sale report; null when there is no such car. */
export async function readCarBuild(carId: number): Promise<CarBuildRows | null> {
  if (!Number.isSafeInteger(carId) || carId < 1) return null;
  const [row, mods] = await Promise.all([
    // A car whose owner deleted the account has no card or embed.
    prisma.car.findFirst({
      where: { id: carId, owner: { deletedAt: null } },
      select: {
        ...carNameSelect,
        createdAt: true,
        updatedAt: true,
        owner: { select: { username: true, nickname: true, profileImage: true } },
      },
    }),
    modRowsOfCars([carId]),
  ]);
  if (!row) return null;
  const { owner, ...car } = row;
  return { car, owner, rows: mods, cover: await carCover(carId) };
}

/** A car's build for its card and its embed; null when there is no such car. */
export async function getCarBuild(carId: number): Promise<CarBuild | null> {
  const read = await readCarBuild(carId);
  if (!read) return null;
  const { owner, rows: mods, cover } = read;
  const { createdAt: _createdAt, updatedAt, ...car } = read.car;
  const newestMod = mods.reduce((newest, mod) => Math.max(newest, mod.updatedAt.getTime()), 0);
  const cardKey = createHash("sha256")
    .update(JSON.stringify([CARD_VERSION, updatedAt.getTime(), newestMod, mods.length, owner.username, cover?.mediaId ?? null, cover?.path ?? null]))
    .digest("base64url")
    .slice(0, 16);
  return { car, owner, mods: mods.map(sheetMod), cover, cardKey };
}
