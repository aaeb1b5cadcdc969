// The addresses of tag pages. Pure, for server and browser.

/** A tag's page (`/tags/{name}`, the name as stored: lowercased). */
export function tagHref(name: string): string {
  return `/tags/${encodeURIComponent(name)}`;
}

/** Where a tag's Follow button posts. */
export function tagFollowAction(name: string): string {
  return `${tagHref(name)}/follow`.replace(/^\/tags\//, "/api/tags/");
}
