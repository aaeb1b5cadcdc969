// The reference's database: the project's generated Prisma client with the stock
// better-sqlite3 adapter (no tuning), on the benchmark's database (REFERENCE_DATABASE).
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../../../app/generated/prisma/client";

const file = process.env.REFERENCE_DATABASE;
if (!file) throw new Error("REFERENCE_DATABASE must name the SQLite file to read");

export const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: file }) });

/** The 50 newest posts with their authors: what both the page and the JSON route list. */
export function newestRows() {
  return prisma.post.findMany({
    take: 50,
    orderBy: { id: "desc" },
    select: { id: true, story: true, createdAt: true, createdBy: { select: { username: true } } },
  });
}
