// Headers on every document. Only /embed/* may be framed by other sites.
export function securityHeaders(pathname: string): Record<string, string> {
  const embeddable = pathname.startsWith("/embed/");
  const csp = [
    "default-src 'self'",
    // SoundCloud: track artwork, the oEmbed title lookup and the player widget.
    "img-src 'self' data: blob: https://i1.sndcdn.com",
    "media-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    // Remix's hydration data is an inline script; a nonce-based policy is the next step.
    "script-src 'self' 'unsafe-inline'",
    "connect-src 'self' https://soundcloud.com",
    "frame-src 'self' https://w.soundcloud.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    embeddable ? "frame-ancestors *" : "frame-ancestors 'self'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(embeddable ? {} : { "X-Frame-Options": "SAMEORIGIN" }),
  };
}
