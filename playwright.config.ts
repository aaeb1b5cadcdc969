import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
// Debian's headless shell draws pages as the full browser does, without the desktop
// browser around them: the suite takes a third less CPU than with /usr/bin/chromium.
const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: port === 3100 ? "tests/.tmp/e2e-results" : `tests/.tmp/e2e-results-${port}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two cores run the server, two browsers and the tests: generous limits keep a busy
  // machine from failing tests that are only slow.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    // Headless Chromium here paints without a GPU: an endless animation over a blurred layer
    // takes a whole core. The app stops its animations for reduced motion (app.css), so the
    // suite runs in that mode; tests of motion itself opt back in with
    // test.use({ reducedMotion: "no-preference" }).
    reducedMotion: "reduce",
    // Every page registers the service worker once idle, and requests it answers are out of
    // page.route()'s reach; the suite blocks it, and the tests of the worker itself opt in
    // with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromium,
      args: chromium
        ? ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"]
        : [],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `http://127.0.0.1:${port}/api/auth/session`,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === "1",
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
