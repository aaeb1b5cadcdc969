// The shared lists of manufacturers, vendors and installers ("makers" for short): the
// type-ahead's matches, the Admin Area's list, and merging a duplicate into the name kept.
// Names match by their normalised key (app/lib/rules/names.ts), so a search for "ohl" finds "Öhlins".
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { containsPattern, prefixPattern } from "~/lib/rules/search";
import { MAKER_KINDS, cleanName, isMakerKind, nameKey, type MakerKind } from "~/lib/rules/names";
import { UserError } from "~/lib/user-error";

export { MAKER_KINDS, isMakerKind, type MakerKind };

const TABLES: Record<MakerKind, string> = { manufacturer: "manufacturers", vendor: "vendors", installer: "installers" };
const MOD_COLUMNS: Record<MakerKind, string> = { manufacturer: "manufacturerId", vendor: "vendorId", installer: "installerId" };

/** The most names the type-ahead answers with. */
export const SUGGEST_LIMIT = 10;
/** The most names the Admin Area lists at once. */
export const ADMIN_MAKERS_LIMIT = 100;

export const MAKER_TEXT = {
  same: "Pick two different names to merge",
  notFound: "That name no longer exists",
  kind: "Choose manufacturers, vendors or installers",
} as const;

/** Names of `kind` whose key contains the key of `query`: those that start with it first, then the rest, by key. */
export async function suggestNames(kind: MakerKind, query: string, limit = SUGGEST_LIMIT): Promise<string[]> {
  const key = nameKey(query).slice(0, 80);
  if (!key) return [];
  const take = Math.min(Math.max(1, Math.floor(limit)), 50);
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT t."name" AS name FROM ${Prisma.raw(`"${TABLES[kind]}"`)} t
    WHERE t."key" LIKE ${containsPattern(key)} ESCAPE '\\'
    ORDER BY CASE WHEN t."key" LIKE ${prefixPattern(key)} ESCAPE '\\' THEN 0 ELSE 1 END, t."key"
    LIMIT ${take}`;
  return rows.map((row) => row.name);
}

export type AdminMaker = { id: number; name: string; mods: number };

/** Names of `kind` for the Admin Area, with how many mods use each; `query` filters by key. */
export async function listMakersForAdmin(kind: MakerKind, query: string): Promise<AdminMaker[]> {
  const key = nameKey(query).slice(0, 80);
  const filter = key ? Prisma.sql`WHERE t."key" LIKE ${containsPattern(key)} ESCAPE '\\'` : Prisma.empty;
  const rows = await prisma.$queryRaw<{ id: number | bigint; name: string }[]>`
    SELECT t."id" AS id, t."name" AS name FROM ${Prisma.raw(`"${TABLES[kind]}"`)} t ${filter}
    ORDER BY t."key", t."id" LIMIT ${ADMIN_MAKERS_LIMIT}`;
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const counts = await prisma.$queryRaw<{ id: number | bigint; mods: number | bigint }[]>`
    SELECT m.${Prisma.raw(`"${MOD_COLUMNS[kind]}"`)} AS id, COUNT(*) AS mods FROM "mods" m
    WHERE m.${Prisma.raw(`"${MOD_COLUMNS[kind]}"`)} IN (${Prisma.join(ids)})
    GROUP BY m.${Prisma.raw(`"${MOD_COLUMNS[kind]}"`)}`;
  const byId = new Map(counts.map((row) => [Number(row.id), Number(row.mods)]));
  return rows.map((row) => ({ id: Number(row.id), name: row.name, mods: byId.get(Number(row.id)) ?? 0 }));
}

type Tx = Prisma.TransactionClient;

async function nameOf(tx: Tx, kind: MakerKind, id: number): Promise<string | null> {
  const where = { where: { id }, select: { name: true } } as const;
  const row =
    kind === "manufacturer" ? await tx.manufacturer.findUnique(where) : kind === "vendor" ? await tx.vendor.findUnique(where) : await tx.installer.findUnique(where);
  return row?.name ?? null;
}

/**
 * A manufacturer's parts move to the one kept. Where the kept manufacturer already has the
 * same part (same model and category keys), the duplicate's mods join that part and the
 * duplicate part goes.
 */
async function mergeParts(tx: Tx, keepId: number, mergeId: number) {
  await tx.$executeRaw`
    UPDATE "mods" SET "partId" = (
      SELECT k."id" FROM "parts" k, "parts" d
      WHERE d."id" = "mods"."partId" AND k."manufacturerId" = ${keepId} AND k."modelKey" = d."modelKey" AND k."categoryKey" = d."categoryKey")
    WHERE "partId" IN (
      SELECT d."id" FROM "parts" d JOIN "parts" k ON k."manufacturerId" = ${keepId} AND k."modelKey" = d."modelKey" AND k."categoryKey" = d."categoryKey"
      WHERE d."manufacturerId" = ${mergeId})`;
  await tx.$executeRaw`
    DELETE FROM "parts" WHERE "manufacturerId" = ${mergeId} AND EXISTS (
      SELECT 1 FROM "parts" k WHERE k."manufacturerId" = ${keepId} AND k."modelKey" = "parts"."modelKey" AND k."categoryKey" = "parts"."categoryKey")`;
  await tx.part.updateMany({ where: { manufacturerId: mergeId }, data: { manufacturerId: keepId } });
}

/**
 * Merges the name `mergeId` into `keepId` (both of `kind`): its mods (and a manufacturer's
 * parts) move over, the duplicate goes, and the decision is written to the moderation log.
 * Callers check that the user is an administrator.
 */
export async function mergeMakers(adminId: number, kind: MakerKind, keepId: number, mergeId: number) {
  if (keepId === mergeId) throw new UserError(400, MAKER_TEXT.same);
  return prisma.$transaction(async (tx) => {
    const [kept, merged] = await Promise.all([nameOf(tx, kind, keepId), nameOf(tx, kind, mergeId)]);
    if (kept === null || merged === null) throw new UserError(404, MAKER_TEXT.notFound);
    if (kind === "manufacturer") await mergeParts(tx, keepId, mergeId);
    const moved = await tx.mod.updateMany({ where: { [MOD_COLUMNS[kind]]: mergeId }, data: { [MOD_COLUMNS[kind]]: keepId } });
    const gone = { where: { id: mergeId } };
    if (kind === "manufacturer") await tx.manufacturer.delete(gone);
    else if (kind === "vendor") await tx.vendor.delete(gone);
    else await tx.installer.delete(gone);
    await tx.moderationAction.create({
      data: { moderatorId: adminId, action: "merge_names", note: `Merged ${kind} “${cleanName(merged)}” into “${cleanName(kept)}” (${moved.count} mods moved)` },
    });
    return { kind, kept: { id: keepId, name: kept }, merged: { id: mergeId, name: merged }, mods_moved: moved.count };
  });
}
