// Applies and writes SQL migrations with Prisma's own schema engine, compiled to wasm.
// The Prisma CLI's migrate commands download a native engine at run time; this engine
// ships inside the npm package, works offline and keeps the same `_prisma_migrations`
// table, so `prisma migrate deploy` stays compatible with what it writes.
//
// Two providers, one model: `prisma/schema.prisma` and `prisma/migrations` are SQLite's
// (the source of truth); `prisma/postgres/` holds the PostgreSQL schema and migration
// history that scripts/prisma-providers.ts writes from them. The database URL picks which
// set is applied: `file:` is SQLite, `postgres://` or `postgresql://` is PostgreSQL.
import { readFile, readdir, mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import Database from "better-sqlite3";
import pg from "pg";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { sqliteFilePath } from "../app/lib/server/database-url";
import { backfillParts } from "./backfill-parts";
import { installPostgresChangeLog, installSqliteChangeLog } from "../app/cache/change-log.server";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const schemaPath = path.join(root, "prisma", "schema.prisma");
export const migrationsDir = path.join(root, "prisma", "migrations");
export const postgresSchemaPath = path.join(root, "prisma", "postgres", "schema.prisma");
export const postgresMigrationsDir = path.join(root, "prisma", "postgres", "migrations");
export const lockfileName = "migration_lock.toml";
const noFilters = { externalTables: [], externalEnums: [] };

export type Provider = "sqlite" | "postgresql";

/** `postgres://` and `postgresql://` URLs are PostgreSQL; everything else is SQLite. */
export function providerOf(databaseUrl: string): Provider {
  return /^postgres(?:ql)?:\/\//i.test(databaseUrl.trim()) ? "postgresql" : "sqlite";
}

/** Where a provider's schema and migrations live. */
export function layoutOf(provider: Provider): { schemaPath: string; migrationsDir: string } {
  return provider === "postgresql" ? { schemaPath: postgresSchemaPath, migrationsDir: postgresMigrationsDir } : { schemaPath, migrationsDir };
}

type Engine = Awaited<ReturnType<typeof bg.SchemaEngine.new>>;

let wasmReady: Promise<void> | undefined;
function loadWasm() {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmFile = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmFile), {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start: () => void };
    (bg as unknown as { __wbg_set_wasm(e: unknown): void }).__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return wasmReady;
}

// The engine replays migrations on the shadow database as one multi-statement script
// through executeRaw, which better-sqlite3 refuses; such scripts go through executeScript.
type Connection = SqlDriverAdapter;
function scriptTolerant(connection: Connection): Connection {
  const executeRaw = connection.executeRaw.bind(connection);
  connection.executeRaw = async (query) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (query.args.length === 0 && /more than one statement/i.test(String(error))) {
        await connection.executeScript(query.sql);
        return 0;
      }
      throw error;
    }
  };
  return connection;
}

/**
 * A PostgreSQL "connection" that reaches no server: enough for the engine to compare two
 * datamodels (it only asks whether the schema exists and which version runs), so the
 * PostgreSQL migrations can be written on a machine without PostgreSQL.
 */
function offlinePostgres(): Connection {
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    queryRaw: async () => ({
      columnNames: ["exists", "version", "numeric_version"],
      columnTypes: [5, 7, 0],
      rows: [[true, "PostgreSQL 15.0 (offline diff)", 150000]],
    }),
    executeRaw: async () => 0,
    executeScript: async () => {},
    startTransaction: async () => {
      throw new Error("The offline PostgreSQL connection only diffs datamodels");
    },
    getConnectionInfo: () => ({ schemaName: "public", supportsRelationJoins: true }),
    dispose: async () => {},
  } as unknown as Connection;
}

type Target = { kind: "sqlite"; url: string } | { kind: "postgresql"; url: string } | { kind: "postgresql-offline" };

function adapterFactory(target: Target): SqlMigrationAwareDriverAdapterFactory {
  if (target.kind === "postgresql-offline") {
    return {
      provider: "postgres",
      adapterName: "@prisma/adapter-pg",
      connect: async () => offlinePostgres(),
      connectToShadowDb: async () => offlinePostgres(),
    } as unknown as SqlMigrationAwareDriverAdapterFactory;
  }
  if (target.kind === "postgresql") return new PrismaPg({ connectionString: target.url, max: 2 });
  return new PrismaBetterSqlite3({ url: sqliteFilePath(target.url) });
}

/** The engine and a `close` that frees it and closes every connection it opened. */
async function openEngine(target: Target, schema: { path: string; content: string }): Promise<{ engine: Engine; close: () => Promise<void> }> {
  await loadWasm();
  if (target.kind === "sqlite") {
    const file = sqliteFilePath(target.url);
    if (file !== ":memory:") await mkdir(path.dirname(file), { recursive: true });
  }
  const factory = adapterFactory(target);
  // Freeing the engine does not close its connections, and an open one keeps a lock on
  // the file that makes the next process (the seed, the server) time out.
  const opened: Connection[] = [];
  const track = (connection: Connection) => {
    opened.push(connection);
    return scriptTolerant(connection);
  };
  const adapter: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => track(await factory.connect()),
    connectToShadowDb: async () => track(await factory.connectToShadowDb()),
  };
  const engine = await bg.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, () => {}, bindMigrationAwareSqlAdapterFactory(adapter));
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((connection) => connection.dispose()));
    },
  };
}

export type MigrationsList = Awaited<ReturnType<typeof migrationsList>>;

/** The migrations of a folder (all, or the first `count`), as the engine takes them. */
export async function migrationsList(dir: string, provider: Provider, count?: number) {
  const all = existsSync(dir)
    ? (await readdir(dir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const dirs = count === undefined ? all : all.slice(0, count);
  const lockfile = path.join(dir, lockfileName);
  return {
    baseDir: dir,
    lockfile: {
      path: lockfileName,
      content: existsSync(lockfile) ? await readFile(lockfile, "utf8") : `provider = "${provider}"\n`,
    },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      dirs.map(async (name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: await readFile(path.join(dir, name, "migration.sql"), "utf8") },
        },
      })),
    ),
  };
}

// WAL lets readers go on while one writer writes; the mode is stored in the file itself.
async function ensureWriteAheadLog(databaseUrl: string) {
  const file = sqliteFilePath(databaseUrl);
  if (file === ":memory:") return;
  await mkdir(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
  } finally {
    db.close();
  }
}

/**
 * Applies every migration not yet applied to the database the URL names (SQLite's set for
 * a `file:` URL, PostgreSQL's for a `postgres://` one), then the data one-off of
 * backfill-parts.ts and the change log's triggers; returns the names applied now.
 */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const provider = providerOf(databaseUrl);
  if (provider === "sqlite") await ensureWriteAheadLog(databaseUrl);
  const layout = layoutOf(provider);
  if (provider === "postgresql" && !existsSync(layout.schemaPath)) {
    throw new Error("prisma/postgres/schema.prisma is missing: run `npm run db:providers` first");
  }
  const schema = { path: layout.schemaPath, content: await readFile(layout.schemaPath, "utf8") };
  const { engine, close } = await openEngine({ kind: provider, url: databaseUrl }, schema);
  let applied: string[];
  try {
    const list = await migrationsList(layout.migrationsDir, provider);
    const result = await engine.applyMigrations({ migrationsList: list, filters: noFilters });
    applied = result.appliedMigrationNames;
  } finally {
    await close();
  }
  // Data the SQL cannot write: keys of legacy names, and legacy mods linked to parts.
  await backfillParts(databaseUrl);
  await installChangeLog(databaseUrl, provider);
  return applied;
}

/** The change log and its triggers (app/cache/change-log.server.ts), made anew for the tables the migrations left. */
async function installChangeLog(databaseUrl: string, provider: Provider) {
  if (provider === "postgresql") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await installPostgresChangeLog(client);
    } finally {
      await client.end();
    }
    return;
  }
  const file = sqliteFilePath(databaseUrl);
  if (file === ":memory:") return;
  const db = new Database(file);
  try {
    installSqliteChangeLog(db);
  } finally {
    db.close();
  }
}

/** The SQLite SQL that takes the SQLite migrations to prisma/schema.prisma; "" when they match. */
export async function pendingSqliteChanges(databaseUrl = "file::memory:"): Promise<string> {
  const schema = await readFile(schemaPath, "utf8");
  const { engine, close } = await openEngine({ kind: "sqlite", url: databaseUrl }, { path: schemaPath, content: schema });
  try {
    const list = await migrationsList(migrationsDir, "sqlite");
    const result = await engine.diff({
      from: { tag: "migrations", ...list },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    return result.exitCode === 2 ? (result.stdout ?? "") : "";
  } finally {
    await close();
  }
}

/** Writes a new SQLite migration holding the SQL that takes the migrations to the schema; null when nothing changed. */
export async function createMigration(name: string, databaseUrl = "file::memory:"): Promise<string | null> {
  const script = await pendingSqliteChanges(databaseUrl);
  if (!script) return null;
  {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const slug =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_|_$/g, "") || "migration";
    const dir = path.join(migrationsDir, `${stamp}_${slug}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), script);
    if (!existsSync(path.join(migrationsDir, lockfileName))) {
      await writeFile(path.join(migrationsDir, lockfileName), '# Written by scripts/db.ts; names the provider these migrations are for.\nprovider = "sqlite"\n');
    }
    return dir;
  }
}

// ------------------------------------------------------------------ for prisma-providers.ts

/**
 * The datamodel a SQLite database holds after the first `count` SQLite migrations: they
 * are applied to a scratch file and the engine introspects it (as `prisma db pull` does).
 */
export async function sqliteDatamodelAfter(count: number, scratchFile: string): Promise<string> {
  const url = `file:${scratchFile}`;
  const header = 'datasource db {\n  provider = "sqlite"\n}\n';
  const { engine, close } = await openEngine({ kind: "sqlite", url }, { path: schemaPath, content: header });
  try {
    await engine.applyMigrations({ migrationsList: await migrationsList(migrationsDir, "sqlite", count), filters: noFilters });
    const result = await engine.introspect({
      schema: { files: [{ path: schemaPath, content: header }] },
      baseDirectoryPath: path.dirname(schemaPath),
      force: true,
      compositeTypeDepth: -1,
      namespaces: null,
    });
    return result.schema.files.map((file) => file.content).join("\n");
  } finally {
    await close();
  }
}

/** The PostgreSQL SQL that takes datamodel `from` (null: an empty database) to `to`; "" when equal. */
export async function postgresDiff(from: string | null, to: string): Promise<string> {
  const file = (content: string) => ({ path: "schema.prisma", content });
  const { engine, close } = await openEngine({ kind: "postgresql-offline" }, file(to));
  try {
    const result = await engine.diff({
      from: from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: [file(from)] },
      to: { tag: "schemaDatamodel", files: [file(to)] },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    return result.exitCode === 2 ? (result.stdout ?? "") : "";
  } finally {
    await close();
  }
}
