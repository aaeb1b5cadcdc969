// Who sent a request, and over what. Before anything else reads a request, the client's
// address is written into CLIENT_ADDRESS_HEADER (the app's rate limits read it), and
// X-Forwarded-* headers are dropped unless TRUST_PROXY says a proxy in front sets them.
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { trustedProxyHops } from "../app/lib/server/env.server";

/** The header through which the app learns the client's address (always set by this server). */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** Whether TRUST_PROXY asks to believe X-Forwarded-* headers (see trustedProxyHops). */
export function trustProxy(env?: Record<string, string | undefined>): boolean {
  return trustedProxyHops(env) > 0;
}

function normaliseAddress(value: string | undefined): string {
  let address = (value ?? "").trim();
  if (address.startsWith("::ffff:") && address.includes(".")) address = address.slice("::ffff:".length);
  // An address has no spaces or control characters and is short; anything else is noise.
  if (!address || address.length > 64 || !/^[0-9A-Za-z.:%_\-[\]]+$/.test(address)) return "unknown";
  return address;
}

/** A header's values as one comma-separated list (Node joins repeated headers). */
function headerList(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).split(",").map((item) => item.trim());
}

/**
 * The client's address: the socket's peer, or behind `hops` trusted proxies (TRUST_PROXY)
 * the rightmost X-Forwarded-For entry that no trusted proxy wrote: each proxy appends the
 * address it was reached from, so with one proxy it is the last entry, with two the one
 * before it. Entries further left are whatever the client sent, and never believed.
 */
export function clientAddress(req: IncomingMessage, hops: number | boolean): string {
  const trusted = hops === true ? 1 : hops === false ? 0 : hops;
  if (trusted > 0) {
    const entries = headerList(req.headers["x-forwarded-for"]).filter(Boolean);
    const hop = entries.length >= trusted ? entries[entries.length - trusted] : undefined;
    if (hop) return normaliseAddress(hop);
  }
  return normaliseAddress(req.socket.remoteAddress);
}

const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-prefix", "forwarded"];

/**
 * X-Forwarded-* as the app may read them: gone unless a proxy is trusted; otherwise the
 * scheme and host are the nearest proxy's (the last entry), so a client's own values in
 * front of it are never taken.
 */
export function normaliseForwardedHeaders(req: IncomingMessage, hops: number) {
  if (hops === 0) {
    for (const name of FORWARDED_HEADERS) delete req.headers[name];
    return;
  }
  for (const name of ["x-forwarded-proto", "x-forwarded-host"]) {
    const last = headerList(req.headers[name]).filter(Boolean).at(-1);
    if (last) req.headers[name] = last;
    else delete req.headers[name];
  }
  // The site's host is the one the proxy was asked for (the Remix adapter takes the port from Host).
  const forwardedHost = req.headers["x-forwarded-host"];
  if (typeof forwardedHost === "string") req.headers.host = forwardedHost;
}

/**
 * Whether this request reached the app over TLS (for HSTS), after normaliseForwardedHeaders.
 * `always`: the operator says every request does (COOKIE_SECURE).
 */
export function cameOverTls(req: IncomingMessage, hops: number, always: boolean): boolean {
  if (always) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  return hops > 0 && String(req.headers["x-forwarded-proto"] ?? "").toLowerCase() === "https";
}

/** Sets the client's address and keeps only the forwarded headers a trusted proxy wrote. */
export function clientAddressHeaders(hops: number): RequestHandler {
  return (req, _res, next) => {
    // Never believe a client about its own address, nor X-Forwarded-* without a trusted proxy.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, hops);
    normaliseForwardedHeaders(req, hops);
    next();
  };
}
