// The tests use programs from Debian's packages: Chromium's headless shell for the browser
// tests, Debian's ffmpeg and ffprobe (the maintained build the app prefers, docs/media.md),
// exiftool to read what the app stored in a video, heif-enc to make HEIC photos as phones do,
// and lynx and w3m to use the app from text browsers. Installs whatever is missing when we
// may (root with apt-get); otherwise says what to install. Playwright's own browser download is not used.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

/** A command the tests run, and the Debian package that provides it. */
const TOOLS = [
  { command: "/usr/bin/chromium-headless-shell", pkg: "chromium-headless-shell", skip: () => Boolean(process.env.PLAYWRIGHT_CHROMIUM_PATH) },
  { command: "/usr/bin/ffmpeg", pkg: "ffmpeg" },
  { command: "/usr/bin/ffprobe", pkg: "ffmpeg" },
  { command: "exiftool", pkg: "libimage-exiftool-perl" },
  { command: "heif-enc", pkg: "libheif-examples" },
  { command: "/usr/bin/lynx", pkg: "lynx" },
  { command: "/usr/bin/w3m", pkg: "w3m" },
];

const found = (command) => (command.startsWith("/") ? existsSync(command) : spawnSync("sh", ["-c", `command -v ${command}`]).status === 0);

const missing = [...new Set(TOOLS.filter((tool) => !tool.skip?.() && !found(tool.command)).map((tool) => tool.pkg))];
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = found("apt-get");
if (!isRoot || !hasApt) {
  console.error(
    `The tests need these Debian packages: ${missing.join(" ")}. Install them ` +
      `(sudo apt-get install -y ${missing.join(" ")}), or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

console.log(`Installing Debian's ${missing.join(", ")} for the tests…`);
for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...missing]]) {
  const result = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
