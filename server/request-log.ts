// Each request gets an id, and the log a line per answer: method, address, route, status
// and duration, as JSON (pino). The id goes back in X-Request-Id, reaches the app in the
// same header (its error lines repeat it), and is taken from a trusted proxy that sent one.
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Settings } from "../app/lib/server/env.server";
import { log, REQUEST_ID_HEADER } from "../app/lib/server/logger.server";
import type { FactsOf } from "./route-facts";

/** What a proxy's request id may look like to be kept; anything else gets an id of ours. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** LOG_REQUESTS, else on except in tests. */
export function logRequests(config: Settings): boolean {
  return config.LOG_REQUESTS ?? (config.NODE_ENV !== "test" && !config.E2E && !config.VITEST);
}

/** The request's id: a trusted proxy's X-Request-Id when it sent a sane one, else a new UUID. */
export function requestId({ trusted }: { trusted: boolean }): RequestHandler {
  return (req, res, next) => {
    const forwarded = req.headers[REQUEST_ID_HEADER];
    const id = trusted && typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

/**
 * One log line per answer (the app's own answers: static files are not logged), written when
 * the answer ends: its id, method, address, route, status and time in ms. A 5xx or a failed
 * socket is logged as an error (with the failure); an answer the client left before its end
 * says `aborted`. One logger call per request, and nothing made for it before the answer ends.
 */
export function requestLog(factsOf: FactsOf, logger: Logger = log()): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const done = (error?: Error) => {
      res.off("finish", done).off("close", done).off("error", done);
      const status = res.statusCode;
      const fields = {
        requestId: String(req.headers[REQUEST_ID_HEADER] ?? ""),
        route: factsOf()(req.originalUrl.split("?")[0]).route,
        req: { method: req.method, url: req.originalUrl },
        res: { status },
        ms: Math.round(performance.now() - started),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      const message = `${req.method} ${req.originalUrl} ${status}`;
      if (error || status >= 500) logger.error({ ...fields, err: error ?? new Error(`failed with status code ${status}`) }, message);
      else logger.info(fields, message);
    };
    res.on("finish", done).on("close", done).on("error", done);
    next();
  };
}
