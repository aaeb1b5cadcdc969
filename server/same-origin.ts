// Refuses a state-changing request that another site made a browser send (403).
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { CROSS_SITE_MESSAGE, crossSiteRefusal, STATE_CHANGING_METHODS } from "../app/lib/server/http.server";
import { answerError } from "./answer";

/** Request headers through the Fetch API's `get` (case-insensitive names). */
function headerGetter(req: IncomingMessage): { get(name: string): string | null } {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** The site's own host is the one the request was sent to (the proxy's, behind a trusted one). */
export function sameOrigin({ trusted }: { trusted: boolean }): RequestHandler {
  return (req, res, next) => {
    const method = (req.method ?? "GET").toUpperCase();
    if (STATE_CHANGING_METHODS.has(method)) {
      const ownHost = String((trusted && req.headers["x-forwarded-host"]) || req.headers.host || "");
      if (crossSiteRefusal(method, headerGetter(req), ownHost)) return answerError(res, 403, CROSS_SITE_MESSAGE);
    }
    next();
  };
}
