// The PostgreSQL schema and migrations are written from prisma/schema.prisma and the SQLite
// migrations by scripts/prisma-providers.ts; this fails when the committed files are stale
// (fix: `npm run db:providers`). Needs no PostgreSQL server.
import { describe, expect, it } from "vitest";
import { alignIntrospected, dataSectionOf, outOfDate, postgresSchemaText, renderPostgresFiles } from "../../scripts/prisma-providers";

describe("PostgreSQL files written from the SQLite model", () => {
  it("match what scripts/prisma-providers.ts writes today", async () => {
    const problems = await outOfDate(await renderPostgresFiles());
    expect(problems, "run `npm run db:providers`").toEqual([]);
  }, 120_000);

  it("swap the provider and the client's folder, nothing else", () => {
    const sqlite =
      'generator client {\n  provider = "prisma-client"\n  output   = "../app/generated/prisma"\n}\n\ndatasource db {\n  provider = "sqlite"\n}\n\nmodel A {\n  id Int @id\n}\n';
    const postgres = postgresSchemaText(sqlite);
    expect(postgres).toContain('output   = "../../app/generated/prisma-pg"');
    expect(postgres).toContain('provider = "postgresql"');
    expect(postgres).toContain('provider = "prisma-client"');
    expect(postgres.endsWith("model A {\n  id Int @id\n}\n")).toBe(true);
  });

  it("keeps a plain integer id plain where SQLite introspection reads autoincrement", () => {
    const real = 'model Profile {\n  id Int @id\n  @@map("profiles")\n}\nmodel User {\n  id Int @id @default(autoincrement())\n  @@map("users")\n}\n';
    const introspected = "model profiles {\n  id Int @id @default(autoincrement())\n}\n\nmodel users {\n  id Int @id @default(autoincrement())\n}\n";
    expect(alignIntrospected(introspected, real)).toBe("model profiles {\n  id Int @id\n}\n\nmodel users {\n  id Int @id @default(autoincrement())\n}\n");
  });

  it("copies a migration's data section, from its marker line on, and nothing of a migration without one", () => {
    const sql = 'CREATE TABLE "a" ("id" INTEGER);\n\n-- Data (portable SQL: copied)\nINSERT INTO "a" SELECT 1;\n';
    expect(dataSectionOf(sql)).toBe('-- Data (portable SQL: copied)\nINSERT INTO "a" SELECT 1;\n');
    expect(dataSectionOf('CREATE TABLE "a" ("id" INTEGER);\n-- Data is a word here\n')).toBe("");
  });
});
