// The log: pino, one JSON object per line (for a log collector), or lines for people in
// development (LOG_FORMAT=pretty). LOG_LEVEL sets the least severe line written. The server's
// request lines carry a request id, which error lines of the same request repeat.
import pino, { type Logger } from "pino";
import { settings } from "./env.server";

/** The header that carries a request's id, from the server to the app and back to the client. */
export const REQUEST_ID_HEADER = "x-request-id";

let logger: Logger | undefined;

/** This process's logger, made on first use from the settings. */
export function log(): Logger {
  if (logger) return logger;
  const config = settings();
  const pretty = (config.LOG_FORMAT ?? (config.NODE_ENV === "development" ? "pretty" : "json")) === "pretty";
  logger = pino({
    level: config.LOG_LEVEL,
    base: { pid: process.pid },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
  });
  return logger;
}
