// PostgreSQL plans a statement it has prepared once per connection: each SQL text the app
// sends gets a name (up to DATABASE_PREPARED_STATEMENTS of them), and a page read twice on one
// connection finds its statements prepared there.
import { describe, expect, it } from "vitest";
import { prisma, statementNames } from "~/db.server";
import { getFeedPage } from "~/models/feed.server";
import { onPostgres } from "../support/database";

describe("names of prepared statements", () => {
  it("give each SQL text one name for good, and none past the limit", () => {
    const name = statementNames(2)!;
    expect(name({ sql: "SELECT 1" })).toBe("app_1");
    expect(name({ sql: "SELECT 2" })).toBe("app_2");
    expect(name({ sql: "SELECT 1" })).toBe("app_1");
    // A third text runs unprepared; the first two keep their names.
    expect(name({ sql: "SELECT 3" })).toBeUndefined();
    expect(name({ sql: "SELECT 3" })).toBeUndefined();
    expect(name({ sql: "SELECT 2" })).toBe("app_2");
  });

  it("are not given when the setting is 0", () => {
    expect(statementNames(0)).toBeUndefined();
  });

  it.runIf(onPostgres)("leave a page's statements prepared on the connection that ran them", async () => {
    const prepared = await prisma.$transaction(async (tx) => {
      // One connection: a transaction holds it.
      const before = await tx.$queryRawUnsafe<Array<{ name: string }>>(`SELECT name FROM pg_prepared_statements`);
      const client = tx as unknown as typeof prisma;
      await client.user.findFirst({ where: { id: 1 }, select: { id: true } });
      await client.user.findFirst({ where: { id: 2 }, select: { id: true } });
      const after = await tx.$queryRawUnsafe<Array<{ name: string; statement: string }>>(`SELECT name, statement FROM pg_prepared_statements`);
      return { before: before.map((row) => row.name), after };
    });
    const added = prepared.after.filter((row) => !prepared.before.includes(row.name));
    expect(added.some((row) => /^app_\d+$/.test(row.name) && /FROM "public"\."users"/.test(row.statement))).toBe(true);
    // The feed reads the same with its statements prepared.
    const first = await getFeedPage({ limit: 5 });
    expect((await getFeedPage({ limit: 5 })).posts.map((post) => post.id)).toEqual(first.posts.map((post) => post.id));
  });
});
