// The change log: every committed write names what it changed (data-keys.ts), so a kept answer
// ends only when something it shows changes, not at every write anywhere.
//
// Triggers write it, on every table, from the rules below: a write by this process, another
// process or instance, a script or the seed is logged the same way, in the same transaction
// as the write itself. A table is one of:
// - keyed: its rows name posts, cars, people or timelines (likes, comments, follows…), and a
//   write logs those keys;
// - private: what no kept answer shows (sessions, tokens, rate limits, jobs, notifications,
//   messages, drafts…): not logged, so it ends nothing;
// - everything else: a write logs "*", which ends every kept answer.
// `npm run db:migrate` (scripts/migrator.ts) installs the table and the triggers after the
// migrations, anew each time, so they follow the tables the migrations made. A test fails when
// a table of the schema has no rule here.
//
// Read: freshness.server.ts takes in the rows committed between two data versions, whenever
// the version moves: on SQLite the rows after the last one read (commits are one at a time, so
// seq order is commit order); on PostgreSQL, where a row's number is taken before its commit,
// the rows whose transaction is visible in one of the two snapshots and not in the other.
// Rows older than CHANGE_LOG_HOURS are deleted by the job worker's maintenance; a reader that
// last looked long before that starts again from "everything".
import type Database from "better-sqlite3";
import type pg from "pg";
import { Prisma } from "~/generated/prisma/client";
import { EVERYTHING } from "./data-keys";

export const CHANGE_LOG_TABLE = "data_changes";
/** How long a row of the log is kept. */
export const CHANGE_LOG_HOURS = 1;
const TRIGGER_PREFIX = "data_changes_";

/** A SELECT of key texts for the row named `row` (NEW or OLD). */
type KeysOf = (row: string) => string;

/** The key `<prefix>:<the row's column>`. */
const keyOf =
  (prefix: string) =>
  (column: string): KeysOf =>
  (row) =>
    `SELECT '${prefix}:' || ${row}."${column}"`;
const post = keyOf("post");
const car = keyOf("car");
const user = keyOf("user");
const timeline = keyOf("timeline");
/** A comment's post. */
const postOfComment: KeysOf = (row) => `SELECT 'post:' || c."postId" FROM "comments" c WHERE c."id" = ${row}."commentId"`;

type Rule = "private" | "everything" | KeysOf[];

/** Every table of the schema and what a write to it logs. */
export const CHANGE_RULES: Record<string, Rule> = {
  // A post's reactions: no count or list of a car's is made of its posts' reactions (a showcase
  // shows its posts' own), so they name the post alone.
  post_likes: [post("postId")],
  comments: [post("postId")],
  comment_likes: [postOfComment],
  saves: [post("postId")],
  shares: [post("postId")],
  // Follows.
  car_follows: [car("carId"), user("userId")],
  user_follows: [user("followerId"), user("followingId")],
  timelines: [timeline("memberId")],
  // What no kept answer shows.
  sessions: "private",
  password_reset_tokens: "private",
  email_verification_tokens: "private",
  login_codes: "private",
  recovery_codes: "private",
  totp_used_steps: "private",
  rate_limits: "private",
  jobs: "private",
  transcode_usage: "private",
  push_subscriptions: "private",
  push_preferences: "private",
  data_exports: "private",
  notifications: "private",
  messages: "private",
  post_uploads: "private",
  feedback: "private",
  flags: "private",
  moderation_actions: "private",
  // The rest: posts, people, cars, media, mods, parts, events, tags, blocks…
  users: "everything",
  profiles: "everything",
  cars: "everything",
  manufacturers: "everything",
  vendors: "everything",
  installers: "everything",
  parts: "everything",
  builds: "everything",
  mods: "everything",
  performance_gains: "everything",
  posts: "everything",
  post_cars: "everything",
  post_mods: "everything",
  photos: "everything",
  tag_follows: "everything",
  tags: "everything",
  post_tags: "everything",
  blocks: "everything",
  events: "everything",
  event_attendees: "everything",
  service_entries: "everything",
  car_ownerships: "everything",
  car_handovers: "everything",
};

const OPERATIONS = [
  ["insert", "INSERT", ["NEW"]],
  ["update", "UPDATE", ["OLD", "NEW"]],
  ["delete", "DELETE", ["OLD"]],
] as const;

function ruleOf(table: string): Rule {
  const rule = CHANGE_RULES[table];
  if (rule === undefined) throw new Error(`The change log has no rule for the table "${table}" (app/cache/change-log.server.ts)`);
  return rule;
}

/** What one write logs: the keys of its rows (`rows`: NEW, OLD or both), UNION dropping a key named twice. */
function insertKeys(rule: Exclude<Rule, "private">, rows: readonly string[]): string {
  const selects = rule === "everything" ? [`SELECT '${EVERYTHING}'`] : rows.flatMap((row) => rule.map((keysOf) => keysOf(row)));
  return `INSERT INTO "${CHANGE_LOG_TABLE}" ("key") ${selects.join(" UNION ")}`;
}

/** The SQLite statements that make the log and its triggers (after dropping the old triggers). */
export function sqliteChangeLogSql(tables: readonly string[]): string[] {
  const statements = [
    `CREATE TABLE IF NOT EXISTS "${CHANGE_LOG_TABLE}" ("seq" INTEGER PRIMARY KEY AUTOINCREMENT, "key" TEXT NOT NULL, "at" INTEGER NOT NULL DEFAULT (CAST(strftime('%s', 'now') AS INTEGER)))`,
  ];
  for (const table of tables) {
    const rule = ruleOf(table);
    if (rule === "private") continue;
    for (const [name, operation, rows] of OPERATIONS) {
      statements.push(`CREATE TRIGGER "${TRIGGER_PREFIX}${table}_${name}" AFTER ${operation} ON "${table}" FOR EACH ROW BEGIN ${insertKeys(rule, rows)}; END`);
    }
  }
  return statements;
}

/**
 * The PostgreSQL statements that make the log, its functions and triggers (after dropping the
 * old ones). Each row names the transaction that wrote it. A table that logs "*" does it once
 * per statement rather than per row (even a statement that changed no row: too much, never too
 * little).
 */
export function postgresChangeLogSql(tables: readonly string[]): string[] {
  const statements = [
    `CREATE TABLE IF NOT EXISTS "${CHANGE_LOG_TABLE}" ("seq" BIGSERIAL PRIMARY KEY, "key" TEXT NOT NULL, "xid" XID8 NOT NULL DEFAULT pg_current_xact_id(), "at" BIGINT NOT NULL DEFAULT EXTRACT(EPOCH FROM now())::BIGINT)`,
    `CREATE INDEX IF NOT EXISTS "${CHANGE_LOG_TABLE}_xid" ON "${CHANGE_LOG_TABLE}" ("xid")`,
  ];
  for (const table of tables) {
    const rule = ruleOf(table);
    if (rule === "private") continue;
    const name = `${TRIGGER_PREFIX}${table}`;
    const body =
      rule === "everything"
        ? `${insertKeys(rule, [])};`
        : `IF TG_OP = 'INSERT' THEN ${insertKeys(rule, ["NEW"])}; ELSIF TG_OP = 'DELETE' THEN ${insertKeys(rule, ["OLD"])}; ELSE ${insertKeys(rule, ["OLD", "NEW"])}; END IF;`;
    statements.push(`CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $body$ BEGIN ${body} RETURN NULL; END $body$`);
    statements.push(
      `CREATE TRIGGER "${name}" AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ${rule === "everything" ? "STATEMENT" : "ROW"} EXECUTE FUNCTION "${name}"()`,
    );
  }
  return statements;
}

/** The app's tables in a SQLite database (not SQLite's own, the migrations' or the log). */
function sqliteTables(db: Database.Database): string[] {
  const rows = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_prisma%' ESCAPE '\\'`).all() as Array<{
    name: string;
  }>;
  return rows.map((row) => row.name).filter((name) => name !== CHANGE_LOG_TABLE);
}

/** Makes the log and (anew) its triggers in a migrated PostgreSQL database, in one transaction. */
export async function installPostgresChangeLog(client: pg.ClientBase): Promise<void> {
  await client.query("BEGIN");
  try {
    // Dropping a function drops the trigger that runs it.
    const old = await client.query<{ name: string }>(
      `SELECT proname AS name FROM pg_proc WHERE proname LIKE '${TRIGGER_PREFIX}%' AND pronamespace = current_schema()::regnamespace`,
    );
    for (const { name } of old.rows) await client.query(`DROP FUNCTION "${name}"() CASCADE`);
    const tables = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE '\\_prisma%' AND tablename <> '${CHANGE_LOG_TABLE}'`,
    );
    for (const statement of postgresChangeLogSql(tables.rows.map((row) => row.name))) await client.query(statement);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/** Makes the log and (anew) its triggers in a migrated SQLite database, in one transaction. */
export function installSqliteChangeLog(db: Database.Database): void {
  db.transaction(() => {
    dropSqliteChangeLogTriggers(db);
    for (const statement of sqliteChangeLogSql(sqliteTables(db))) db.exec(statement);
  })();
}

/** Drops the log's triggers (a bulk load of a fresh database writes no log, then installs them again). */
export function dropSqliteChangeLogTriggers(db: Database.Database): void {
  const old = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '${TRIGGER_PREFIX}%'`).all() as Array<{ name: string }>;
  for (const { name } of old) db.exec(`DROP TRIGGER "${name}"`);
}

/** What pruneChangeLog needs of the app's client. */
export type LogClient = {
  $queryRaw<T>(query: Prisma.Sql): Promise<T>;
  $executeRaw(query: Prisma.Sql): Promise<number>;
};

const PRUNE_BATCH = 5000;

/** Deletes the rows older than CHANGE_LOG_HOURS, a batch at a time so writers wait little. */
export async function pruneChangeLog(client: LogClient, now = Date.now()): Promise<number> {
  const table = Prisma.raw(`"${CHANGE_LOG_TABLE}"`);
  const cutoff = Math.floor(now / 1000) - CHANGE_LOG_HOURS * 3600;
  // seq grows with time, so the first row young enough bounds the old ones (the scan reads only
  // the rows it deletes); with none young enough, every row goes.
  const [{ bound }] = await client.$queryRaw<Array<{ bound: number | bigint }>>(
    Prisma.sql`SELECT COALESCE((SELECT "seq" FROM ${table} WHERE "at" >= ${cutoff} ORDER BY "seq" LIMIT 1), (SELECT MAX("seq") + 1 FROM ${table}), 0) AS "bound"`,
  );
  let deleted = 0;
  for (;;) {
    const count = await client.$executeRaw(
      Prisma.sql`DELETE FROM ${table} WHERE "seq" IN (SELECT "seq" FROM ${table} WHERE "seq" < ${Number(bound)} ORDER BY "seq" LIMIT ${PRUNE_BATCH})`,
    );
    deleted += count;
    if (count < PRUNE_BATCH) return deleted;
  }
}

/**
 * Reads the keys of the rows logged after the last read, on a connection of the reader's own:
 * "all" when they cannot be told (no log yet, or rows deleted before they were read).
 */
export function sqliteChangeReader(connection: () => Database.Database): () => readonly string[] | "all" {
  let last: number | null = null;
  let statement: Database.Statement | null = null;
  return () => {
    try {
      const db = connection();
      // The highest number ever given (seq has no gaps: a rolled back write takes its number
      // back), and the rows after the last one read, in one statement: one read of the file.
      // Prepared once for each connection.
      if (statement?.database !== db) {
        statement = db.prepare(
          `SELECT "seq" AS "top", NULL AS "key" FROM "sqlite_sequence" WHERE "name" = '${CHANGE_LOG_TABLE}'
           UNION ALL SELECT NULL, "key" FROM "${CHANGE_LOG_TABLE}" WHERE "seq" > ?`,
        );
      }
      const rows = statement.all(last ?? Number.MAX_SAFE_INTEGER) as Array<{ top: number | null; key: string | null }>;
      const top = rows.find((row) => row.top !== null)?.top ?? 0;
      const keys = rows.flatMap((row) => (row.key === null ? [] : [row.key]));
      const before = last;
      last = top;
      // Fewer rows than numbers given: some were pruned before they were read.
      if (before === null || keys.length !== top - before) return "all";
      return keys;
    } catch {
      last = null;
      return "all";
    }
  };
}

/**
 * Reads the keys of the rows whose transaction is visible in one of two snapshots and not in the
 * other: what changed between them, whichever came first (versions may arrive out of order,
 * each read by another request). "all" when the first is unknown or the read fails.
 */
export function postgresChangeReader(query: (sql: string, values: unknown[]) => Promise<Array<{ key: string }>>) {
  return async (from: string | null, to: string): Promise<readonly string[] | "all"> => {
    if (from === null) return "all";
    try {
      const rows = await query(
        `SELECT DISTINCT "key" FROM "${CHANGE_LOG_TABLE}"
         WHERE "xid" >= LEAST(pg_snapshot_xmin($1::pg_snapshot), pg_snapshot_xmin($2::pg_snapshot))
           AND pg_visible_in_snapshot("xid", $1::pg_snapshot) <> pg_visible_in_snapshot("xid", $2::pg_snapshot)`,
        [from, to],
      );
      return rows.map((row) => row.key);
    } catch {
      return "all";
    }
  };
}
