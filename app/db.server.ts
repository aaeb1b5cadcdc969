// The one Prisma client of the app. Models are the only modules that import it.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { databaseUrl, sqliteFilePath } from "~/lib/database-url";

/**
 * Settings of the app's one connection, applied when it opens:
 * - synchronous=NORMAL: in WAL mode a commit no longer waits for an fsync (the WAL is synced
 *   at checkpoints). Still safe against corruption and against the app crashing; an OS crash
 *   or power cut can lose the last moments of commits. Every like, comment and follow
 *   commits, and better-sqlite3 waits for the fsync on the one JavaScript thread: measured
 *   here, a like toggle took 11.5-12.8 ms with FULL and 5.9-7.5 ms with NORMAL.
 * - cache_size 32 MiB (default 2 MiB) and mmap_size 256 MiB: pages of a large database are
 *   read from memory instead of through read() calls.
 * - temp_store=MEMORY: the feed statement's small sorts never touch a temporary file.
 */
const CONNECTION_PRAGMAS = [
  "PRAGMA synchronous = NORMAL",
  "PRAGMA cache_size = -32768",
  "PRAGMA mmap_size = 268435456",
  "PRAGMA temp_store = MEMORY",
].join(";\n");

/** The better-sqlite3 adapter, with the connection settings applied as it connects. */
class TunedBetterSqlite3 extends PrismaBetterSqlite3 {
  override async connect() {
    const adapter = await super.connect();
    await adapter.executeScript(CONNECTION_PRAGMAS);
    return adapter;
  }
}

function connect() {
  // `timeout` is SQLite's busy timeout: writers wait for each other instead of failing.
  // WAL mode is switched on by the migrator and persists in the file.
  const adapter = new TunedBetterSqlite3({ url: sqliteFilePath(databaseUrl()), timeout: 5000 });
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

// Reused across development rebuilds so a reload does not open a new connection each time.
export const prisma = globalForPrisma.prisma ?? connect();
if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;

export type { Prisma } from "~/generated/prisma/client";
