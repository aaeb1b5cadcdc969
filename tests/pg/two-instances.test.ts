// Two app instances, one PostgreSQL database, one media folder: a message sent through
// instance A reaches the SSE stream that instance B holds for the recipient (LISTEN/NOTIFY
// in app/lib/server/live-postgres.server.ts), sessions made anywhere work everywhere (they live in
// the database), and a file in the shared media folder is served by both.
// Runs under `npm run test:pg` only (TEST_PG_URL); tests/support/database.ts has already
// made and migrated this file's database, which both servers use.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_APPLICATION_NAME } from "~/lib/server/live-postgres.server";
import { stopLiveTransport } from "~/lib/server/live-hub.server";
import { makePost, makeUser, type TestUser } from "../support/accounts";
import { freePort } from "../../scripts/lib/free-port";

const root = path.resolve(__dirname, "../..");
const buildDir = path.join(root, "tests", ".tmp", "build-pg");
const mediaDir = path.join(root, "tests", ".tmp", `pg-shared-media-${process.pid}`);
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

type Instance = { name: string; port: number; origin: string; child: ChildProcess; log: () => string };

async function startInstance(name: string, extraEnv: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const serverBuild = path.join(buildDir, "build", "server", "index.js");
  // The Express server (server/index.ts) where it exists, else remix-serve; both serve ./public.
  const [command, args] = existsSync(path.join(root, "server", "index.ts"))
    ? [bin("tsx"), [path.join(root, "server", "index.ts"), serverBuild]]
    : [bin("remix-serve"), [serverBuild]];
  const child = spawn(command, args, {
    cwd: root,
    detached: true, // its own process group: npx/tsx children stop with it
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      REMIX_BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: process.env.DATABASE_URL,
      SESSION_SECRET: process.env.SESSION_SECRET,
      MEDIA_DIR: mediaDir,
      LOG_REQUESTS: "0",
      // One process per instance: the test counts one LISTEN connection per instance.
      WEB_CONCURRENCY: "1",
      ...extraEnv,
    },
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const instance = { name, port, origin: `http://127.0.0.1:${port}`, child, log: () => output };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${instance.origin}/api/auth/session`);
      if (response.status < 500) return instance;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance ${name} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopInstance(instance: Instance | undefined) {
  if (!instance?.child.pid || instance.child.exitCode !== null) return;
  try {
    process.kill(-instance.child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Reads an SSE body, collecting `{ event, data }` records. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: Array<{ event: string; data: unknown }> = [];
  let buffer = "";
  let done = false;
  const pump = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (finished) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
    done = true;
  })();
  return {
    events,
    async waitFor(match: (record: { event: string; data: unknown }) => boolean, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (done || Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
    pump,
  };
}

async function listeningInstances(): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1", [
      LIVE_APPLICATION_NAME,
    ]);
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

describe.skipIf(!process.env.TEST_PG_URL)("two instances on one PostgreSQL database", () => {
  let a: Instance | undefined;
  let b: Instance | undefined;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    // This process needs no LISTEN connection of its own: only the servers' are counted.
    await stopLiveTransport();
    const build = spawnSync(bin("remix"), ["vite:build"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production", REMIX_BUILD_DIR: buildDir },
    });
    if (build.status !== 0) throw new Error(`remix build failed:\n${build.stdout}\n${build.stderr}`);
    mkdirSync(mediaDir, { recursive: true });
    [a, b] = await Promise.all([startInstance("A"), startInstance("B")]);
    alice = await makeUser("pg_alice");
    bob = await makeUser("pg_bob");
    // Both servers LISTEN from start-up; wait until PostgreSQL shows both connections.
    const deadline = Date.now() + 15_000;
    while ((await listeningInstances()) < 2) {
      if (Date.now() > deadline) throw new Error(`the instances never LISTENed:\nA: ${a.log()}\nB: ${b.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 240_000);

  afterAll(() => {
    stopInstance(a);
    stopInstance(b);
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("delivers a message sent through A to the recipient's stream on B, long ones too", async () => {
    const stream = await fetch(`${b!.origin}/api/stream`, { headers: { Cookie: bob.cookie, Accept: "text/event-stream" } });
    expect(stream.status).toBe(200);
    const events = eventReader(stream.body!);
    try {
      await events.waitFor((record) => record.event === "ready");

      const send = async (content: string) => {
        const response = await fetch(`${a!.origin}/api/messages`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: alice.cookie, Origin: a!.origin },
          body: JSON.stringify({ to: bob.username, content }),
        });
        expect(response.status, await response.clone().text()).toBe(201);
      };

      await send("Hello from instance A");
      const first = (await events.waitFor(
        (record) => record.event === "message" && (record.data as { message: { content: string } }).message.content === "Hello from instance A",
      )) as { data: { message: { sender_id: number; recipient_id: number; from_me: boolean }; partner: { username: string } } };
      expect(first.data.message).toMatchObject({ sender_id: alice.id, recipient_id: bob.id, from_me: false });
      expect(first.data.partner.username).toBe(alice.username);

      // 2,000 emoji are about 8 KB of UTF-8: more than one NOTIFY can carry.
      const long = "🏎".repeat(2000);
      await send(long);
      await events.waitFor((record) => record.event === "message" && (record.data as { message: { content: string } }).message.content === long);
    } finally {
      await events.cancel();
    }
  }, 60_000);

  it("shares sessions and the media folder between the instances", async () => {
    // The session was made by this process: both servers find it in the database.
    for (const instance of [a!, b!]) {
      const response = await fetch(`${instance.origin}/api/auth/session`, { headers: { Cookie: bob.cookie } });
      const body = (await response.json()) as { user?: { username?: string } | null };
      expect(body.user?.username, instance.name).toBe(bob.username);
    }
    // A file written once to the shared folder is served by both instances.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const key = `shared/pixel-${process.pid}.png`;
    const statusOf = async (instance: Instance) => (await fetch(`${instance.origin}/media/${key}`)).status;
    expect(await statusOf(a!)).toBe(404);
    mkdirSync(path.join(mediaDir, "shared"), { recursive: true });
    writeFileSync(path.join(mediaDir, key), png);
    expect(await statusOf(a!)).toBe(200);
    expect(await statusOf(b!)).toBe(200);
  });

  it("keeps answers on both instances, and a write acknowledged by A is on B's next answer", async () => {
    const post = await makePost(alice.id, "Boost leak found at the coupler");
    type Feed = { posts: Array<{ id: number; counts: { likes: number } }> };
    const likesOn = async (instance: Instance, cookie?: string) => {
      const response = await fetch(`${instance.origin}/api/feed?limit=50`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(response.status).toBe(200);
      return ((await response.json()) as Feed).posts.find((entry) => entry.id === post.id)?.counts.likes;
    };
    // Read on B by a member and by a visitor, twice each: B keeps both answers.
    for (let round = 0; round < 2; round++) {
      expect(await likesOn(b!, bob.cookie)).toBe(0);
      expect(await likesOn(b!)).toBe(0);
    }
    const like = await fetch(`${a!.origin}/api/posts/${post.id}/like`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: alice.cookie, Origin: a!.origin },
      body: JSON.stringify({ type: "like" }),
    });
    expect(like.status, await like.clone().text()).toBe(200);
    // A answered: the like is committed, and B's next answers show it.
    expect(await likesOn(b!, bob.cookie)).toBe(1);
    expect(await likesOn(b!)).toBe(1);
  });

  it("is ready while the database and the listener answer; on SIGTERM it fails readiness first, then drains", async () => {
    // C's live-event listener connects where DATABASE_LISTEN_URL says (past a pooler, the
    // server itself): here the server's own "postgres" database, to see that it is used.
    const listenUrl = new URL(process.env.DATABASE_URL!);
    listenUrl.pathname = "/postgres";
    const c = await startInstance("C", { READINESS_DRAIN_MS: "1500", DATABASE_LISTEN_URL: listenUrl.toString() });
    try {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        const deadline = Date.now() + 10_000;
        const listenersOn = async () =>
          (await client.query<{ datname: string }>("SELECT datname FROM pg_stat_activity WHERE application_name = $1", [LIVE_APPLICATION_NAME])).rows.map(
            (row) => row.datname,
          );
        while (!(await listenersOn()).includes("postgres") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await listenersOn()).toContain("postgres");
      } finally {
        await client.end();
      }
      const ready = await fetch(`${c.origin}/readyz`);
      expect(ready.status, c.log()).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", checks: { database: true, liveEvents: true } });
      expect(ready.headers.get("Cache-Control")).toBe("no-store");
      expect((await fetch(`${c.origin}/healthz`)).status).toBe(200);

      const exited = new Promise((resolve) => c.child.once("exit", resolve));
      process.kill(c.child.pid!, "SIGTERM");
      // Not ready at once; the process is up and still answers everything else.
      const deadline = Date.now() + 1000;
      let readiness = await fetch(`${c.origin}/readyz`);
      while (readiness.status === 200 && Date.now() < deadline) readiness = await fetch(`${c.origin}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toMatchObject({ status: "stopping" });
      expect((await fetch(`${c.origin}/healthz`)).status).toBe(200);
      const session = await fetch(`${c.origin}/api/auth/session`, { headers: { Cookie: bob.cookie } });
      expect(((await session.json()) as { user?: { username?: string } }).user?.username).toBe(bob.username);
      // Then the drain: no new connections, and the process exits.
      await exited;
      await expect(fetch(`${c.origin}/healthz`)).rejects.toThrow();
    } finally {
      stopInstance(c);
    }
  }, 60_000);
});
