// The addresses and words of tag pages. Pure, for server and browser.

export const TAG_NOT_FOUND = "Tag not found";

/** A tag's page (`/tags/{name}`, the name as stored: lowercased). */
export function tagHref(name: string): string {
  return `/tags/${encodeURIComponent(name)}`;
}

/** Where a tag's Follow button posts. */
export function tagFollowAction(name: string): string {
  return `${tagHref(name)}/follow`.replace(/^\/tags\//, "/api/tags/");
}
