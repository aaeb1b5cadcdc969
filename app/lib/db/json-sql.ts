// Statements that answer a whole list as ONE JSON text cell, on SQLite and on PostgreSQL.
//
// Prisma spends far more per statement (building the query, decoding each row) than SQLite
// spends running it, and on SQLite it loads every relation with a statement of its own. A
// list with its relations read as one JSON text costs one statement, and the text is parsed
// once. Rows are JSON arrays of columns rather than objects, which keeps the text small; each
// reader names the positions with a tuple type.
import { Prisma } from "~/generated/prisma/client";

/**
 * How each database builds JSON: SQLite's json_group_array/json_array, PostgreSQL's
 * json_agg/json_build_array. PostgreSQL's json_agg of no rows is NULL (SQLite's is []),
 * its EXISTS and booleans are booleans (SQLite's are 0/1) and its JSON is handed back as
 * text, so both databases answer the same text and one reader serves both.
 */
export type JsonDialect = {
  /** One tuple: a JSON array of the columns. */
  tuple(columns: Prisma.Sql): Prisma.Sql;
  /** The rows' tuples as one JSON array, in `orderBy` order. */
  tuples(tuple: Prisma.Sql, orderBy: Prisma.Sql): Prisma.Sql;
  /** A subquery of `tuples` nested in a tuple, [] when it has no rows. */
  nested(subquery: Prisma.Sql): Prisma.Sql;
  /** A condition or a boolean column as 0 or 1. */
  flag(condition: Prisma.Sql): Prisma.Sql;
  /** The answer's JSON as text. */
  text(json: Prisma.Sql): Prisma.Sql;
  /**
   * The rows as one text: each row's JSON `parts` as text, joined by RECORD_PART, the rows
   * joined by RECORD_END in `orderBy` order (read back by `splitRecords`). JSON text never
   * holds those two control characters unescaped, so each part comes back as it was written:
   * a reader may key on it without parsing it.
   */
  records(parts: Prisma.Sql[], orderBy: Prisma.Sql): Prisma.Sql;
  /**
   * A list of ids as a subquery of one parameter (a JSON array), for `IN (…)`: the statement's
   * text stays the same whatever the list's length, so it is prepared once.
   */
  ids(list: number[]): Prisma.Sql;
};

const SQLITE_JSON: JsonDialect = {
  tuple: (columns) => Prisma.sql`json_array(${columns})`,
  tuples: (tuple, orderBy) => Prisma.sql`json_group_array(${tuple} ORDER BY ${orderBy})`,
  nested: (subquery) => Prisma.sql`json((${subquery}))`,
  flag: (condition) => condition,
  text: (json) => json,
  records: (parts, orderBy) => Prisma.sql`group_concat(${Prisma.join(parts, " || char(31) || ")}, char(30) ORDER BY ${orderBy})`,
  ids: (list) => Prisma.sql`SELECT value FROM json_each(${JSON.stringify(list)})`,
};

const POSTGRES_JSON: JsonDialect = {
  tuple: (columns) => Prisma.sql`json_build_array(${columns})`,
  tuples: (tuple, orderBy) => Prisma.sql`json_agg(${tuple} ORDER BY ${orderBy})`,
  nested: (subquery) => Prisma.sql`COALESCE((${subquery}), '[]'::json)`,
  flag: (condition) => Prisma.sql`CAST(${condition} AS integer)`,
  text: (json) => Prisma.sql`CAST(${json} AS text)`,
  records: (parts, orderBy) =>
    Prisma.sql`string_agg(${Prisma.join(
      parts.map((part) => Prisma.sql`CAST(${part} AS text)`),
      " || chr(31) || ",
    )}, chr(30) ORDER BY ${orderBy})`,
  ids: (list) => Prisma.sql`SELECT CAST(value AS integer) FROM json_array_elements_text(CAST(${JSON.stringify(list)} AS json))`,
};

export function jsonDialect(provider: "sqlite" | "postgresql"): JsonDialect {
  return provider === "postgresql" ? POSTGRES_JSON : SQLITE_JSON;
}

/** Separates the parts of one record in `records`' text (ASCII unit separator: char(31) in SQL). */
const RECORD_PART = "\x1f";
/** Ends each record in `records`' text (ASCII record separator: char(30) in SQL). */
const RECORD_END = "\x1e";

/** The records of a `records` cell, each as its parts' JSON texts; none for a missing cell. */
export function splitRecords(cell: string | null | undefined): string[][] {
  return cell ? cell.split(RECORD_END).map((record) => record.split(RECORD_PART)) : [];
}

/** A JSON text cell as its value; a missing cell (no rows: NULL) is `empty`. */
export function parseJsonCell<T>(cell: string | null | undefined, empty: T): T {
  return cell ? (JSON.parse(cell) as T) : empty;
}

/** Prisma writes DateTime as ISO text with "+00:00" on SQLite; comparisons use the same format. */
export function sqlDate(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

/**
 * A moment as a statement parameter, to compare with or write to a DateTime column the way
 * Prisma stores it: its ISO text on SQLite, a timestamp(3) (UTC, no zone) on PostgreSQL.
 */
export function timestampSql(provider: "sqlite" | "postgresql", date: Date): Prisma.Sql {
  return provider === "postgresql" ? Prisma.sql`CAST(${date.toISOString()} AS timestamp(3))` : Prisma.sql`${sqlDate(date)}`;
}

/**
 * A timestamp as JSON carries it: ISO text (with or without zone: PostgreSQL's timestamp(3)
 * has none and is UTC), SQLite's "YYYY-MM-DD HH:MM:SS" (UTC) or epoch milliseconds.
 */
export function parseStoredDate(value: string | number): Date {
  if (typeof value === "number") return new Date(value);
  if (value.endsWith("Z")) return new Date(value);
  const hasZone = /(?:Z|[+-]\d\d:?\d\d)$/.test(value);
  return new Date(hasZone ? value : `${value.replace(" ", "T")}Z`);
}

const PRISMA_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

/** A stored timestamp as ISO text ending in Z (Prisma's own format is rewritten without a Date). */
export function isoText(value: string | number): string {
  if (typeof value === "string" && PRISMA_ISO.test(value)) return `${value.slice(0, 23)}Z`;
  return parseStoredDate(value).toISOString();
}
