// Where a redirect may go: a path on this site, never another origin. Shared by the server's
// redirects (safeRedirect) and the browser's navigations after sign-in (safePath).

/** The origin relative paths are resolved against; only its identity matters. */
const OWN_ORIGIN = "http://app.invalid";

/**
 * `to` as a same-origin path (pathname, search and hash), or null. It must start with "/",
 * hold no control character (tab, CR, LF, anything below U+0020, DEL) and no backslash
 * (browsers drop the first and read the second as "/", so "/<TAB>/evil.com" and "/\\evil.com"
 * would leave the site), and, parsed as a URL against this site, stay on it. The answer is
 * the parsed URL's percent-encoded form, always valid in a Location header.
 */
export function sameOriginPath(to: unknown): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2048) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this test rejects
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN) return null;
  return url.pathname + url.search + url.hash;
}
