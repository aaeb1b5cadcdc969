// The database's data version: a number that changes whenever any connection commits a
// change, in this process, in another one or in a script. SQLite keeps it per connection
// (PRAGMA data_version changes with every commit of the other connections), so this module
// reads it on a read-only connection of its own that never writes. Reading it costs a few
// microseconds. PostgreSQL has no such counter: there it is null.
import Database from "better-sqlite3";
import { sqliteFilePath } from "~/lib/database-url";

/**
 * Reads the data version of the database at `url`; null when it has none (PostgreSQL,
 * memory). A read that fails (the file is not there yet) answers null: nothing is known.
 */
export function dataVersionReader(url: string): (() => number | null) | null {
  if (!url.startsWith("file:")) return null;
  const file = sqliteFilePath(url);
  if (file === ":memory:") return null;
  let connection: Database.Database | null = null;
  return () => {
    try {
      connection ??= new Database(file, { readonly: true, fileMustExist: true });
      return connection.pragma("data_version", { simple: true }) as number;
    } catch {
      connection?.close();
      connection = null;
      return null;
    }
  };
}
