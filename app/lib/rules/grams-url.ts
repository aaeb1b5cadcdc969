// The `grams` URL parameter that opens the Grams overlay on a page: `/?grams` (newest first)
// or `/?grams=<postId>` (opened at that post). Pure, for the server's loaders and the browser.

/** The search parameter that opens Grams. */
export const GRAMS_PARAM = "grams";

export type GramsRequest = { postId: number | null };

/**
 * Reads the `grams` parameter of a URL (a URL, its text, or its search params): null when
 * absent (Grams closed); otherwise the post to open at (null when none or not an id).
 */
export function gramsParam(input: string | URL | URLSearchParams): GramsRequest | null {
  const params = input instanceof URLSearchParams ? input : input instanceof URL ? input.searchParams : new URL(input, "http://local").searchParams;
  const value = params.get(GRAMS_PARAM);
  if (value === null) return null;
  const id = Number(value);
  return { postId: value !== "" && Number.isSafeInteger(id) && id > 0 ? id : null };
}

/** `path` (pathname plus search) with Grams opened at `postId` (or at the top). */
export function gramsHref(path: string, postId?: number | null): string {
  const url = new URL(path, "http://local");
  url.searchParams.set(GRAMS_PARAM, postId ? String(postId) : "");
  return url.pathname + url.search.replace(/([?&]grams)=(?=&|$)/, "$1");
}

/** `path` without the Grams parameter. */
export function withoutGrams(path: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.delete(GRAMS_PARAM);
  return url.pathname + url.search;
}
