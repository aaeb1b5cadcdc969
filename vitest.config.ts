import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "tests/pg/providers.test.ts"],
    environment: "node",
    globals: true,
    // Every test file gets its own freshly migrated SQLite database: a copy of one migrated
    // before the run.
    globalSetup: ["tests/support/database-template.ts"],
    setupFiles: ["tests/support/database.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
