// The addresses and words of tag pages. Pure, for server and browser.
import { apiPaths } from "~/lib/paths";

export const TAG_NOT_FOUND = "Tag not found";

/** Where a tag's Follow button posts. */
export function tagFollowAction(name: string): string {
  return apiPaths.tagFollow(name);
}
