// The database's data version: a value that changes whenever any connection commits a change,
// in this process, in another process or instance, or in a script; reading alone leaves it as
// it is. Every kept answer names the version it was read at, and is good only while the
// version is the same, so a kept answer is never older than the data.
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

export type DataVersion = number | string;
export type DataVersionReader = () => Promise<DataVersion | null>;

/** The name the version's PostgreSQL connection shows in pg_stat_activity. */
export const DATA_VERSION_APPLICATION_NAME = "carsocial-data-version";

/**
 * Reads the data version of the database at `url`; null when it has none (an in-memory
 * database). A read that fails (the file is not there yet, the server is down) answers null:
 * nothing is known, and nothing is kept or reused.
 */
export function dataVersionReader(url: string): DataVersionReader | null {
  if (/^postgres(?:ql)?:\/\//i.test(url)) return postgresReader(url);
  if (!url.startsWith("file:")) return null;
  const file = sqliteFilePath(url);
  if (file === ":memory:") return null;
  let connection: Database.Database | null = null;
  const read = (): number | null => {
    try {
      connection ??= new Database(file, { readonly: true, fileMustExist: true });
      return connection.pragma("data_version", { simple: true }) as number;
    } catch {
      connection?.close();
      connection = null;
      return null;
    }
  };
  return () => Promise.resolve(read());
}

function postgresReader(url: string): DataVersionReader {
  // One connection, closed when idle so a finished script or test can exit.
  const pool = new pg.Pool({ connectionString: url, max: 1, application_name: DATA_VERSION_APPLICATION_NAME, allowExitOnIdle: true });
  // A dropped idle connection is made again by the next read.
  pool.on("error", () => {});
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
