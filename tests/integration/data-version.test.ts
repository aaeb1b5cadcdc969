// The database's data version, which tells the visitors' page cache that a kept page is no
// longer good: it changes with every commit of the app's own connection and of any other,
// and reading alone leaves it as it was: SQLite's data_version, PostgreSQL's snapshot.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { changeSource } from "~/cache/data-version.server";
import { onPostgres } from "../support/database";
import { commitElsewhere } from "../support/other-connection";

describe("the data version", () => {
  it("changes with a commit of the app, and of another connection; reads leave it alone", async () => {
    const url = process.env.DATABASE_URL!;
    const version = changeSource(url)!.version;
    expect(version).not.toBeNull();
    const before = await version();
    await prisma.user.count();
    // PostgreSQL's snapshot is the whole server's: another test file's commits move it too.
    if (!onPostgres) expect(await version()).toBe(before);

    await prisma.manufacturer.create({ data: { name: "Garrett", key: "garrett" } });
    const afterApp = await version();
    expect(afterApp).not.toBe(before);

    await commitElsewhere(`UPDATE "manufacturers" SET "name" = 'Garrett Motion' WHERE "key" = 'garrett'`);
    expect(await version()).not.toBe(afterApp);
  });

  it("answers the requests of one moment with one read, taken after every commit before them", async () => {
    const version = changeSource(process.env.DATABASE_URL!)!.version;
    const before = await version();
    await prisma.manufacturer.create({ data: { name: "Tial", key: "tial" } });
    const [first, second] = await Promise.all([version(), version()]);
    expect(first).not.toBe(before);
    expect(second).toBe(first);
  });
});

describe("where there is no data version", () => {
  it("is null for an in-memory database", () => {
    expect(changeSource("file::memory:")).toBeNull();
  });
});
