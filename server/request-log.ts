// Each request gets an id, and the log a line per answer: method, address, route, status
// and duration, as JSON (pino-http). The id goes back in X-Request-Id, reaches the app in the
// same header (its error lines repeat it), and is taken from a trusted proxy that sent one.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
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

/** One log line per answer (the app's own answers: static files are not logged). */
export function requestLog(factsOf: FactsOf): RequestHandler {
  return pinoHttp({
    logger: log(),
    genReqId: (req: IncomingMessage) => String(req.headers[REQUEST_ID_HEADER] ?? ""),
    quietReqLogger: true,
    customAttributeKeys: { reqId: "requestId", responseTime: "ms" },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customProps: (req: IncomingMessage) => ({ route: factsOf()((req.url ?? "").split("?")[0]).route }),
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: (req: IncomingMessage, res: ServerResponse) => `${req.method} ${req.url} ${res.statusCode}`,
    customErrorMessage: (req: IncomingMessage, res: ServerResponse) => `${req.method} ${req.url} ${res.statusCode}`,
  }) as unknown as RequestHandler;
}
