// The reference's database: the project's generated Prisma client with a stock adapter (no
// tuning), on the benchmark's database (REFERENCE_DATABASE): a SQLite file through
// better-sqlite3, or a postgres:// or postgresql:// URL through @prisma/adapter-pg with the
// client generated for PostgreSQL, as the app picks them.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../../app/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "../../../app/generated/prisma-pg/client";

const database = process.env.REFERENCE_DATABASE;
if (!database) throw new Error("REFERENCE_DATABASE must name the SQLite file or the PostgreSQL URL to read");

export const prisma = /^postgres(?:ql)?:\/\//i.test(database)
  ? (new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: database }) }) as unknown as PrismaClient)
  : new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: database }) });

/** The 50 newest posts with their authors: what both the page and the JSON route list. */
export function newestRows() {
  return prisma.post.findMany({
    take: 50,
    orderBy: { id: "desc" },
    select: { id: true, story: true, createdAt: true, createdBy: { select: { username: true } } },
  });
}
