// Keeps a connection usable when the app answers before it has read the request's body.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { RequestHandler } from "express";

/** How long a connection closed with request bytes still coming stays open for its client to read the answer. */
const LINGER_MS = 2000;

/**
 * When the app answers before reading the whole request body (a 405, a 401 before the body
 * is parsed, a 413 at the body limit), the connection cannot serve another request: the
 * answer says Connection: close. Node would then close the socket at once, and closing with
 * unread request bytes is a reset that can reach the client before it has read the answer.
 * So the server half-closes instead (the answer is out), reads and drops what the client
 * still sends, and hangs up when the client does or LINGER_MS later, whichever is first.
 */
export function keepConnectionUsable(): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      // A GET without a body is not complete yet while the handler that received it still runs
      // (an answer from memory is written then): it has nothing left to send, so its connection
      // stays open.
      if (!req.complete && mayHaveBody(req) && !this.headersSent) {
        this.setHeader("Connection", "close");
        lingerOnClose(req, res);
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/**
 * Whether body bytes may follow the request's headers: it declares a body, or its method is
 * neither GET nor HEAD (some clients send a DELETE's body without declaring it).
 */
function mayHaveBody(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return true;
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function lingerOnClose(req: IncomingMessage, res: ServerResponse) {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = function (this: Socket) {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
  res.once("finish", () => {
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
  });
}
