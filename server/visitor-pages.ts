// Visitors' pages from memory (app/cache/visitor-pages.server.ts): a kept page is answered with a
// fresh nonce; otherwise the app renders it, and what it wrote is kept when the answer may be.
import type { ServerResponse } from "node:http";
import type { NextFunction, RequestHandler } from "express";
import type { DataVersion } from "../app/cache/data-version.server";
import { createNonce } from "../app/lib/security-headers.server";
import { keepable, keptHeaders, MAX_PAGE_BYTES, policyNonce, visitorCacheKey, withNonce, type PageCache } from "../app/cache/visitor-pages.server";
import type { FactsOf } from "./route-facts";

export function visitorPages(cache: PageCache, factsOf: FactsOf, counted?: (hit: boolean) => void): RequestHandler {
  return (req, res, next) => {
    const key = factsOf()(req.path).visitorCache ? visitorCacheKey({ method: req.method, url: req.originalUrl, headers: req.headers }) : null;
    if (key === null) return next();
    cache.version().then((version) => (version === null ? next() : answerOrKeep(res, next, key, version)), next);
  };

  /** Answers the page kept under `key` at `version`, or lets the app render it and keeps what it wrote. */
  function answerOrKeep(res: ServerResponse, next: NextFunction, key: string, version: DataVersion) {
    const kept = cache.get(key, version);
    counted?.(kept !== null);
    if (kept) {
      const { headers, body } = withNonce(kept, createNonce());
      res.statusCode = kept.status;
      // What the server set on this answer already (its own headers per answer) stays as set.
      const byName = new Map<string, string[]>();
      for (const [name, value] of headers) byName.set(name, [...(byName.get(name) ?? []), value]);
      for (const [name, values] of byName) if (!res.hasHeader(name)) res.setHeader(name, values.length === 1 ? values[0] : values);
      res.setHeader("Age", String(Math.floor((Date.now() - kept.storedAt) / 1000)));
      res.setHeader("Content-Length", Buffer.byteLength(body));
      res.end(body);
      return;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || bytes > MAX_PAGE_BYTES) return;
      const buffer =
        typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
      bytes += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      const answer = {
        status: this.statusCode,
        contentType: String(this.getHeader("Content-Type") ?? ""),
        cacheControl: String(this.getHeader("Cache-Control") ?? ""),
        setsCookie: this.hasHeader("Set-Cookie"),
        bytes,
      };
      if (keepable(answer)) {
        const headers = keptHeaders(this.getHeaders());
        const nonce = policyNonce(String(this.getHeader("Content-Security-Policy") ?? ""));
        cache.put(key, { status: answer.status, headers, body: Buffer.concat(chunks).toString("utf8"), nonce, version });
      }
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
    next();
  }
}
