// The Grams feed's data rules, free of React: its fixed words, trying a load 3 times (1 s
// then 2 s back-off), the addresses of pages of /api/feed?grams=1 and of a post and reading
// their loaders' answers, the client-side safety net of the Grams filter, and what a post's
// media area shows.
import { FEED_ATTEMPTS, FEED_BACKOFF } from "~/lib/constants";
import { errorOf } from "~/lib/fetcher-answer";
import { filterGramsPosts, hasAudio } from "~/lib/feed-filter";
import type { FeedPost } from "~/models/feed.server";

export const GRAMS_MESSAGES = {
  title: "Grams",
  loading: "Loading posts...",
  failed: "Failed to load posts",
  empty: "No posts with media available",
  welcome: "Welcome to Grams!",
  swipe: "Swipe up or down to browse through posts",
  gotIt: "Got it!",
  textPost: "Text Post",
  noMedia: "No Media",
  emptyPost: "Empty post",
  showcase: "✨ Showcase",
  comments: "Comments",
  mods: "Mods",
} as const;

export type GramsPage = { posts: FeedPost[]; nextCursor: string | null };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `load` up to `attempts` times, waiting `backoff[i]` (1 s, then 2 s) between tries.
 * Rejects with the last error.
 */
export async function withRetries<T>(
  load: (attempt: number) => Promise<T>,
  {
    attempts = FEED_ATTEMPTS,
    backoff = FEED_BACKOFF,
    wait = sleep,
    signal,
  }: { attempts?: number; backoff?: readonly number[]; wait?: (ms: number) => Promise<void>; signal?: AbortSignal } = {},
): Promise<T> {
  let lastError: unknown = new Error("No attempts");
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (signal?.aborted) throw signal.reason ?? new Error("Aborted");
    try {
      return await load(attempt);
    } catch (error) {
      lastError = error;
      if (signal?.aborted) throw error;
      if (attempt < attempts - 1) await wait(backoff[Math.min(attempt, backoff.length - 1)] ?? 0);
    }
  }
  throw lastError;
}

/** The URL of a page of Grams posts. */
export function gramsFeedUrl({ limit, cursor, exclude }: { limit: number; cursor?: string | null; exclude?: readonly number[] }): string {
  const params = new URLSearchParams({ grams: "1", limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  if (exclude && exclude.length > 0) params.set("exclude", exclude.join(","));
  return `/api/feed?${params}`;
}

/** A page of /api/feed?grams=1 from what its loader answered; throws on an error answer or a malformed body. */
export function readGramsPage(answer: unknown): GramsPage {
  const failure = errorOf(answer);
  if (failure !== null) throw new Error(failure);
  const body = answer as Partial<GramsPage> | null | undefined;
  if (!body || typeof body !== "object" || !Array.isArray(body.posts)) throw new Error("Malformed feed page");
  return { posts: body.posts, nextCursor: typeof body.nextCursor === "string" ? body.nextCursor : null };
}

/** The address of a post in the feed shape, GET /api/posts/{id}. */
export function postUrl(id: number): string {
  return `/api/posts/${id}`;
}

/** The post in what GET /api/posts/{id} answered (null for an error answer or anything else). */
export function readPost(answer: unknown): FeedPost | null {
  const post = answer && typeof answer === "object" ? (answer as { post?: FeedPost }).post : undefined;
  return post && typeof post.id === "number" && Array.isArray(post.photos) ? post : null;
}

/**
 * The posts Grams shows, in order, without repeats: the Grams filter as a safety net on
 * top of the server's (the post a link opened at is always kept).
 */
export function gramsPosts(posts: readonly FeedPost[], showAllPosts: boolean, keepId?: number | null): FeedPost[] {
  const seen = new Set<number>();
  const kept = new Set(filterGramsPosts(posts, showAllPosts).map((post) => post.id));
  return posts.filter((post) => {
    if (seen.has(post.id)) return false;
    seen.add(post.id);
    return kept.has(post.id) || post.id === keepId;
  });
}

/** The `cursor` that continues after `post` (the feed's own `<createdAt>_<id>` format). */
export function cursorAfter(post: Pick<FeedPost, "created_at" | "id"> | undefined): string | null {
  return post ? `${post.created_at}_${post.id}` : null;
}

/** What fills a post's media area. */
export type GramsContent = "media" | "text" | "audio" | "empty";

export function gramsContentOf(post: Pick<FeedPost, "photos" | "story" | "soundcloud_url">): GramsContent {
  if (post.photos.length > 0) return "media";
  if (post.story.trim() !== "") return "text";
  if (hasAudio(post)) return "audio";
  return "empty";
}

/** "roof down sunday" and "coastline-radio" from a SoundCloud track URL. */
export function trackNameOf(url: string): { title: string; artist: string } {
  try {
    const [artist = "", title = ""] = new URL(url).pathname.split("/").filter(Boolean);
    const words = (slug: string) => decodeURIComponent(slug).replace(/[-_]+/g, " ").trim();
    return { title: words(title) || "SoundCloud track", artist: words(artist) };
  } catch {
    return { title: "SoundCloud track", artist: "" };
  }
}
