// A write committed by a connection that is not the app's own (a script, another instance), on
// this test file's database, SQLite or PostgreSQL.
import Database from "better-sqlite3";
import pg from "pg";
import { sqliteFilePath } from "~/lib/server/database-url";
import { onPostgres } from "./database";

/** Runs `sql` (one statement, no parameters) on a connection of its own, and closes it. */
export async function commitElsewhere(sql: string): Promise<void> {
  const url = process.env.DATABASE_URL!;
  if (onPostgres) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const connection = new Database(sqliteFilePath(url));
  try {
    connection.exec(sql);
  } finally {
    connection.close();
  }
}
