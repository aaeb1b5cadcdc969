// A server of two processes (WEB_CONCURRENCY=2) on SQLite: a live event made through one
// worker reaches a stream held by the other (the primary relays it), and background jobs
// queued through either worker each run exactly once. Every answer names the process that
// served it (EXPOSE_SERVER_PID), and every request here opens a connection of its own, so
// the primary hands them to the workers in turn.
import { request as httpRequest, type IncomingMessage } from "node:http";
import sharp from "sharp";
import { CheckFailed, ensure, openDatabase, register, signIn, sleep, startServer, workspace, DEMO, type Check, type Member } from "./harness";

const PORT = 3238;
const PID_HEADER = "x-server-pid";

type Answer = { status: number; pid: number; body: string };

/** One request on a fresh connection (no keep-alive): answers the status, the serving pid and the body. */
function send(url: string, method: string, pathname: string, options: { cookie?: string; json?: unknown; body?: Buffer; type?: string } = {}): Promise<Answer> {
  const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${pathname}`, {
      method,
      agent: false,
      headers: {
        Accept: "application/json",
        Origin: url,
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...(body ? { "Content-Type": options.json !== undefined ? "application/json" : options.type!, "Content-Length": String(body.length) } : {}),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, pid: Number(res.headers[PID_HEADER]), body: text }));
    });
    req.on("error", reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${pathname}: no answer in 15 s`)));
    req.end(body);
  });
}

type LiveRecord = { event: string; data: any };

/** GET /api/stream on a connection of its own: the serving pid and the events as they come. */
function openStream(url: string, cookie: string): Promise<{ pid: number; events: LiveRecord[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/api/stream`, { agent: false, headers: { Cookie: cookie, Accept: "text/event-stream" } });
    req.on("response", (res: IncomingMessage) => {
      if (res.statusCode !== 200) return reject(new CheckFailed(`GET /api/stream answered ${res.statusCode}`));
      const events: LiveRecord[] = [];
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      res.on("error", () => {});
      resolve({ pid: Number(res.headers[PID_HEADER]), events, close: () => req.destroy() });
    });
    req.on("error", reject);
    req.end();
  });
}

async function waitFor<T>(what: string, find: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new CheckFailed(`${what}: not within ${ms / 1000} s`);
    await sleep(50);
  }
}

/** A small PNG, a different one for each `seed`. */
function picture(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: { r: (seed * 47) % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

function multipart(story: string, file: Buffer): { body: Buffer; type: string } {
  const boundary = `----cluster${Date.now()}${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="story"\r\n\r\n${story}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

export const cluster: Check = {
  name: "cluster",
  async run(log) {
    const ws = workspace("cluster");
    const server = await startServer(ws, PORT, { WEB_CONCURRENCY: "2", EXPOSE_SERVER_PID: "1" });
    const url = server.url;
    const sender = await signIn(url, DEMO.member);
    const reader: Member = await signIn(url, { email: "jess@example.com", password: DEMO.member.password });

    // ---- live events across workers
    const stream = await openStream(url, reader.cookie);
    ensure(stream.pid > 0, "the stream's answer names no process (EXPOSE_SERVER_PID)");
    await waitFor("the stream's ready event", () => stream.events.find((record) => record.event === "ready"));
    const pids = new Set<number>([stream.pid]);
    let across: { pid: number; content: string } | undefined;
    for (let attempt = 1; attempt <= 20 && !across; attempt++) {
      const content = `Hello across workers, try ${attempt}`;
      const answer = await send(url, "POST", "/api/messages", { cookie: sender.cookie, json: { to: reader.username, content } });
      ensure(answer.status === 201, `POST /api/messages answered ${answer.status}: ${answer.body}`);
      pids.add(answer.pid);
      if (answer.pid !== stream.pid) across = { pid: answer.pid, content };
    }
    ensure(across, `20 messages were all served by the stream's own process ${stream.pid}: the server does not spread requests over two processes`);
    const delivered = await waitFor("the message sent through the other worker on the stream", () =>
      stream.events.find((record) => record.event === "message" && record.data.message?.content === across!.content),
    );
    ensure(delivered.data.message.sender_id === sender.id, "the relayed message names the wrong sender");
    log(`a message sent through pid ${across.pid} reached the stream held by pid ${stream.pid}`);

    // A notification made in the other worker (a new follower) reaches the stream too.
    const notifications = () => stream.events.filter((record) => record.event === "notification").length;
    let notified: number | undefined;
    for (let attempt = 1; attempt <= 20 && notified === undefined; attempt++) {
      const follower = await register(url, `cluster_fan${attempt}`);
      const before = notifications();
      const answer = await send(url, "POST", `/api/users/${reader.username}/follow`, { cookie: follower.cookie, json: { following: true } });
      ensure(answer.status < 300 && JSON.parse(answer.body).following === true, `POST /api/users/${reader.username}/follow answered ${answer.status}: ${answer.body}`);
      if (answer.pid !== stream.pid) notified = before;
    }
    ensure(notified !== undefined, "no follow was served by the other worker");
    await waitFor("the notification of a follow made through the other worker", () => (notifications() > notified! ? true : undefined));
    log("a follow made through the other worker notified the stream");
    stream.close();

    // ---- background jobs: each exactly once, whichever worker queued it
    const lastJobBefore = (() => {
      const db = openDatabase(ws.database, { readonly: true });
      try {
        return (db.prepare(`SELECT COALESCE(MAX("id"), 0) AS id FROM "jobs"`).get() as { id: number }).id;
      } finally {
        db.close();
      }
    })();
    const posts: Array<{ id: number; pid: number }> = [];
    for (let index = 0; index < 6; index++) {
      const { body, type } = multipart(`Cluster upload ${index}`, await picture(index));
      const answer = await send(url, "POST", "/api/posts", { cookie: sender.cookie, body, type });
      ensure(answer.status === 201 || answer.status === 202, `upload ${index} answered ${answer.status}: ${answer.body}`);
      posts.push({ id: JSON.parse(answer.body).post.id, pid: answer.pid });
      pids.add(answer.pid);
    }
    ensure(new Set(posts.map((post) => post.pid)).size === 2, `all uploads were served by one process (${posts[0].pid})`);
    for (const post of posts) {
      await waitFor(
        `post ${post.id}'s media processed`,
        () => {
          const db = openDatabase(ws.database, { readonly: true });
          try {
            const open = db.prepare(`SELECT COUNT(*) AS n FROM "jobs" WHERE "state" IN ('queued', 'running')`).get() as { n: number };
            return open.n === 0 ? true : undefined;
          } finally {
            db.close();
          }
        },
        30_000,
      );
    }
    // Give a second worker, were one running, the time to take a job again.
    await sleep(1500);
    const db = openDatabase(ws.database, { readonly: true });
    try {
      const jobs = db.prepare(`SELECT "id", "state", "attempts", "lastError" FROM "jobs" WHERE "id" > ? ORDER BY "id"`).all(lastJobBefore) as Array<{
        id: number;
        state: string;
        attempts: number;
        lastError: string | null;
      }>;
      ensure(jobs.length === posts.length, `${posts.length} uploads queued ${jobs.length} jobs`);
      for (const job of jobs)
        ensure(job.state === "done" && job.attempts === 1, `job ${job.id} is ${job.state} after ${job.attempts} attempts (${job.lastError ?? "no error"})`);
      for (const post of posts) {
        const photos = db.prepare(`SELECT COUNT(*) AS n FROM "photos" WHERE "postId" = ?`).get(post.id) as { n: number };
        ensure(photos.n === 1, `post ${post.id} has ${photos.n} photos after processing (one uploaded)`);
      }
    } finally {
      db.close();
    }
    log(`${posts.length} jobs queued through pids ${[...new Set(posts.map((post) => post.pid))].join(" and ")}, each done in 1 attempt`);

    const exit = await server.stop();
    ensure(exit.code === 0, `the server exited with ${exit.code ?? exit.signal} on SIGTERM`);
    ensure(pids.size === 2, `saw ${pids.size} worker pids: ${[...pids].join(", ")}`);
    return `2 workers (pids ${[...pids].join(", ")}): live events relayed across them, ${posts.length} jobs each run once, stopped with exit 0`;
  },
};
