// Where a redirect may go: a path on this site, never another origin. The one check behind
// every redirect target: the server's redirects (safeRedirect) and the browser's navigations
// after sign-in (safePath) both call sameOriginPath.

/** The origin relative paths are resolved against; only its identity matters. */
const OWN_ORIGIN = "http://app.invalid";

/** A path segment that URL parsing removes or climbs out of: ".", "..", "%2e", ".%2E" and the like. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * `to` as a same-origin path (pathname, search and hash), or null.
 *
 * A target is refused unless it is a plain path that stays a plain path on this site however a
 * browser reads it:
 * - it starts with a single "/" (not "//", which a browser reads as another host);
 * - it holds no control character (tab, CR, LF, anything below U+0020, DEL) and no backslash:
 *   browsers drop the first and read the second as "/", so "/<TAB>/evil.com" and "/\\evil.com"
 *   would leave the site;
 * - its path has no dot segment, plain or percent-encoded ("/./", "/../", "/%2e/"): URL
 *   parsing removes those, so "/.//evil.com" would come out as "//evil.com";
 * - parsed against this site it stays on it, and the parsed form, read again, is itself the
 *   same same-site path.
 * The answer is the parsed URL's percent-encoded form, always valid in a Location header.
 */
export function sameOriginPath(to: unknown): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.length > 2048) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this test rejects
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return null;
  const rawPath = to.split(/[?#]/, 1)[0]!;
  if (rawPath.split("/").some((segment) => DOT_SEGMENT.test(segment))) return null;
  const path = parsedPath(to);
  if (path === null || path.startsWith("//") || parsedPath(path) !== path) return null;
  return path;
}

/** `to` resolved against this site, as pathname, search and hash; null when it leaves the site. */
function parsedPath(to: string): string | null {
  let url: URL;
  try {
    url = new URL(to, OWN_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === OWN_ORIGIN ? url.pathname + url.search + url.hash : null;
}
