// The server the browser tests run against: a fresh database with the demo seed, its own
// build directory, media folder and mail outbox, on 127.0.0.1.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { applyMigrations } from "./migrator";
import { startFakeGoogle } from "./fake-google";
import { SERVER_NODE_FLAGS } from "../server/node-flags";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const tmp = path.join(root, "tests", ".tmp");
const port = Number(process.env.E2E_PORT ?? 3100);
// Runs on other ports (several people testing at once) keep their files apart.
const suffix = port === 3100 ? "" : `-${port}`;
export const E2E = {
  port,
  buildDir: path.join(tmp, `e2e-build${suffix}`),
  database: path.join(tmp, `e2e${suffix}.db`),
  media: path.join(tmp, `e2e-media${suffix}`),
  outbox: path.join(tmp, `e2e-outbox${suffix}`),
  incoming: path.join(tmp, `e2e-incoming${suffix}`),
  cache: path.join(tmp, `e2e-cache${suffix}`),
  // The fake Google provider (scripts/fake-google.ts) the server signs in with.
  fakeGooglePort: Number(process.env.E2E_FAKE_GOOGLE_PORT ?? port + 20000),
};

async function main() {
  mkdirSync(tmp, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(E2E.database + suffix, { force: true });
  rmSync(E2E.media, { recursive: true, force: true });
  rmSync(E2E.outbox, { recursive: true, force: true });
  rmSync(E2E.incoming, { recursive: true, force: true });
  rmSync(E2E.cache, { recursive: true, force: true });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    REMIX_BUILD_DIR: E2E.buildDir,
    DATABASE_URL: `file:${E2E.database}`,
    MEDIA_DIR: E2E.media,
    MAIL_OUTBOX_DIR: E2E.outbox,
    UPLOAD_TMP_DIR: E2E.incoming,
    CACHE_DIR: E2E.cache,
    SESSION_SECRET: "e2e-session-secret",
    ADMIN_EMAILS: "admin@example.com,e2e-admin@example.com",
    HOST: "127.0.0.1",
    PORT: String(E2E.port),
    APP_URL: `http://127.0.0.1:${E2E.port}`,
    E2E: "1",
    // One process: tests that read state the server keeps per process (open streams, the
    // order of answers) see one server. The multi-process server has its own check
    // (npm run test:reliability -- cluster).
    WEB_CONCURRENCY: "1",
    // Many tests sign in to the same demo accounts from one address.
    RATE_LIMIT_SCALE: "100",
  };
  // Push notifications on, with a pair made for this run.
  if (!env.VAPID_PUBLIC_KEY)
    Object.assign(
      env,
      Object.fromEntries(Object.entries(webpush.generateVAPIDKeys()).map(([name, key]) => [name === "publicKey" ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY", key])),
    );

  // "Sign in with Google" against a fake provider on 127.0.0.1, unless one is configured.
  if (!process.env.GOOGLE_CLIENT_ID) {
    const google = await startFakeGoogle({ port: E2E.fakeGooglePort });
    Object.assign(env, { GOOGLE_CLIENT_ID: "e2e-client", GOOGLE_CLIENT_SECRET: "e2e-secret", GOOGLE_OAUTH_BASE_URL: google.url });
  }

  const build = spawnSync(path.join(root, "node_modules/.bin/remix"), ["vite:build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);

  await applyMigrations(env.DATABASE_URL!);
  if (existsSync(path.join(root, "prisma", "seed.ts"))) {
    const seed = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["prisma/seed.ts"], { cwd: root, env, stdio: "inherit" });
    if (seed.status !== 0) process.exit(seed.status ?? 1);
  }

  // The project's production server (server/index.ts); E2E=1 keeps its request log quiet.
  const server = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, "--import", "tsx", path.join(root, "server", "index.ts"), path.join(E2E.buildDir, "build", "server", "index.js")],
    {
      cwd: root,
      env,
      stdio: "inherit",
    },
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
