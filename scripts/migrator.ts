// Applies and writes SQL migrations with Prisma's own schema engine, compiled to wasm.
// The Prisma CLI's migrate commands download a native engine at run time; this engine
// ships inside the npm package, works offline and keeps the same `_prisma_migrations`
// table, so `prisma migrate deploy` stays compatible with what it writes.
import { readFile, readdir, mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import Database from "better-sqlite3";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { sqliteFilePath } from "../app/lib/database-url";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const schemaPath = path.join(root, "prisma", "schema.prisma");
export const migrationsDir = path.join(root, "prisma", "migrations");
const lockfileName = "migration_lock.toml";
const noFilters = { externalTables: [], externalEnums: [] };

type Engine = Awaited<ReturnType<typeof bg.SchemaEngine.new>>;

let wasmReady: Promise<void> | undefined;
function loadWasm() {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmFile = path.join(
      path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
      "schema_engine_bg.wasm",
    );
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
type Connection = Awaited<ReturnType<PrismaBetterSqlite3["connect"]>>;
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

/** The engine and a `close` that frees it and closes every connection it opened. */
async function openEngine(databaseUrl: string): Promise<{ engine: Engine; close: () => Promise<void> }> {
  await loadWasm();
  const file = sqliteFilePath(databaseUrl);
  if (file !== ":memory:") await mkdir(path.dirname(file), { recursive: true });
  const factory = new PrismaBetterSqlite3({ url: file });
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
  const schema = await readFile(schemaPath, "utf8");
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(adapter),
  );
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((connection) => connection.dispose()));
    },
  };
}

async function migrationsList() {
  const dirs = existsSync(migrationsDir)
    ? (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockfile = path.join(migrationsDir, lockfileName);
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: lockfileName,
      content: existsSync(lockfile) ? await readFile(lockfile, "utf8") : 'provider = "sqlite"\n',
    },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      dirs.map(async (dir) => ({
        path: dir,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: await readFile(path.join(migrationsDir, dir, "migration.sql"), "utf8") },
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

/** Applies every migration not yet applied; returns the names applied now. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  await ensureWriteAheadLog(databaseUrl);
  const { engine, close } = await openEngine(databaseUrl);
  try {
    const result = await engine.applyMigrations({ migrationsList: await migrationsList(), filters: noFilters });
    return result.appliedMigrationNames;
  } finally {
    await close();
  }
}

/** Writes a new migration holding the SQL that takes the migrations to the schema; null when nothing changed. */
export async function createMigration(name: string, databaseUrl = "file::memory:"): Promise<string | null> {
  const { engine, close } = await openEngine(databaseUrl);
  try {
    const schema = await readFile(schemaPath, "utf8");
    const list = await migrationsList();
    const result = await engine.diff({
      from: { tag: "migrations", ...list },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    if (result.exitCode !== 2) return null;
    const script = result.stdout ?? "";
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "") || "migration";
    const dir = path.join(migrationsDir, `${stamp}_${slug}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), script);
    if (!existsSync(path.join(migrationsDir, lockfileName))) {
      await writeFile(
        path.join(migrationsDir, lockfileName),
        '# Written by scripts/db.ts; names the provider these migrations are for.\nprovider = "sqlite"\n',
      );
    }
    return dir;
  } finally {
    await close();
  }
}
