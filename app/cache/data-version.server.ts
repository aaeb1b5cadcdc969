// The database's data version: a value that changes whenever any connection commits a change,
// in this process, in another process or instance, or in a script; reading alone leaves it as
// it is. When it moves, freshness.server.ts reads what the commits in between changed from the
// change log (change-log.server.ts), on the same connection.
//
// - SQLite: PRAGMA data_version, read on a read-only connection of this module's own that
//   never writes (the pragma changes with the commits of every other connection). A few
//   microseconds.
// - PostgreSQL: the server's current snapshot (pg_current_snapshot(): the oldest transaction
//   still running, the next one to be numbered, and those in progress). A commit anywhere takes
//   its transaction out of the running ones or moves the next number on, so the snapshot is
//   different after every commit, as exact as SQLite's counter. One round trip on a connection
//   of this module's own; the requests that ask in the same turn of the event loop share one
//   query, sent after all of them arrived, so none of them gets a version read before it came.
import Database from "better-sqlite3";
import pg from "pg";
import { sqliteFilePath } from "~/lib/server/database-url";
import { postgresChangeReader, sqliteChangeReader } from "./change-log.server";

export type DataVersion = number | string;
export type DataVersionReader = () => Promise<DataVersion | null>;

/** The data version, and what the commits that moved it changed (freshness.server.ts). */
export type ChangeSource = {
  version: DataVersionReader;
  /**
   * The keys the commits between two versions named (data-keys.ts), or "all" when they cannot be
   * told; `from` is null at the first look.
   */
  changes(from: DataVersion | null, to: DataVersion): Promise<readonly string[] | "all">;
};

/**
 * The change source of the database at `url`: the version, and the change log
 * (change-log.server.ts) read on the version's own connection. Null when the database has no
 * version (in memory). A version read that fails (the file is not there yet, the server is
 * down) answers null: nothing is known, and nothing is kept or reused.
 */
export function changeSource(url: string): ChangeSource | null {
  if (POSTGRES_URL.test(url)) {
    const pool = postgresPool(url);
    const changes = postgresChangeReader(async (sql, values) => (await pool.query<{ key: string }>(sql, values)).rows);
    return { version: postgresReader(pool), changes: (from, to) => changes(from === null ? null : String(from), String(to)) };
  }
  const sqlite = sqliteConnection(url);
  if (!sqlite) return null;
  // Commits are one at a time: the rows after the last one read are those since the last look.
  const changes = sqliteChangeReader(sqlite.open);
  return { version: sqlite.version, changes: () => Promise.resolve(changes()) };
}

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/** The name the version's PostgreSQL connection shows in pg_stat_activity. */
export const DATA_VERSION_APPLICATION_NAME = "carsocial-data-version";

/** A read-only connection to a SQLite file, and its data version; null for other URLs and memory. */
function sqliteConnection(url: string): { open: () => Database.Database; version: DataVersionReader } | null {
  if (!url.startsWith("file:")) return null;
  const file = sqliteFilePath(url);
  if (file === ":memory:") return null;
  let connection: Database.Database | null = null;
  // Prepared once: better-sqlite3's pragma() prepares its statement anew on every call, and
  // every request reads the version. SQLite reads the value when the statement runs.
  let statement: Database.Statement | null = null;
  const open = () => (connection ??= new Database(file, { readonly: true, fileMustExist: true }));
  const read = (): number | null => {
    try {
      statement ??= open().prepare("PRAGMA data_version").pluck();
      return statement.get() as number;
    } catch {
      connection?.close();
      connection = null;
      statement = null;
      return null;
    }
  };
  return { open, version: () => Promise.resolve(read()) };
}

/** One connection, closed when idle so a finished script or test can exit. */
function postgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1, application_name: DATA_VERSION_APPLICATION_NAME, allowExitOnIdle: true });
  // A dropped idle connection is made again by the next read.
  pool.on("error", () => {});
  return pool;
}

function postgresReader(pool: pg.Pool): DataVersionReader {
  let next: Promise<string | null> | null = null;
  return () =>
    (next ??= new Promise<string | null>((resolve) => {
      setImmediate(() => {
        // From here on, a request that asks waits for the next query.
        next = null;
        pool.query<{ version: string }>("SELECT pg_current_snapshot()::text AS version").then(
          (result) => resolve(result.rows[0]?.version ?? null),
          () => resolve(null),
        );
      });
    }));
}
