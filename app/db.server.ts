// The one Prisma client of the app. Models are the only modules that import it.
//
// DATABASE_URL picks the database: a `file:` URL (the default) is SQLite through
// better-sqlite3; a `postgres://` or `postgresql://` URL is PostgreSQL through
// @prisma/adapter-pg, with the client generated from prisma/postgres/schema.prisma (the
// same model, written by scripts/prisma-providers.ts). Both clients have the same models
// and methods, so the app sees one type: SQLite's.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { Database } from "better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-pg/client";
import { databaseUrl, sqliteFilePath } from "~/lib/server/database-url";
import { prepareOnce } from "~/lib/db/sqlite-statements";
import { pruneChangeLog } from "~/cache/change-log.server";
import { changeSource } from "~/cache/data-version.server";
import { createFreshness, type Freshness } from "~/cache/freshness.server";
import { isProduction, settings } from "~/lib/server/env.server";

export type DatabaseProvider = "sqlite" | "postgresql";

/** `postgres://` and `postgresql://` URLs are PostgreSQL; everything else is SQLite. */
export function providerOfUrl(url: string): DatabaseProvider {
  return /^postgres(?:ql)?:\/\//i.test(url.trim()) ? "postgresql" : "sqlite";
}

/** The provider this process talks to (raw SQL picks its dialect with it). */
export const databaseProvider: DatabaseProvider = providerOfUrl(databaseUrl());

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
const CONNECTION_PRAGMAS = ["PRAGMA synchronous = NORMAL", "PRAGMA cache_size = -32768", "PRAGMA mmap_size = 268435456", "PRAGMA temp_store = MEMORY"].join(";\n");

/** Distinct SQL texts kept prepared; past this the cache starts again (IN lists vary in length). */
const PREPARED_STATEMENTS_MAX = 1000;

/**
 * The better-sqlite3 adapter, with the connection settings applied and statements
 * prepared once per SQL text (and per LIMIT value: ~/lib/db/sqlite-statements).
 */
class TunedBetterSqlite3 extends PrismaBetterSqlite3 {
  override async connect() {
    const adapter = await super.connect();
    await adapter.executeScript(CONNECTION_PRAGMAS);
    // The adapter keeps its better-sqlite3 connection as `client` and uses nothing but
    // prepare(...) and exec(...) on it. The adapter prepares every query afresh, so SQLite
    // parsed and planned the same few statements on every request (9% of a like's CPU time):
    // each text is prepared once (~/lib/db/sqlite-statements).
    prepareOnce((adapter as unknown as { client: Database }).client, PREPARED_STATEMENTS_MAX);
    return adapter;
  }
}

function connectSqlite(url: string): PrismaClient {
  // `timeout` is SQLite's busy timeout: writers wait for each other instead of failing.
  // WAL mode is switched on by the migrator and persists in the file.
  const adapter = new TunedBetterSqlite3({ url: sqliteFilePath(url), timeout: 5000 });
  return new PrismaClient({ adapter });
}

/** PostgreSQL gave up a serializable transaction because a concurrent one won (40001, deadlock). */
export function isSerializationFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "P2034") return true;
  // The adapter's own error (thrown at COMMIT) carries only the kind as its message.
  const cause = (error as { cause?: { kind?: unknown } } | null)?.cause;
  if (cause?.kind === "TransactionWriteConflict") return true;
  return /TransactionWriteConflict|could not serialize access|deadlock detected|\b40001\b|\b40P01\b/i.test(String((error as Error | null)?.message ?? ""));
}

const SERIALIZABLE_ATTEMPTS = 15;

/**
 * Interactive transactions (`$transaction(async (tx) => ...)`) run SERIALIZABLE on
 * PostgreSQL and start again when PostgreSQL refuses one for a concurrent write, so the
 * models' read-then-write transactions (toggle a like, a save, a comment like) behave as
 * on SQLite, where transactions are serialised anyway. The list form is left as it is.
 */
function serializeTransactions(client: PrismaClient): PrismaClient {
  const transaction = client.$transaction.bind(client) as (arg: unknown, options?: Record<string, unknown>) => Promise<unknown>;
  const serialized = async (arg: unknown, options?: Record<string, unknown>) => {
    if (typeof arg !== "function") return transaction(arg, options);
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(arg, { isolationLevel: "Serializable", ...options });
      } catch (error) {
        if (!isSerializationFailure(error) || attempt >= SERIALIZABLE_ATTEMPTS) throw error;
        // A short random pause spreads the retries of a burst of conflicting writers.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * attempt));
      }
    }
  };
  Object.defineProperty(client, "$transaction", { value: serialized, configurable: true, writable: true });
  return client;
}

/**
 * Names of prepared statements for PostgreSQL, one per SQL text. Without a name the adapter
 * sends every query unprepared, and PostgreSQL plans it again each time: on the demo seed a
 * showcase's statements took about 18 ms to plan and 3 ms to run, a post page's 8 ms and 1.3
 * ms. With a name, each connection prepares a text once and PostgreSQL keeps its plan. The
 * first `max` texts get names, numbered in the order they are first seen; texts after them
 * (IN lists of a new length, say) run unprepared. A name is never given to another text, as
 * the driver keeps each connection's statements by name.
 */
export function statementNames(max: number): ((query: { sql: string }) => string | undefined) | undefined {
  if (max === 0) return undefined;
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= max) return known;
    const name = `app_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}

function connectPostgres(url: string): PrismaClient {
  // A pool per process; DATABASE_POOL_SIZE caps it (every instance opens its own, so keep
  // instances x pool size under the server's max_connections).
  const max = settings().DATABASE_POOL_SIZE;
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closed (a restart, a failover) is dropped from the pool and
  // made again by the next query; it is no reason to stop the process.
  pool.on("error", () => {});
  globalForPrisma.pool = pool;
  // The adapter hands the name to pg as it is; pg sends a query without a name unprepared.
  const statementNameGenerator = statementNames(settings().DATABASE_PREPARED_STATEMENTS) as ((query: { sql: string }) => string) | undefined;
  const adapter = new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator });
  // Generated from the same model: the two clients differ only in the SQL they write.
  return serializeTransactions(new PostgresPrismaClient({ adapter }) as unknown as PrismaClient);
}

function connect(): PrismaClient {
  const url = databaseUrl();
  return databaseProvider === "postgresql" ? connectPostgres(url) : connectSqlite(url);
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pool?: pg.Pool };

export type PoolUse = { max: number; open: number; idle: number; waiting: number };

/** How this process's PostgreSQL connections are used (for the metrics); null on SQLite, which has one connection. */
export function databasePoolUse(): PoolUse | null {
  const pool = globalForPrisma.pool;
  return pool ? { max: pool.options.max ?? 10, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

// Reused across development rebuilds so a reload does not open a new connection each time.
export const prisma = globalForPrisma.prisma ?? connect();
if (!isProduction()) globalForPrisma.prisma = prisma;

let processFreshness: Freshness | undefined;

/**
 * What this process knows of the database's changes, for its kept answers: any commit, by this
 * process, another one, another instance or a script, is seen, with the keys it named
 * (app/cache/freshness.server.ts). Nothing is kept for an in-memory database.
 */
export const freshness: Freshness = {
  now: () => processFreshnessOf().now(),
  at: (version) => processFreshnessOf().at(version),
  holds: (stamp, keys) => processFreshnessOf().holds(stamp, keys),
};

function processFreshnessOf(): Freshness {
  return (processFreshness ??= createFreshness(changeSource(databaseUrl())));
}

/** Deletes the change log's old rows (app/cache/change-log.server.ts): the job worker's maintenance, every minute. */
export function pruneChanges(): Promise<number> {
  return pruneChangeLog(prisma);
}

export type { Prisma } from "~/generated/prisma/client";
