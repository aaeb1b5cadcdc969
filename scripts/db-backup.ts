// `npm run db:backup [-- out.db]`: an online backup of the SQLite database (DATABASE_URL,
// default data/app.db) while the server keeps running and writing. SQLite's backup API
// copies pages in steps and restarts the copy when a writer changes a page it already
// copied, so the result is one consistent snapshot; it is then checked (integrity_check).
// Default output: data/backups/app-<UTC timestamp>.db. Restore: docs/operations.md.
import { mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databaseUrl, sqliteFilePath } from "../app/lib/database-url";

export async function backupDatabase(source: string, target: string): Promise<{ pages: number; bytes: number }> {
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(source, { fileMustExist: true });
  try {
    // The server's writes wait only for each small step, not for the whole copy.
    let pages = 0;
    await db.backup(partial, {
      progress({ totalPages }) {
        pages = totalPages;
        return 256;
      },
    });
    const copy = new Database(partial);
    try {
      const result = (copy.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check).join("; ");
      if (result !== "ok") throw new Error(`The backup failed its integrity check: ${result}`);
      // A self-contained file: rollback journal mode, so no -wal file has to travel with it.
      copy.pragma("journal_mode = DELETE");
    } finally {
      copy.close();
    }
    renameSync(partial, target);
    return { pages, bytes: statSync(target).size };
  } finally {
    db.close();
    rmSync(partial, { force: true });
  }
}

async function main() {
  const url = databaseUrl();
  if (!url.startsWith("file:")) {
    console.error("db:backup copies SQLite databases; for PostgreSQL use pg_dump (see docs/operations.md).");
    process.exit(2);
  }
  const source = sqliteFilePath(url);
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "Z");
  const target = path.resolve(process.argv[2] ?? path.join(path.dirname(source), "backups", `${path.basename(source, ".db")}-${stamp}.db`));
  const started = Date.now();
  const { pages, bytes } = await backupDatabase(source, target);
  console.log(`Backed up ${source} → ${target} (${pages} pages, ${(bytes / 1e6).toFixed(1)} MB, ${Date.now() - started} ms; integrity ok)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
