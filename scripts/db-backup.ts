// `npm run db:backup [-- out]`: an online backup of the database (DATABASE_URL) while the
// server keeps running and writing.
// - SQLite (default data/app.db): SQLite's backup API copies pages in steps and restarts the
//   copy when a writer changes a page it already copied, so the result is one consistent
//   snapshot; it is then checked (integrity_check). Default output:
//   data/backups/app-<UTC timestamp>.db.
// - PostgreSQL: pg_dump in its custom format (one consistent snapshot, compressed), then read
//   back whole by pg_restore --list to check it. Default output:
//   data/backups/<database>-<UTC timestamp>.dump. `npm run db:restore -- file.dump` loads it.
// Restoring either: docs/operations.md.
import { spawnSync } from "node:child_process";
import { mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databaseUrl, sqliteFilePath } from "../app/lib/server/database-url";

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

/** Runs a PostgreSQL client program; throws with what it said when it fails or is missing. */
function runPostgresTool(program: string, args: string[]): string {
  const result = spawnSync(program, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${program} could not run (${result.error.message}): install PostgreSQL's client programs (apt-get install postgresql-client).`);
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr.trim() || `exit ${result.status}`}`);
  return result.stdout;
}

/** The URL as libpq reads it: Prisma's own parameters (schema=, connection_limit=, …) left out. */
function libpqUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()])
    if (!["sslmode", "sslrootcert", "sslcert", "sslkey", "application_name", "options"].includes(name)) parsed.searchParams.delete(name);
  return parsed.toString();
}

/** A consistent dump of the PostgreSQL database at `url` into `target` (custom format), checked by reading it back. */
export function backupPostgres(url: string, target: string): { bytes: number; entries: number } {
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    runPostgresTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${libpqUrl(url)}`]);
    const entries = runPostgresTool("pg_restore", ["--list", partial])
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith(";")).length;
    renameSync(partial, target);
    return { bytes: statSync(target).size, entries };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Loads a dump made by backupPostgres into the database at `url`, in place of what it holds (one transaction). */
export function restorePostgres(url: string, dump: string): void {
  runPostgresTool("pg_restore", [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    "--exit-on-error",
    `--dbname=${libpqUrl(url)}`,
    dump,
  ]);
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "Z");
}

async function main() {
  const url = databaseUrl();
  const started = Date.now();
  if (process.argv.includes("--restore")) {
    const dump = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
    if (!dump || url.startsWith("file:")) {
      console.error("db:restore loads a PostgreSQL dump: npm run db:restore -- file.dump (a SQLite backup is restored by copying the file: see docs/operations.md).");
      process.exit(2);
    }
    restorePostgres(url, path.resolve(dump));
    console.log(`Restored ${dump} (${Date.now() - started} ms)`);
    return;
  }
  if (!url.startsWith("file:")) {
    const name = new URL(url).pathname.replace(/^\//, "") || "postgres";
    const target = path.resolve(process.argv[2] ?? path.join("data", "backups", `${name}-${stamp()}.dump`));
    const { bytes, entries } = backupPostgres(url, target);
    console.log(`Backed up ${name} → ${target} (${entries} entries, ${(bytes / 1e6).toFixed(1)} MB, ${Date.now() - started} ms; read back ok)`);
    return;
  }
  const source = sqliteFilePath(url);
  const target = path.resolve(process.argv[2] ?? path.join(path.dirname(source), "backups", `${path.basename(source, ".db")}-${stamp()}.db`));
  const { pages, bytes } = await backupDatabase(source, target);
  console.log(`Backed up ${source} → ${target} (${pages} pages, ${(bytes / 1e6).toFixed(1)} MB, ${Date.now() - started} ms; integrity ok)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
