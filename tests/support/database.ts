// Runs before each test file: points DATABASE_URL at a new SQLite file and applies the
// real migrations to it, so models are tested against the schema the app runs on.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll } from "vitest";
import { applyMigrations } from "../../scripts/migrator";

const dir = path.resolve(__dirname, "../.tmp");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `test-${randomUUID()}.db`);
process.env.DATABASE_URL = `file:${file}`;
process.env.SESSION_SECRET ??= "test-session-secret";
process.env.MEDIA_DIR ??= path.join(dir, `media-${randomUUID()}`);

await applyMigrations(process.env.DATABASE_URL);

afterAll(async () => {
  const { prisma } = await import("~/db.server");
  await prisma.$disconnect();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  rmSync(process.env.MEDIA_DIR!, { recursive: true, force: true });
});
