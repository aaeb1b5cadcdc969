// `npm run test:pg`: the integration tests against a throwaway PostgreSQL server.
//
// Starts PostgreSQL from Debian's packages with scripts/lib/postgres.ts (a new temporary data
// directory, 127.0.0.1 on a free port, durability off). Then it checks that the
// PostgreSQL files match prisma/schema.prisma, runs tests/integration and tests/pg with
// TEST_PG_URL set (tests/support/database.ts gives each test file its own new database on
// that server), and finally stops the server and deletes the directory, whatever happened.
//
//   npm run test:pg                         everything
//   npm run test:pg -- tests/pg/two-instances.test.ts   vitest filters pass through
//
// Environment: PG_BIN (a bin directory to use instead of the newest Debian one),
// TEST_PG_PORT (a fixed port instead of a free one).
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { applyMigrations } from "./migrator";
import { POSTGRES_INSTALL_HINT, findPostgresBinDir, startPostgres, withPostgres, type PostgresServer } from "./lib/postgres";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

async function main(): Promise<number> {
  if (!findPostgresBinDir()) {
    console.error(POSTGRES_INSTALL_HINT);
    return 1;
  }

  let server: PostgresServer | undefined;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping PostgreSQL…`);
      void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  }

  try {
    server = await startPostgres({ port: Number(process.env.TEST_PG_PORT) || undefined });
    const { url, port } = server;
    console.log(`PostgreSQL ${server.version} on 127.0.0.1:${port} (data in ${server.dataDir})`);

    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const check = spawnSync(tsx, [path.join(root, "scripts", "prisma-providers.ts"), "--check"], { stdio: "inherit", cwd: root });
    if (check.status !== 0) return check.status ?? 1;

    // One migrated database that every test file's database is copied from (CREATE
    // DATABASE ... TEMPLATE): the migrations run once instead of once per file.
    const template = "carsocial_template";
    await withPostgres(url, (admin) => admin.query(`CREATE DATABASE "${template}"`));
    const applied = await applyMigrations(server.urlOf(template));
    console.log(`Template database ${template}: ${applied.join(", ")}`);

    const vitest = path.join(root, "node_modules", ".bin", "vitest");
    const filters = process.argv.slice(2);
    const tests = spawn(vitest, ["run", "--config", path.join(root, "tests", "pg", "vitest.config.ts"), ...filters], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, TEST_PG_URL: url, TEST_PG_TEMPLATE: template },
    });
    const code: number = await new Promise((resolve) => tests.once("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0))));
    if (code !== 0 && server.log().includes("FATAL")) {
      writeFileSync(path.join(root, "tests", ".tmp", "test-pg-server.log"), server.log());
      console.error("PostgreSQL's log (last lines) is in tests/.tmp/test-pg-server.log");
    }
    return code;
  } finally {
    await server?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
