// The answers this server gives itself, before the app: JSON `{ error, status }` like the app's own.
import type { ServerResponse } from "node:http";

/** Answers `res` with the status, the message as `{ "error": …, "status": … }` and extra headers. */
export function answerError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(JSON.stringify({ error: message, status }));
}
