// Database chores: `migrate` applies pending migrations, `diff <name>` writes a new
// migration from schema changes, `reset` deletes the SQLite file and migrates afresh.
import { rm } from "node:fs/promises";
import { applyMigrations, createMigration } from "./migrator";
import { databaseUrl, sqliteFilePath } from "../app/lib/database-url";

const [command, ...args] = process.argv.slice(2);
const url = databaseUrl();

async function main() {
  switch (command) {
    case "migrate": {
      const applied = await applyMigrations(url);
      console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
      break;
    }
    case "diff": {
      const name = args.join("_");
      if (!name) throw new Error("Usage: npm run db:migration -- <name>");
      const dir = await createMigration(name);
      console.log(dir ? `Wrote ${dir}/migration.sql` : "The schema matches the migrations: nothing to write.");
      break;
    }
    case "reset": {
      const file = sqliteFilePath(url);
      for (const suffix of ["", "-wal", "-shm", "-journal"]) await rm(file + suffix, { force: true });
      const applied = await applyMigrations(url);
      console.log(`Reset ${file}; applied ${applied.length} migration(s).`);
      break;
    }
    default:
      throw new Error("Usage: tsx scripts/db.ts migrate | diff <name> | reset");
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
