// How much each process may keep in memory for the caches of app/cache (README.md beside this
// file says what each keeps, for whom, and what ends it). Each cache drops its least recently
// used entries to stay within its budget. In all, a process keeps at most about 85 MB of text.

/** Visitors' pages (visitor-pages.server.ts): this many pages per process... */
export const VISITOR_PAGES = 500;
/** ...of at most this many bytes each (also brotli's window: see server/index.ts). */
export const VISITOR_PAGE_BYTES = 512 * 1024;

/** Members' rendered pages (render-memo.server.ts): this many bytes in all... */
export const RENDERED_PAGES_BYTES = 32 * 1024 * 1024;
/** ...of at most this many bytes each. */
export const RENDERED_PAGE_BYTES = 1024 * 1024;
/** Members' renders remembered by key only, so that a page is kept on its second render. */
export const RENDER_SIGHTINGS = 4096;

/** Members' feed answers (kept-answers.server.ts), as JSON bytes: this many in all, a sixteenth of it each at most. */
export const FEED_ANSWERS_BYTES = 16 * 1024 * 1024;
/** Each post's JSON bytes in the feed, written once for every reader: this many in all, a 64th of it each at most. */
export const FEED_POSTS_BYTES = 8 * 1024 * 1024;

/** Parts of pages (kept-parts.server.ts): this many characters of markup in all (their keys, the inputs as JSON, about half as many again)... */
export const KEPT_PARTS_BYTES = 16 * 1024 * 1024;
/** ...of at most this many characters each. */
export const KEPT_PART_BYTES = 256 * 1024;
