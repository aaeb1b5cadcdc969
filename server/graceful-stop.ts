// The graceful stop (SIGTERM, SIGINT): readiness fails first (/readyz answers 503 for
// READINESS_DRAIN_MS while everything else is served as usual, so a load balancer stops
// sending traffic), then the server takes no new connections, the requests in flight finish
// (up to STOP_TIMEOUT_MS), and live streams are ended so their browsers reconnect to another
// process or instance.
import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { RequestHandler } from "express";
import { log } from "../app/lib/server/logger.server";

/** The path of the live stream, which never ends on its own. */
const STREAM_PATH = "/api/stream";

export type GracefulStop = {
  /** Tracks the requests in flight; refuses a kept-alive connection's next request once stopping. */
  track: RequestHandler;
  /** Whether the stop has begun (readiness fails from then on). */
  stopping(): boolean;
  /** How many live streams this process holds open. */
  openStreams(): number;
  /** Stops the HTTP side; resolves when every connection is closed. */
  stop(reason: string): Promise<void>;
};

export function gracefulStop(server: Server, { stopTimeoutMs, readinessDrainMs }: { stopTimeoutMs: number; readinessDrainMs: number }): GracefulStop {
  /** The stop has begun: not ready. */
  let stopping = false;
  /** The drain has begun: no new connections, kept-alive ones refused. */
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const servedOn = new WeakMap<Socket, number>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  const track: RequestHandler = (req, res, next) => {
    const served = servedOn.get(req.socket) ?? 0;
    servedOn.set(req.socket, served + 1);
    if (closing && served > 0) {
      // A kept-alive connection came back after the stop began: refuse and hang up. (A
      // connection accepted before the stop still gets its first request answered.)
      res.writeHead(503, { "Content-Type": "application/json", Connection: "close", "Retry-After": "1", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ error: "The server is restarting. Please try again in a moment." }));
      return;
    }
    if (closing) res.setHeader("Connection", "close");
    inFlight.add(res);
    if (req.path === STREAM_PATH) streams.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      streams.delete(res);
    });
    next();
  };

  const drain = (reason: string) =>
    new Promise<void>((resolve) => {
      closing = true;
      log().info(`${reason}: no new connections; finishing ${inFlight.size - streams.size} request(s)…`);
      // No more connections; answers still being written tell their client to hang up.
      server.close(() => resolve());
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      // Live streams never end on their own: end them (the browser reconnects elsewhere).
      for (const res of streams) res.socket?.destroy();
      const idle = setInterval(() => {
        for (const res of streams) res.socket?.destroy();
        server.closeIdleConnections();
      }, 100);
      const deadline = setTimeout(() => {
        log().warn(`${inFlight.size} request(s) still running after ${stopTimeoutMs} ms: closing them.`);
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }, stopTimeoutMs);
      server.once("close", () => {
        clearInterval(idle);
        clearTimeout(deadline);
      });
      server.closeIdleConnections();
    });

  let stopped: Promise<void> | undefined;
  const stop = (reason: string) => {
    if (stopped) return stopped;
    stopping = true;
    if (readinessDrainMs > 0) log().info(`${reason}: not ready; serving for ${readinessDrainMs} ms more before the drain…`);
    stopped = new Promise<void>((resolve) => setTimeout(resolve, readinessDrainMs)).then(() => drain(reason));
    return stopped;
  };

  return { track, stopping: () => stopping, openStreams: () => streams.size, stop };
}
