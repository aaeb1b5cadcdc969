// Vitest's global setup: migrates one SQLite database before any test file runs. Each file
// then starts from a copy of it (tests/support/database.ts), instead of loading the schema
// engine and replaying every migration again. PostgreSQL runs (TEST_PG_URL) copy a template
// database of their own on the server.
import { rmSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../scripts/migrator";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated SQLite file to copy; "" on PostgreSQL runs. */
    sqliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_PG_URL) {
    project.provide("sqliteTemplate", "");
    return;
  }
  const file = path.resolve(__dirname, "../.tmp", `template-${randomUUID()}.db`);
  await applyMigrations(`file:${file}`);
  // Everything in the main file, so a plain copy is the whole database.
  const db = new Database(file);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  project.provide("sqliteTemplate", file);
  return () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  };
}
