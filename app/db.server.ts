// The one Prisma client of the app. Models are the only modules that import it.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { databaseUrl, sqliteFilePath } from "~/lib/database-url";

function connect() {
  // `timeout` is SQLite's busy timeout: writers wait for each other instead of failing.
  // WAL mode is switched on by the migrator and persists in the file.
  const adapter = new PrismaBetterSqlite3({ url: sqliteFilePath(databaseUrl()), timeout: 5000 });
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

// Reused across development rebuilds so a reload does not open a new connection each time.
export const prisma = globalForPrisma.prisma ?? connect();
if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;

export type { Prisma } from "~/generated/prisma/client";
