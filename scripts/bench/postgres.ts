// The benchmark on PostgreSQL (`--database postgres`): the data is seeded into SQLite exactly as
// for a SQLite run, then every table's rows are copied into a freshly migrated PostgreSQL
// database, so both databases hold the same rows with the same ids.
//
// The copy reads each table with better-sqlite3 in rowid order, in batches, and inserts each
// batch with one statement (json_populate_recordset over a JSON array of rows), parents before
// children (PostgreSQL's foreign keys give the order). Values are converted by the column's
// PostgreSQL type: timestamps (SQLite holds them as Prisma writes them, ISO 8601 text, or as
// milliseconds) become UTC ISO text, booleans 0/1 become false/true, 64-bit integers travel as
// text. Then each table's id sequence is set to its largest id, so new rows get new ids, and
// the tables are analysed, as a database in use would be.
import { createRequire } from "node:module";
import pg from "pg";
import { applyMigrations } from "../migrator";
import { withPostgres } from "../lib/postgres";

/** Rows per INSERT. */
const BATCH_ROWS = 2000;

type Column = { name: string; type: string };

/** Tables with their columns (migrations' own table left out), in an order where every table comes after those it refers to. */
async function tablesInKeyOrder(client: pg.Client): Promise<{ order: string[]; columns: Map<string, Column[]>; cyclic: boolean }> {
  const columnRows = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, ordinal_position`,
  );
  const columns = new Map<string, Column[]>();
  for (const row of columnRows.rows) {
    const list = columns.get(row.table_name) ?? [];
    list.push({ name: row.column_name, type: row.data_type });
    columns.set(row.table_name, list);
  }
  const keys = await client.query<{ child: string; parent: string }>(
    `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint c
       JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class pa ON pa.oid = c.confrelid
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  const parents = new Map<string, Set<string>>([...columns.keys()].map((table) => [table, new Set<string>()]));
  // A table's rows that refer to its own rows are inserted in id order: the parent first.
  for (const { child, parent } of keys.rows) if (child !== parent) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  const remaining = new Set([...columns.keys()].sort());
  for (let progress = true; progress && remaining.size > 0;) {
    progress = false;
    for (const table of remaining) {
      if ([...parents.get(table)!].every((parent) => placed.has(parent) || !columns.has(parent))) {
        order.push(table);
        placed.add(table);
        remaining.delete(table);
        progress = true;
      }
    }
  }
  // Tables that refer to each other in a ring: loaded last, with the foreign keys' checks off.
  order.push(...remaining);
  return { order, columns, cyclic: remaining.size > 0 };
}

const NAIVE_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** A SQLite value as the JSON value json_populate_recordset reads for a column of PostgreSQL type `type`. */
function convert(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type.startsWith("timestamp") || type === "date") {
    if (typeof value === "bigint" || typeof value === "number") return new Date(Number(value)).toISOString();
    const text = String(value);
    if (/^\d+$/.test(text)) return new Date(Number(text)).toISOString();
    // SQLite's CURRENT_TIMESTAMP: UTC without a zone.
    const date = new Date(NAIVE_DATE_TIME.test(text) ? `${text.replace(" ", "T")}Z` : text);
    return Number.isNaN(date.getTime()) ? text : date.toISOString();
  }
  if (type === "boolean") return typeof value === "string" ? value === "1" || value.toLowerCase() === "true" : Number(value) !== 0;
  if (typeof value === "bigint") return value.toString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString("hex")}`;
  return value;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copies every row of the SQLite database `sqliteFile` into the migrated, empty PostgreSQL
 * database at `url` (its tables are emptied first); answers rows copied per table.
 */
export async function copySqliteToPostgres(sqliteFile: string, url: string): Promise<Record<string, number>> {
  const Database = createRequire(import.meta.url)("better-sqlite3");
  const sqlite = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  const copied: Record<string, number> = {};
  try {
    await withPostgres(url, async (client) => {
      const { order, columns, cyclic } = await tablesInKeyOrder(client);
      const sqliteTables = new Set(sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[]);
      // The migrations may have written rows of their own: the copy starts from empty tables.
      await client.query(`TRUNCATE ${order.map(quote).join(", ")} RESTART IDENTITY CASCADE`);
      if (cyclic) await client.query(`SET session_replication_role = replica`);
      for (const table of order) {
        if (!sqliteTables.has(table)) continue;
        const sqliteColumns = new Set((sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).map(String));
        const shared = columns.get(table)!.filter((column) => sqliteColumns.has(column.name));
        const names = shared.map((column) => quote(column.name)).join(", ");
        const insert = `INSERT INTO ${quote(table)} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`;
        const read = sqlite
          .prepare(`SELECT ${names} FROM ${quote(table)} ORDER BY rowid`)
          .raw(true)
          .safeIntegers(true);
        let batch: Record<string, unknown>[] = [];
        let count = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          await client.query(insert, [JSON.stringify(batch)]);
          count += batch.length;
          batch = [];
        };
        for (const values of read.iterate() as Iterable<unknown[]>) {
          const row: Record<string, unknown> = {};
          for (let index = 0; index < shared.length; index++) row[shared[index].name] = convert(values[index], shared[index].type);
          batch.push(row);
          if (batch.length >= BATCH_ROWS) await flush();
        }
        await flush();
        copied[table] = count;
      }
      if (cyclic) await client.query(`SET session_replication_role = DEFAULT`);
      // Each id sequence continues after the largest id copied.
      const serials = await client.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`,
      );
      for (const { table_name: table, column_name: column } of serials.rows) {
        await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX(${quote(column)}), 1), MAX(${quote(column)}) IS NOT NULL) FROM ${quote(table)}`, [
          quote(table),
          column,
        ]);
      }
      await client.query("ANALYZE");
    });
  } finally {
    sqlite.close();
  }
  return copied;
}

/**
 * A new database `name` on the server at `serverUrl` (dropped first if it exists), migrated
 * with prisma/postgres/migrations and filled with the rows of `sqliteFile`; answers its URL and
 * the rows copied.
 */
export async function postgresCopyOf(serverUrl: string, name: string, sqliteFile: string): Promise<{ url: string; rows: number }> {
  await withPostgres(serverUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quote(name)}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  const copied = await copySqliteToPostgres(sqliteFile, url.toString());
  return { url: url.toString(), rows: Object.values(copied).reduce((sum, count) => sum + count, 0) };
}
