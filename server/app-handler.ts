// Express to the app and back: the request becomes a Fetch API Request, the app's handler
// (Remix's, with the visitors' pages in front) answers a Response, and the Response is sent.
import type { IncomingHttpHeaders } from "node:http";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppHandler } from "./visitor-pages";

/** An Express handler that answers every request with `handler`'s Response. */
export function expressHandler(handler: AppHandler): RequestHandler {
  return async (req, res, next) => {
    try {
      await send(res, await handler(fetchRequest(req, res)));
    } catch (error) {
      next(error);
    }
  };
}

function fetchHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(incoming)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }
  return headers;
}

/** The request as the app reads it: the address as the client (or a trusted proxy) named it; aborted when the client leaves before the answer ends. */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const port = [req.get("X-Forwarded-Host"), req.get("Host")].map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10)).find(Number.isSafeInteger);
  const url = new URL(`${req.protocol}://${req.hostname}${port === undefined ? "" : `:${port}`}${req.originalUrl}`);
  const controller = new AbortController();
  let answered = false;
  res.on("finish", () => (answered = true));
  res.on("close", () => answered || controller.abort());
  const withBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url.href, {
    method: req.method,
    headers: fetchHeaders(req.headers),
    signal: controller.signal,
    ...(withBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** Sends `response` on `res`: its status, every header (each Set-Cookie apart) and its body as it streams. */
async function send(res: ExpressResponse, response: Response) {
  if (response.statusText) res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
