// The log's line per answer (server/request-log.ts): what an operator reads of each request,
// whether it ended, failed or was left by its client.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requestId, requestLog } from "../../server/request-log";
import type { RouteFacts } from "../../server/route-facts";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server with the request id and the log in front of a few answers; the lines it logged. */
async function serve(): Promise<{ origin: string; lines: Array<Record<string, unknown>> }> {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const facts = (pathname: string): RouteFacts => ({ route: pathname === "/events" ? "routes/events._index" : null, methods: null, visitorCache: false });
  const app = express();
  app.use(requestId({ trusted: false }));
  app.use(requestLog(() => facts, pino({ base: { pid: process.pid } }, sink)));
  app.get("/events", (_req, res) => void res.send("events"));
  app.get("/broken", (_req, res) => void res.status(503).send("down"));
  app.get("/endless", (_req, res) => void res.write("a start and no end"));
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines };
}

/** The line that `find` picks, once it is written. */
const lineWhere = (lines: Array<Record<string, unknown>>, find: (entry: Record<string, unknown>) => boolean) =>
  vi.waitFor(() => {
    const line = lines.find(find);
    if (!line) throw new Error("No such log line yet");
    return line;
  });

describe("the request log", () => {
  it("writes one line per answer: its id, method, address, route, status and time", async () => {
    const { origin, lines } = await serve();
    const response = await fetch(`${origin}/events?when=soon`);
    const line = await lineWhere(lines, (entry) => entry.requestId === response.headers.get("x-request-id"));
    expect(line).toMatchObject({
      level: 30,
      req: { method: "GET", url: "/events?when=soon" },
      route: "routes/events._index",
      res: { status: 200 },
      msg: "GET /events?when=soon 200",
    });
    expect(typeof line.ms).toBe("number");
    expect(line).not.toHaveProperty("aborted");
    expect(lines.filter((entry) => entry.requestId === line.requestId)).toHaveLength(1);
  });

  it("writes a failed answer as an error", async () => {
    const { origin, lines } = await serve();
    await fetch(`${origin}/broken`);
    const line = await lineWhere(lines, (entry) => (entry.req as { url: string }).url === "/broken");
    expect(line).toMatchObject({ level: 50, route: null, res: { status: 503 }, err: { message: "failed with status code 503" } });
  });

  it("says when the client left before the answer's end", async () => {
    const { origin, lines } = await serve();
    await new Promise<void>((resolve) => {
      const request = httpRequest(`${origin}/endless`, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.end();
    });
    const line = await lineWhere(lines, (entry) => (entry.req as { url: string }).url === "/endless");
    expect(line).toMatchObject({ level: 30, res: { status: 200 }, aborted: true });
  });
});
