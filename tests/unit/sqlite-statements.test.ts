// The SQLite connection's statements: prepared once per text, with LIMIT and OFFSET values
// written in and LIKE patterns read through an expression, so SQLite never plans a statement
// again because a value was bound to it.
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { literalSql, planSql, prepareOnce } from "~/lib/db/sqlite-statements";

describe("planSql", () => {
  it("cuts a text at its LIMIT and OFFSET parameters, counting every parameter before them", () => {
    const plan = planSql('SELECT "id" FROM "posts" WHERE "createdById" = ? ORDER BY "id" DESC LIMIT ? OFFSET ?');
    expect(plan.limits).toEqual([1, 2]);
    expect(literalSql(plan, [10, 20])).toBe('SELECT "id" FROM "posts" WHERE "createdById" = ? ORDER BY "id" DESC LIMIT 10 OFFSET 20');
  });

  it("finds a LIMIT inside a subquery, in any case, after a parenthesis", () => {
    const plan = planSql("WITH page AS (SELECT id FROM posts limit (?)) SELECT * FROM page WHERE id > ?");
    expect(plan.limits).toEqual([0]);
    expect(literalSql(plan, [6])).toBe("WITH page AS (SELECT id FROM posts limit (6)) SELECT * FROM page WHERE id > ?");
  });

  it("reads a LIKE pattern through an expression", () => {
    const plan = planSql(`SELECT id FROM users WHERE username LIKE ? ESCAPE '\\' OR nickname NOT LIKE ? LIMIT ?`);
    expect(plan.limits).toEqual([2]);
    expect(literalSql(plan, [5])).toBe(`SELECT id FROM users WHERE username LIKE (? || '') ESCAPE '\\' OR nickname NOT LIKE (? || '') LIMIT 5`);
  });

  it("leaves what is quoted or commented alone", () => {
    const sql = `SELECT 'LIMIT ?' AS "LIMIT ?", \`x?\` FROM t -- LIMIT ?\n/* OFFSET ? */ WHERE a = ?`;
    expect(planSql(sql)).toEqual({ pieces: [sql], limits: [] });
  });

  it("leaves a text with numbered or named parameters as it is", () => {
    for (const sql of ["SELECT * FROM t LIMIT ?1", "SELECT * FROM t LIMIT :n", "SELECT * FROM t WHERE a LIKE @p LIMIT ?"]) {
      expect(planSql(sql)).toEqual({ pieces: [sql], limits: [] });
    }
  });
});

describe("prepareOnce", () => {
  let db: Database.Database;
  let prepared: string[];

  beforeEach(() => {
    db = new Database(":memory:");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    const insert = db.prepare("INSERT INTO t (name) VALUES (?)");
    for (const name of ["alpha", "beta", "gamma", "delta", "epsilon"]) insert.run(name);
    const prepare = db.prepare.bind(db);
    prepared = [];
    db.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    prepareOnce(db, 100);
  });

  const rows = (sql: string, args: unknown[]) => (db.prepare(sql) as unknown as { bind(args: unknown[]): { raw(): { all(): unknown[][] } } }).bind(args).raw().all();

  it("answers what the text with its parameters bound answers, and SQLite never sees a bound LIMIT", () => {
    const sql = "SELECT id, name FROM t WHERE id > ? ORDER BY id LIMIT ? OFFSET ?";
    expect(rows(sql, [1, 2, 1])).toEqual([
      [3, "gamma"],
      [4, "delta"],
    ]);
    expect(rows(sql, [0, 1, 0])).toEqual([[1, "alpha"]]);
    expect(rows(sql, [1, 2, 1])).toEqual([
      [3, "gamma"],
      [4, "delta"],
    ]);
    const run = prepared.filter((text) => text !== sql);
    expect(run).toEqual(["SELECT id, name FROM t WHERE id > ? ORDER BY id LIMIT 2 OFFSET 1", "SELECT id, name FROM t WHERE id > ? ORDER BY id LIMIT 1 OFFSET 0"]);
  });

  it("keeps a LIMIT bound when its value is not an integer", () => {
    expect(rows("SELECT id FROM t ORDER BY id LIMIT ?", ["2"])).toEqual([[1], [2]]);
    expect(prepared).toEqual(["SELECT id FROM t ORDER BY id LIMIT ?"]);
  });

  it("matches LIKE patterns as before", () => {
    expect(rows("SELECT name FROM t WHERE name LIKE ? ESCAPE '\\' ORDER BY id", ["%l%"])).toEqual([["alpha"], ["delta"], ["epsilon"]]);
    expect(rows("SELECT name FROM t WHERE name LIKE ? ORDER BY id", [null])).toEqual([]);
    expect(prepared.every((text) => !/LIKE \?/.test(text))).toBe(true);
  });

  it("names the columns of the text it runs, the same on every run", () => {
    type Columns = Array<{ name: string; type: string | null }>;
    const statement = (args: unknown[]) =>
      (db.prepare("SELECT id, name AS label FROM t LIMIT ?") as unknown as { bind(args: unknown[]): { columns(): Columns } }).bind(args);
    const first = statement([1]).columns();
    expect(first.map((column) => [column.name, column.type])).toEqual([
      ["id", "INTEGER"],
      ["label", "TEXT"],
    ]);
    expect(statement([1]).columns()).toBe(first);
    expect(
      statement([2])
        .columns()
        .map((column) => column.name),
    ).toEqual(["id", "label"]);
  });

  it("prepares a text once, however often it runs", () => {
    for (let run = 0; run < 5; run++) rows("SELECT name FROM t WHERE id = ?", [run + 1]);
    expect(prepared).toEqual(["SELECT name FROM t WHERE id = ?"]);
  });
});
