// `npm run test:pg` runs vitest with this file: the project's settings, but only the model
// and API integration tests plus tests/pg, against the PostgreSQL server named by
// TEST_PG_URL (tests/support/database.ts makes one database per test file on it).
import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/integration/**/*.test.ts", "tests/pg/**/*.test.ts"],
    // SQLite only by nature: the scale seed writes a SQLite file directly with
    // better-sqlite3 (multi-row INSERTs, PRAGMAs) and reads it back the same way.
    exclude: ["tests/integration/seed-scale.test.ts", "**/node_modules/**"],
    // Every statement is a round trip to the server here (in-process on SQLite): tests that
    // send a hundred requests in a row (rate limits) need more than SQLite's 20 s.
    testTimeout: 60_000,
    // Two files at a time suit a 2-core machine and the two-instance test's servers.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
