// Headers the server adds to answers on their way out, just before the head is written.
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { baseSecurityHeaders, personalCacheControl } from "../app/lib/server/security-headers.server";
import { cameOverTls } from "./client-address";

/** Names the process that served an answer, when EXPOSE_SERVER_PID is on (tests). */
export const SERVER_PID_HEADER = "x-server-pid";

/** Calls `before(res, args)` just before `res` writes its head, once, while headers may still change. */
function beforeHead(res: ServerResponse, before: (res: ServerResponse, args: unknown[]) => unknown[] | void) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) args = before(this, args) ?? args;
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * nosniff, the referrer policy and (over TLS) HSTS on every answer. Documents and `.data`
 * answers get them from entry.server; resource routes (the JSON API, feeds, downloads),
 * static files and the answers this server gives itself do not pass through it, so they
 * are added here, just before the head goes out, to any answer that has not set them (the
 * Remix adapter appends headers, so setting them earlier would send documents two copies).
 */
export function baseHeaders({ hops, secureAlways, exposePid }: { hops: number; secureAlways: boolean; exposePid: boolean }): RequestHandler {
  return (req, res, next) => {
    const headers = Object.entries(baseSecurityHeaders({ secure: cameOverTls(req, hops, secureAlways) }));
    beforeHead(res, (answer) => {
      for (const [name, value] of headers) if (!answer.hasHeader(name)) answer.setHeader(name, value);
    });
    if (exposePid) res.setHeader(SERVER_PID_HEADER, String(process.pid));
    next();
  };
}

/**
 * The app's answers (not the static files before it): `private, no-store` when they depend
 * on the session (see personalCacheControl), and an Allow header on a 405 that has none.
 */
export function appAnswerHeaders(): RequestHandler {
  return (req, res, next) => {
    beforeHead(res, (answer, args) => {
      // writeHead(status, headers) may carry the headers itself: fold them in first.
      const extra = args.find((arg, index) => index > 0 && arg && typeof arg === "object" && !Array.isArray(arg)) as Record<string, string | string[]> | undefined;
      if (extra) {
        for (const [name, value] of Object.entries(extra)) answer.setHeader(name, value);
        args = args.filter((arg) => arg !== extra);
      }
      const status = typeof args[0] === "number" ? args[0] : answer.statusCode;
      const policy = personalCacheControl({
        pathname: req.path,
        cookieHeader: req.headers.cookie,
        setsCookie: answer.hasHeader("Set-Cookie"),
        current: answer.getHeader("Cache-Control")?.toString(),
      });
      if (policy) answer.setHeader("Cache-Control", policy);
      if (status === 405 && !answer.hasHeader("Allow")) answer.setHeader("Allow", "GET, HEAD");
      return args;
    });
    next();
  };
}
