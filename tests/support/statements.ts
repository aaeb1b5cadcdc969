// Every SQL statement a request runs, counted where the driver runs it: better-sqlite3's
// Statement#all (queries) and #run (writes), whose `source` is the SQL, or pg's
// Client#query({ text }) on PostgreSQL (`npm run test:pg`).
import { createRequire } from "node:module";
import { vi } from "vitest";

export const onPostgres = Boolean(process.env.TEST_PG_URL);

/** The database driver's module: pg on PostgreSQL, better-sqlite3 otherwise. */
export const Driver = createRequire(import.meta.url)(onPostgres ? "pg" : "better-sqlite3");

/**
 * What the process's change source reads on its own connection (app/cache/data-version.server.ts):
 * the data version and the change log, once per move of the version for all requests at once,
 * never a request's own statement.
 */
const CHANGE_SOURCE = /^SELECT pg_current_snapshot\(\)::text AS version$|FROM "data_changes"|FROM "sqlite_sequence"/;

/**
 * Starts counting statements; the returned function answers their SQL so far (but the change
 * source's). The spies stay until vi.restoreAllMocks().
 */
export function watchStatements(): () => string[] {
  if (onPostgres) {
    const query = vi.spyOn(Driver.Client.prototype as { query: (sql: unknown) => unknown }, "query");
    return () => query.mock.calls.map(([sql]) => String((sql as { text?: string }).text ?? sql)).filter((sql) => !CHANGE_SOURCE.test(sql.trim()));
  }
  type Statement = { source: string; all: () => unknown; run: () => unknown };
  const statement = Object.getPrototypeOf(new Driver(":memory:").prepare("SELECT 1")) as Statement;
  const all = vi.spyOn(statement, "all");
  const run = vi.spyOn(statement, "run");
  return () => [...all.mock.contexts, ...run.mock.contexts].map((context) => (context as Statement).source).filter((sql) => !CHANGE_SOURCE.test(sql.trim()));
}
