// A PostgreSQL backup made by `npm run db:backup` while the app writes, and its restore into an
// empty database by `npm run db:restore`: every row comes back.
// Runs under `npm run test:pg` only (TEST_PG_URL).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { makePost, makeUser } from "../support/accounts";

const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const dir = mkdtempSync(path.join(os.tmpdir(), "pg-backup-"));

function npmScript(args: string[], databaseUrl: string) {
  return spawnSync(tsx, [path.join(root, "scripts", "db-backup.ts"), ...args], { cwd: root, encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl } });
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const restoredName = `restored_${process.pid}_${Date.now()}`;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await onServer(process.env.TEST_PG_URL!, (client) => client.query(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`));
});

describe.skipIf(!process.env.TEST_PG_URL)("backing up and restoring PostgreSQL", () => {
  it("dumps the database while it is written, and restores every row into an empty one", async () => {
    const owner = await makeUser("backup_owner");
    const post = await makePost(owner.id, "Fresh clutch, 1,200 km of break-in to go");
    // Writes go on while the dump runs: it is one consistent snapshot either way.
    const writing = (async () => {
      for (let i = 0; i < 20; i++) await makePost(owner.id, `during the dump ${i}`);
    })();
    const dump = path.join(dir, "app.dump");
    const backup = npmScript([dump], process.env.DATABASE_URL!);
    await writing;
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/Backed up .* → .*app\.dump \(\d+ entries, .*read back ok\)/);

    await onServer(process.env.TEST_PG_URL!, (client) => client.query(`CREATE DATABASE "${restoredName}"`));
    const restoredUrl = new URL(process.env.TEST_PG_URL!);
    restoredUrl.pathname = `/${restoredName}`;
    const restore = npmScript(["--restore", dump], restoredUrl.toString());
    expect(restore.status, restore.stderr).toBe(0);

    const counts = async (url: string) =>
      onServer(url, async (client) => {
        const users = await client.query(`SELECT count(*)::int AS n FROM "users"`);
        const story = await client.query(`SELECT "story" FROM "posts" WHERE "id" = $1`, [post.id]);
        const migrations = await client.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
        return { users: users.rows[0].n as number, story: story.rows[0]?.story as string, migrations: migrations.rows[0].n as number };
      });
    const restored = await counts(restoredUrl.toString());
    expect(restored.story).toBe("Fresh clutch, 1,200 km of break-in to go");
    expect(restored.users).toBe(await prisma.user.count());
    expect(restored.migrations).toBeGreaterThan(0);
    const posts = await onServer(restoredUrl.toString(), (client) => client.query(`SELECT count(*)::int AS n FROM "posts"`));
    // The dump holds the posts committed before it began, and none half-written.
    expect(posts.rows[0].n).toBeGreaterThanOrEqual(1);
    expect(posts.rows[0].n).toBeLessThanOrEqual(await prisma.post.count());
  }, 60_000);

  it("says what is wrong with a dump it cannot read, and changes nothing", async () => {
    const restore = npmScript(["--restore", path.join(dir, "missing.dump")], process.env.DATABASE_URL!);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain("pg_restore failed");
    expect(await prisma.user.count()).toBeGreaterThan(0);
  });
});
