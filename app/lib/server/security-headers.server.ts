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
import { cookieSecure, mediaPublicUrl, trustedProxyHops } from "~/lib/server/env.server";

/** A fresh, unguessable nonce for one response (base64, 128 bits). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Whether the request came over HTTPS: the URL says so, or a trusted proxy (TRUST_PROXY)
 * says so in X-Forwarded-Proto (the nearest proxy's entry, the last one), or the operator
 * says every request does (COOKIE_SECURE, or the older SECURE_COOKIES).
 */
export function isSecureRequest(request: Request): boolean {
  if (cookieSecure()) return true;
  if (request.url.startsWith("https:")) return true;
  if (trustedProxyHops() > 0) {
    const proto = request.headers.get("X-Forwarded-Proto")?.split(",").at(-1)?.trim().toLowerCase();
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

/** HSTS: one year, subdomains included. Sent on every answer to a request that came over TLS. */
export const HSTS = "max-age=31536000; includeSubDomains";

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

/** The Content-Security-Policy of a document at `pathname`. */
export function contentSecurityPolicy(pathname: string, options: SecurityOptions = {}): string {
  const embeddable = pathname.startsWith("/embed/");
  // MEDIA_PUBLIC_URL: photos and videos load from that host (a CDN or the bucket).
  const publicMedia = mediaPublicUrl();
  const mediaHost = publicMedia ? ` ${new URL(publicMedia).origin}` : "";
  // Embeds ship no JavaScript at all (handle.hydrate = false), so they allow none.
  const scripts = embeddable ? "'none'" : ["'self'", options.nonce ? `'nonce-${options.nonce}'` : null].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    // SoundCloud: track artwork, the oEmbed title lookup and the player widget.
    `img-src 'self' data: blob: https://i1.sndcdn.com${mediaHost}`,
    `media-src 'self' blob:${mediaHost}`,
    "font-src 'self' data:",
    "connect-src 'self' blob: https://soundcloud.com",
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

/** Whether a Cookie header carries one of the app's own cookies (session, flash, sign-in flows: all named `__…`). */
export function hasAppCookie(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim().startsWith("__"));
}

/**
 * The Cache-Control an answer must carry, or null to keep its own. Anything that may depend
 * on who asks (the request carries the app's cookies) or that sets a cookie is
 * `private, no-store`: no shared cache keeps it and no browser stores it (`no-transform` is
 * kept for live streams). Stored media, their JPEG renditions and the cars' build cards are
 * the same for everyone and keep their caching; visitors' answers keep whatever their route chose.
 */
export function personalCacheControl(input: {
  pathname: string;
  cookieHeader: string | null | undefined;
  setsCookie: boolean;
  current: string | null | undefined;
}): string | null {
  if (["/media/", "/og-image/", "/cards/"].some((prefix) => input.pathname.startsWith(prefix))) return null;
  if (!input.setsCookie && !hasAppCookie(input.cookieHeader)) return null;
  const current = (input.current ?? "").toLowerCase();
  return `private, no-store${current.includes("no-transform") ? ", no-transform" : ""}`;
}
