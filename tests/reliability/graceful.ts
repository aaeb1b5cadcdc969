// Graceful stop: slow requests are in flight (an upload whose body is still arriving, a
// signed-in feed page, a live event stream); SIGTERM; the requests finish with 2xx, the
// stream is ended, new connections are refused (or answered 503), and the exit code is 0.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import sharp from "sharp";
import { ensure, signIn, sleep, startServer, workspace, DEMO, type Check } from "./harness";

const PORT = 3233;

/** A noisy JPEG of a few megabytes: slow to send slowly, and work for sharp. */
async function bigPhoto(): Promise<Buffer> {
  const width = 1800;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let i = 0; i < raw.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    raw[i] = state >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

type Answer = { status: number; body: string; error?: string; ms: number };

/** A multipart upload whose body is written in pieces over `spreadMs`. */
function slowUpload(url: string, cookie: string, photo: Buffer, spreadMs: number): Promise<Answer> {
  const boundary = "----reliability" + Date.now();
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="story"\r\n\r\nUploaded while the server stops\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, photo, tail]);
  const started = Date.now();
  return new Promise((resolve) => {
    const req = httpRequest(`${url}/api/posts`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Accept: "application/json",
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(body.length),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, ms: Date.now() - started }));
      res.on("error", (error) => resolve({ status: 0, body: text, error: error.message, ms: Date.now() - started }));
    });
    req.on("error", (error) => resolve({ status: 0, body: "", error: error.message, ms: Date.now() - started }));
    const pieces = 20;
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const timer = setInterval(() => {
      req.write(body.subarray(sent * size, (sent + 1) * size));
      sent++;
      if (sent >= pieces) {
        clearInterval(timer);
        req.end();
      }
    }, spreadMs / pieces);
  });
}

function get(url: string, cookie?: string): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = httpRequest(url, { headers: cookie ? { Cookie: cookie } : {}, agent: false });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, ms: Date.now() - started }));
      res.on("error", (error) => resolve({ status: res.statusCode ?? 0, body: text, error: error.message, ms: Date.now() - started }));
      res.on("close", () => resolve({ status: res.statusCode ?? 0, body: text, error: "closed", ms: Date.now() - started }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, body: "", error: error.code ?? error.message, ms: Date.now() - started }));
    req.end();
  });
}

/**
 * A GET whose headers are still arriving when the signal is sent (a slow client): the
 * request line goes now, the end of the headers when `finish` resolves.
 */
function slowGet(url: string, pathname: string, cookie: string, finish: Promise<void>): Promise<Answer> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    let text = "";
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n`);
      void finish.then(() => socket.write("Accept: */*\r\n\r\n"));
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    const done = (error?: string) => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const complete = /\r\n0\r\n\r\n$/.test(text) || /content-length/i.test(text);
      resolve({ status, body: text, error: status && complete ? undefined : (error ?? "incomplete"), ms: Date.now() - started });
    };
    socket.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    socket.on("close", () => done());
  });
}

export const graceful: Check = {
  name: "graceful",
  async run(log) {
    const ws = workspace("graceful");
    const server = await startServer(ws, PORT);
    const member = await signIn(server.url, DEMO.member);
    const photo = await bigPhoto();

    // In flight when the signal arrives: an upload still sending (3 s), feed pages, a stream.
    const stream = get(`${server.url}/api/stream`, member.cookie);
    const upload = slowUpload(server.url, member.cookie, photo, 3000);
    let signalled = () => {};
    const afterSignal = new Promise<void>((resolve) => (signalled = resolve));
    const pages = [slowGet(server.url, "/", member.cookie, afterSignal), slowGet(server.url, "/api/feed?limit=50", member.cookie, afterSignal)];
    await sleep(600);
    const signalAt = Date.now();
    server.child.kill("SIGTERM");
    // Once the server has begun to stop (it says so), the slow clients finish their requests.
    while (!server.output().includes("no new connections") && Date.now() - signalAt < 5000) await sleep(20);
    await sleep(100);
    signalled();

    // New connections after the signal: refused, or 503 with the connection closed.
    const late = await Promise.all([get(`${server.url}/`), get(`${server.url}/api/feed`, member.cookie)]);
    const streamAnswer = await stream;
    const [uploadAnswer, ...pageAnswers] = await Promise.all([upload, ...pages]);
    const exit = await server.exited;
    const stopMs = Date.now() - signalAt;

    ensure(uploadAnswer.status === 201, `the upload in flight got ${uploadAnswer.status} ${uploadAnswer.error ?? uploadAnswer.body.slice(0, 200)}`);
    for (const [index, answer] of pageAnswers.entries()) {
      ensure(answer.status === 200 && !answer.error, `in-flight read ${index + 1} got ${answer.status} ${answer.error ?? ""}`);
    }
    ensure(streamAnswer.body.includes("event: ready"), "the live stream never opened");
    ensure(streamAnswer.ms - 0 < stopMs + 1000, "the live stream held the stop up");
    for (const answer of late) {
      ensure(answer.error === "ECONNREFUSED" || answer.status === 503, `a request after SIGTERM got ${answer.status} ${answer.error ?? ""}`);
    }
    ensure(exit.code === 0, `exit code ${exit.code} (signal ${exit.signal})`);
    ensure(stopMs < 12_000, `the stop took ${stopMs} ms`);
    log(`upload ${(photo.length / 1e6).toFixed(1)} MB finished ${uploadAnswer.ms} ms after it began; late requests: ${late.map((a) => a.error ?? a.status).join(", ")}`);
    return `in-flight upload 201 and 2 reads 200 across SIGTERM; stream ended; new connections ${[...new Set(late.map((a) => a.error ?? a.status))].join("/")}; exit 0 in ${(stopMs / 1000).toFixed(1)} s`;
  },
};
