// The one-off that brings rows older than parts up to date, run by applyMigrations after the
// SQL migrations (so by `npm run db:migrate`, `npm start`, the test databases and the
// browser-test server). It is idempotent: a second run finds nothing to do.
//   1. Every manufacturer, vendor and installer without a key gets its normalised key
//      (app/lib/rules/names.ts). A row whose key another row already has is a duplicate: its mods
//      move to that row and it goes.
//   2. Every mod that names a manufacturer but no part is linked to its part (made when new).
// Why here and not in SQL: the key strips diacritics, which neither SQLite nor PostgreSQL can
// do portably, and the PostgreSQL migrations are written from the SQLite schema, so data
// statements in a SQLite migration would not reach PostgreSQL.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../app/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "../app/generated/prisma-pg/client";
import { sqliteFilePath } from "../app/lib/server/database-url";
import { MAKER_KINDS, cleanName, nameKey, type MakerKind } from "../app/lib/rules/names";

/** Rows read per round. */
const BATCH = 200;

type NameTable = {
  findMany(args: { where: { key: null }; select: { id: true; name: true }; orderBy: { id: "asc" }; take: number }): Promise<{ id: number; name: string }[]>;
  findUnique(args: { where: { key: string }; select: { id: true } }): Promise<{ id: number } | null>;
  update(args: { where: { id: number }; data: { key: string } }): Promise<unknown>;
  delete(args: { where: { id: number } }): Promise<unknown>;
};

function open(databaseUrl: string): PrismaClient {
  if (/^postgres(?:ql)?:\/\//i.test(databaseUrl.trim())) {
    return new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 2 }) }) as unknown as PrismaClient;
  }
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: sqliteFilePath(databaseUrl), timeout: 5000 }) });
}

function tableOf(db: PrismaClient, kind: MakerKind): NameTable {
  return (kind === "manufacturer" ? db.manufacturer : kind === "vendor" ? db.vendor : db.installer) as unknown as NameTable;
}

const MOD_COLUMN = { manufacturer: "manufacturerId", vendor: "vendorId", installer: "installerId" } as const;

async function keyNames(db: PrismaClient, kind: MakerKind): Promise<{ keyed: number; merged: number }> {
  const table = tableOf(db, kind);
  let keyed = 0;
  let merged = 0;
  for (;;) {
    const rows = await table.findMany({ where: { key: null }, select: { id: true, name: true }, orderBy: { id: "asc" }, take: BATCH });
    if (rows.length === 0) break;
    for (const row of rows) {
      // A name with nothing left after normalising keys to itself, so it stays apart.
      const key = nameKey(row.name) || `#${row.id}`;
      const twin = await table.findUnique({ where: { key }, select: { id: true } });
      if (twin) {
        await db.$transaction([
          db.mod.updateMany({ where: { [MOD_COLUMN[kind]]: row.id }, data: { [MOD_COLUMN[kind]]: twin.id } }),
          table.delete({ where: { id: row.id } }) as never,
        ]);
        merged++;
      } else {
        await table.update({ where: { id: row.id }, data: { key } });
        keyed++;
      }
    }
  }
  return { keyed, merged };
}

async function linkParts(db: PrismaClient): Promise<number> {
  const parts = new Map<string, number>();
  let linked = 0;
  let after = 0;
  for (;;) {
    const mods = await db.mod.findMany({
      where: { id: { gt: after }, partId: null, manufacturerId: { not: null } },
      select: { id: true, manufacturerId: true, modelName: true, category: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    if (mods.length === 0) break;
    for (const mod of mods) {
      after = mod.id;
      const manufacturerId = mod.manufacturerId!;
      const modelKey = nameKey(mod.modelName);
      const categoryKey = nameKey(mod.category);
      const cacheKey = `${manufacturerId}\u0000${modelKey}\u0000${categoryKey}`;
      let partId = parts.get(cacheKey);
      if (partId === undefined) {
        const part = await db.part.upsert({
          where: { manufacturerId_modelKey_categoryKey: { manufacturerId, modelKey, categoryKey } },
          create: { manufacturerId, modelName: cleanName(mod.modelName), modelKey, category: cleanName(mod.category), categoryKey },
          update: {},
          select: { id: true },
        });
        partId = part.id;
        parts.set(cacheKey, partId);
      }
      await db.mod.update({ where: { id: mod.id }, data: { partId } });
      linked++;
    }
  }
  return linked;
}

/** Keys legacy names and links legacy mods to parts; what it did, in counts. */
export async function backfillParts(databaseUrl: string): Promise<{ keyed: number; merged: number; linked: number }> {
  const db = open(databaseUrl);
  try {
    let keyed = 0;
    let merged = 0;
    for (const kind of MAKER_KINDS) {
      const done = await keyNames(db, kind);
      keyed += done.keyed;
      merged += done.merged;
    }
    return { keyed, merged, linked: await linkParts(db) };
  } finally {
    await db.$disconnect();
  }
}
