// The database's data version, which tells the visitors' page cache that a kept page is no
// longer good: it changes with every commit of the app's own connection and of any other,
// and reading alone leaves it as it was. PostgreSQL has none.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { sqliteFilePath } from "~/lib/database-url";
import { dataVersionReader } from "~/lib/db/data-version.server";
import { onPostgres } from "../support/database";

describe.skipIf(onPostgres)("the data version (SQLite)", () => {
  it("changes with a commit of the app, and of another connection; reads leave it alone", async () => {
    const url = process.env.DATABASE_URL!;
    const version = dataVersionReader(url)!;
    expect(version).not.toBeNull();
    const before = version();
    await prisma.user.count();
    expect(version()).toBe(before);

    await prisma.manufacturer.create({ data: { name: "Garrett", key: "garrett" } });
    const afterApp = version();
    expect(afterApp).not.toBe(before);

    const other = new Database(sqliteFilePath(url));
    other.prepare(`UPDATE "manufacturers" SET "name" = 'Garrett Motion' WHERE "key" = 'garrett'`).run();
    other.close();
    expect(version()).not.toBe(afterApp);
  });
});

describe("where there is no data version", () => {
  it("is null for PostgreSQL and an in-memory database", () => {
    expect(dataVersionReader("postgresql://cars@127.0.0.1/cars")).toBeNull();
    expect(dataVersionReader("file::memory:")).toBeNull();
  });
});
