// Headers on every document, and whether a request reached us over TLS.
//
// Scripts: only our own files and inline scripts that carry this response's nonce (Remix's
// hydration data, ScrollRestoration, streamed data); no 'unsafe-inline', no eval.
// Styles: 'unsafe-inline' stays for styles. The server renders React `style` props as
// style="" attributes (aspect ratios reserved before media load, avatar colours, progress
// bars), and sonner and react-remove-scroll insert <style> elements at run time that carry
// no nonce; with a nonce in style-src browsers would ignore 'unsafe-inline' and drop all of
// those. CSS cannot run code, and React escapes every user text, so an attacker has no way
// to inject markup that such a rule would let through.
// Framing: only /embed/* may be framed by other sites.
import { randomBytes } from "node:crypto";

/** A fresh, unguessable nonce for one response (base64, 128 bits). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

function envTrue(name: string): boolean {
  return process.env[name]?.trim().toLowerCase() === "true";
}

/**
 * Whether the request came over HTTPS: the URL says so, or a trusted proxy
 * (TRUST_PROXY=true) says so in X-Forwarded-Proto, or the operator says every request
 * does (COOKIE_SECURE=true, or the older SECURE_COOKIES=true).
 */
export function isSecureRequest(request: Request): boolean {
  if (envTrue("COOKIE_SECURE") || envTrue("SECURE_COOKIES")) return true;
  if (request.url.startsWith("https:")) return true;
  if (envTrue("TRUST_PROXY")) {
    const proto = request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase();
    if (proto === "https") return true;
  }
  return false;
}

export type SecurityOptions = {
  /** The nonce that this document's inline scripts carry. */
  nonce?: string;
  /** The request came over TLS: HSTS and upgrade-insecure-requests are added. */
  secure?: boolean;
};

/** HSTS: one year, subdomains included. Sent only on requests that came over TLS. */
export const HSTS = "max-age=31536000; includeSubDomains";

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

/** The Content-Security-Policy of a document at `pathname`. */
export function contentSecurityPolicy(pathname: string, options: SecurityOptions = {}): string {
  const embeddable = pathname.startsWith("/embed/");
  // Embeds ship no JavaScript at all (handle.hydrate = false), so they allow none.
  const scripts = embeddable ? "'none'" : ["'self'", options.nonce ? `'nonce-${options.nonce}'` : null].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    // SoundCloud: track artwork, the oEmbed title lookup and the player widget.
    "img-src 'self' data: blob: https://i1.sndcdn.com",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self' https://soundcloud.com",
    "frame-src 'self' https://w.soundcloud.com",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    embeddable ? "frame-ancestors *" : "frame-ancestors 'self'",
    ...(options.secure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Headers every answer may carry, JSON included (no CSP: that one is per document). */
export function baseSecurityHeaders(options: { secure?: boolean } = {}): Record<string, string> {
  return {
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    ...(options.secure ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/** Headers on every document. */
export function securityHeaders(pathname: string, options: SecurityOptions = {}): Record<string, string> {
  const embeddable = pathname.startsWith("/embed/");
  return {
    "Content-Security-Policy": contentSecurityPolicy(pathname, options),
    ...baseSecurityHeaders(options),
    "Permissions-Policy": PERMISSIONS_POLICY,
    // Other sites' windows get no handle on ours (window.opener); embeds are opened by them.
    ...(embeddable ? {} : { "Cross-Origin-Opener-Policy": "same-origin", "X-Frame-Options": "SAMEORIGIN" }),
  };
}
