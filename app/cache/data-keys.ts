// The names a write gives what it changed, and an answer what it shows (the change log:
// change-log.server.ts). A kept answer that names its keys ends only when a write names one
// of them, or changes something that has no key of its own ("*"); one that names none ends
// at any write the log records.
//
// - `post:<id>`: a post's reactions: its likes and dislikes, comments and their likes, saves,
//   shares (their counts, and each reader's own);
// - `car:<id>`: a car's followers (and so each reader's "following" on its posts);
// - `user:<id>`: the people a member follows and who follows them;
// - `timeline:<id>`: a member's Following feed.
// Everything else (posts themselves, cars, people, media, mods, events, tags…) is "*".

/** The key of a write that changes something with no key of its own: it ends every kept answer. */
export const EVERYTHING = "*";

export const postKey = (id: number) => `post:${id}`;
export const carKey = (id: number) => `car:${id}`;
export const userKey = (id: number) => `user:${id}`;
export const timelineKey = (memberId: number) => `timeline:${memberId}`;

/** The header an answer names its keys in, for the visitors' pages (server/visitor-pages.ts), which takes it off. */
export const KEPT_KEYS_HEADER = "X-Kept-Keys";

/** The keys of a list of posts as the feed shows them: each post's, and each of its cars' (a member's "following" flag). */
export function postsKeys(posts: ReadonlyArray<{ id: number; car_ids: readonly number[] }>): string[] {
  const keys = new Set<string>();
  for (const post of posts) {
    keys.add(postKey(post.id));
    for (const id of post.car_ids) keys.add(carKey(id));
  }
  return [...keys];
}
