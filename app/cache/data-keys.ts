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

/**
 * The keys of a list of posts as a visitor's page shows them: each post's. A visitor follows
 * no car, so a car's followers change nothing a visitor reads of a post; a member's
 * "following" flag is kept only in that member's feed answers (models/feed.server.ts).
 */
export function postsKeys(posts: ReadonlyArray<{ id: number }>): string[] {
  return [...new Set(posts.map((post) => postKey(post.id)))];
}
