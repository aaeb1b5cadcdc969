// `npm start`: builds when there is no build, applies migrations, seeds the demo into an
// empty database (unless SEED=none) and serves on HOST/PORT (default 3000) with a process
// per core (WEB_CONCURRENCY).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { applyMigrations } from "./migrator";
import { databaseUrl } from "../app/lib/server/database-url";
import { devVapidKeys, DEV_VAPID_FILE } from "../app/lib/server/vapid-keys";
import { SERVER_NODE_FLAGS } from "../server/node-flags";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = process.env.REMIX_BUILD_DIR ?? root;
const serverBuild = path.join(buildDir, "build", "server", "index.js");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A development secret that survives restarts, so demo sign-ins last; production must set one.
function ensureSessionSecret() {
  if (process.env.SESSION_SECRET) return;
  if (process.env.NODE_ENV === "production") {
    console.error("SESSION_SECRET must be set when NODE_ENV=production.");
    process.exit(1);
  }
  const file = path.join(root, "data", ".session-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  console.warn(`SESSION_SECRET is not set: using the generated development secret in ${path.relative(root, file)}.`);
  process.env.SESSION_SECRET = readFileSync(file, "utf8").trim();
}

// Push notifications sign with a VAPID key pair: a local demo gets one made once into data/
// (kept, so browsers that subscribed stay subscribed); production sets its own or PUSH=off.
function ensureVapidKeys() {
  if (process.env.VAPID_PUBLIC_KEY?.trim() || process.env.NODE_ENV === "production" || process.env.PUSH?.trim() === "off") return;
  const keys = devVapidKeys(root);
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  console.warn(`VAPID keys are not set: using the generated development pair in ${DEV_VAPID_FILE}.`);
}

// Links in emails and og:url come from APP_URL, which production must set; a local demo
// gets this machine's address.
function ensureAppUrl() {
  if (process.env.APP_URL?.trim()) return;
  if (process.env.NODE_ENV === "production") {
    console.error("APP_URL must be set when NODE_ENV=production: the public address of the app, such as https://cars.example.com.");
    process.exit(1);
  }
  process.env.APP_URL = `http://localhost:${process.env.PORT || "3000"}`;
  console.warn(`APP_URL is not set: links in emails point at ${process.env.APP_URL}.`);
}

async function main() {
  if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
  ensureSessionSecret();
  ensureVapidKeys();
  ensureAppUrl();
  if (!existsSync(serverBuild)) {
    console.log("No build found: building the app…");
    run(bin("remix"), ["vite:build"], { ...process.env, NODE_ENV: "production" });
  }

  const applied = await applyMigrations(databaseUrl());
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  if (process.env.SEED !== "none") run(bin("tsx"), ["prisma/seed.ts", "--if-empty"]);

  // The project's server (server/index.ts) in a process of its own, so the build tools loaded
  // above do not stay in its memory. It serves with a process per core (WEB_CONCURRENCY
  // changes that, 1 is a single process) and stops gracefully on SIGTERM/SIGINT.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", path.join(root, "server", "index.ts"), serverBuild], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: process.env.PORT ?? "3000" },
  });
  // A terminal's Ctrl-C reaches both processes; the server ignores the repeated signal.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
