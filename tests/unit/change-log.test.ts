// The change log's rules (app/cache/change-log.server.ts) follow the schema: every table of
// prisma/schema.prisma says what a write to it logs, and no rule names a table that is gone, so
// a new table can never be written without ending the kept answers that show it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGE_RULES, sqliteChangeLogSql } from "~/cache/change-log.server";

/** The tables of the schema: each model's @@map name, else the model's own. */
function schemaTables(): string[] {
  const schema = readFileSync(path.resolve(__dirname, "../../prisma/schema.prisma"), "utf8");
  return [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map(([, model, body]) => /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? model);
}

describe("the change log's rules", () => {
  it("name every table of the schema, and no other", () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(40);
    expect(tables).toContain("post_likes");
    expect(Object.keys(CHANGE_RULES).sort()).toEqual([...tables].sort());
  });

  it("make the log and a trigger for each write to a table that is not private", () => {
    const statements = sqliteChangeLogSql(["post_likes", "sessions", "posts"]);
    const triggers = statements.flatMap((sql) => /^CREATE TRIGGER "([^"]+)"/.exec(sql)?.[1] ?? []);
    expect(triggers.sort()).toEqual([
      "data_changes_post_likes_delete",
      "data_changes_post_likes_insert",
      "data_changes_post_likes_update",
      "data_changes_posts_delete",
      "data_changes_posts_insert",
      "data_changes_posts_update",
    ]);
  });

  it("log '*' for every table a post's content in the feed is read from, which is kept until such a write", () => {
    for (const table of ["posts", "users", "photos", "post_cars", "cars"]) expect([table, CHANGE_RULES[table]]).toEqual([table, "everything"]);
  });

  it("refuse a table they do not know", () => {
    expect(() => sqliteChangeLogSql(["post_likes", "garage_doors"])).toThrow(/garage_doors/);
  });
});
