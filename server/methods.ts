// The method check: a method a resource route does not handle gets 405 with Allow here,
// instead of Remix's "Unexpected Server Error"; pages are left to Remix.
import type { RequestHandler } from "express";
import { answerError } from "./answer";
import type { FactsOf } from "./route-facts";

const METHOD_NOT_ALLOWED = "Method not allowed";

/**
 * TRACE and TRACK are methods the Fetch API refuses to build a Request for: answered here,
 * not with a 500. Any other method goes on when the route answers it; OPTIONS is answered
 * like GET (Remix runs the loader for it).
 */
export function methodCheck(factsOf: FactsOf): RequestHandler {
  return (req, res, next) => {
    if (req.method === "TRACE" || req.method === "TRACK") return answerError(res, 405, METHOD_NOT_ALLOWED, { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE" });
    const allowed = factsOf()(req.path).methods;
    if (!allowed || allowed.includes(req.method === "OPTIONS" ? "GET" : req.method)) return next();
    answerError(res, 405, METHOD_NOT_ALLOWED, { Allow: allowed.join(", ") });
  };
}
