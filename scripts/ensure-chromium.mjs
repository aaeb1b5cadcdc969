// The browser tests run in Debian's Chromium. Installs it when it is missing and we may
// (root with apt-get); otherwise says what to do. Playwright's own download is not used.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const CHROMIUM = "/usr/bin/chromium";

if (existsSync(CHROMIUM) || process.env.PLAYWRIGHT_CHROMIUM_PATH) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it (Debian: sudo apt-get install -y chromium) ` +
      "or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

console.log("Installing Debian's chromium for the browser tests…");
for (const args of [["update"], ["install", "-y", "--no-install-recommends", "chromium"]]) {
  const result = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
