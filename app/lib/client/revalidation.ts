// After a fetcher's action, Remix reloads every loader on the page. Some actions answer with
// the whole new state of the one thing they changed (a like's counts, a save, a comment's
// like, a notification read); the component shows that answer, so reloading the page would
// only cost the server a full page of work per press. Routes that list such things export
// this as their `shouldRevalidate`.
import type { ShouldRevalidateFunction } from "@remix-run/react";

/** Actions whose answer carries everything the page needs to show their effect. */
const SELF_CONTAINED = [
  /^\/api\/posts\/\d+\/(like|save|share)$/,
  /^\/api\/comments\/\d+\/like$/,
  /^\/api\/notifications\/(\d+\/read|read-all)$/,
  // A deleted post: the page takes it out of its list (or leaves the post's own page) itself;
  // reloading the post's page would only find it gone.
  /^\/api\/posts\/\d+$/,
];

export function answersItself(formAction: string | undefined): boolean {
  if (!formAction) return false;
  const path = formAction.split("?")[0];
  return SELF_CONTAINED.some((pattern) => pattern.test(path));
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) => (answersItself(formAction) ? false : defaultShouldRevalidate);

/**
 * For read-only API routes that components read through `fetcher.load` (feed pages, a post,
 * type-ahead searches): what a fetcher read stays as it was read; an action elsewhere on the
 * page does not make the browser ask for it again.
 */
export const keepWhatWasRead: ShouldRevalidateFunction = () => false;
