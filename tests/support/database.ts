// Runs before each test file: gives the file its own freshly migrated database, so models
// are tested against the schema the app runs on.
// - Default: a new SQLite file under tests/.tmp, a copy of the one database that
//   tests/support/database-template.ts migrated with prisma/migrations before the run.
// - With TEST_PG_URL (set by `npm run test:pg`: a PostgreSQL server URL): a new database
//   on that server, migrated with prisma/postgres/migrations, dropped afterwards.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, inject } from "vitest";
import pg from "pg";

const dir = path.resolve(__dirname, "../.tmp");
mkdirSync(dir, { recursive: true });
process.env.SESSION_SECRET ??= "test-session-secret";
process.env.MEDIA_DIR ??= path.join(dir, `media-${randomUUID()}`);
// Sign-ups mail a verification link: keep each file's mail in a folder of its own.
process.env.MAIL_OUTBOX_DIR ??= path.join(dir, `outbox-${randomUUID()}`);
afterAll(() => rmSync(process.env.MAIL_OUTBOX_DIR!, { recursive: true, force: true }));
process.env.UPLOAD_TMP_DIR ??= path.join(dir, `incoming-${randomUUID()}`);
process.env.CACHE_DIR ??= path.join(dir, `cache-${randomUUID()}`);

const serverUrl = process.env.TEST_PG_URL;

/** Whether this run is against PostgreSQL (for tests that only make sense on SQLite). */
export const onPostgres = Boolean(serverUrl);

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

if (serverUrl) {
  const name = `test_${randomUUID().replace(/-/g, "")}`;
  // TEST_PG_TEMPLATE (set by scripts/test-pg.ts) names a database it migrated once: a copy
  // of it is a freshly migrated database without starting the schema engine per file.
  const template = process.env.TEST_PG_TEMPLATE;
  await onServer((client) => client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  if (!template) await (await import("../../scripts/migrator")).applyMigrations(process.env.DATABASE_URL);

  afterAll(async () => {
    const { prisma } = await import("~/db.server");
    await prisma.$disconnect();
    const { stopLiveTransport } = await import("~/lib/server/live-hub.server");
    await stopLiveTransport();
    // FORCE ends any connection a test left open (PostgreSQL 13 and later).
    await onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    rmSync(process.env.MEDIA_DIR!, { recursive: true, force: true });
    rmSync(process.env.UPLOAD_TMP_DIR!, { recursive: true, force: true });
    rmSync(process.env.CACHE_DIR!, { recursive: true, force: true });
  });
} else {
  const file = path.join(dir, `test-${randomUUID()}.db`);
  process.env.DATABASE_URL = `file:${file}`;
  copyFileSync(inject("sqliteTemplate"), file);

  afterAll(async () => {
    const { prisma } = await import("~/db.server");
    await prisma.$disconnect();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    rmSync(process.env.MEDIA_DIR!, { recursive: true, force: true });
    rmSync(process.env.UPLOAD_TMP_DIR!, { recursive: true, force: true });
    rmSync(process.env.CACHE_DIR!, { recursive: true, force: true });
  });
}
