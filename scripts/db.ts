// Database chores: `migrate` applies pending migrations, `diff <name>` writes a new
// migration from schema changes, `reset` empties the database and migrates afresh.
// DATABASE_URL picks the database: a `file:` URL is SQLite (prisma/migrations), a
// `postgres://` or `postgresql://` URL is PostgreSQL (prisma/postgres/migrations, written
// from the SQLite ones by `npm run db:providers`).
import { rm } from "node:fs/promises";
import pg from "pg";
import { applyMigrations, createMigration, providerOf } from "./migrator";
import { databaseUrl, sqliteFilePath } from "../app/lib/server/database-url";

const [command, ...args] = process.argv.slice(2);
const url = databaseUrl();
const provider = providerOf(url);

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
      if (dir) console.log("Now run `npm run db:providers` to write its PostgreSQL twin.");
      break;
    }
    case "reset": {
      if (provider === "postgresql") {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query('DROP SCHEMA IF EXISTS "public" CASCADE; CREATE SCHEMA "public"');
        } finally {
          await client.end();
        }
        const applied = await applyMigrations(url);
        console.log(`Reset the PostgreSQL database; applied ${applied.length} migration(s).`);
        break;
      }
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
