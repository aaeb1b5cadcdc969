// The Grams feed's data rules, free of React: its fixed words, loading pages of
// /api/feed?grams=1 with 3 attempts (1 s then 2 s back-off), the client-side safety net of the Grams filter, and what a post's media area shows.
import { FEED_ATTEMPTS, FEED_BACKOFF, FEED_FIRST_PAGE, FEED_PAGE } from "~/lib/constants";
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

/** One page of /api/feed?grams=1; throws on a network error or a non-OK answer. */
export async function fetchGramsPage(options: { first: boolean; cursor?: string | null; exclude?: readonly number[] }, signal?: AbortSignal): Promise<GramsPage> {
  const url = gramsFeedUrl({ limit: options.first ? FEED_FIRST_PAGE : FEED_PAGE, cursor: options.cursor, exclude: options.exclude });
  const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as Partial<GramsPage>;
  if (!Array.isArray(body.posts)) throw new Error("Malformed feed page");
  return { posts: body.posts, nextCursor: typeof body.nextCursor === "string" ? body.nextCursor : null };
}

/** A post in the feed shape from GET /api/posts/{id} (null when it cannot be had). */
export async function fetchPost(id: number, signal?: AbortSignal): Promise<FeedPost | null> {
  try {
    const response = await fetch(`/api/posts/${id}`, { headers: { Accept: "application/json" }, credentials: "same-origin", signal });
    if (!response.ok) return null;
    const body = (await response.json()) as { post?: FeedPost };
    return body.post && typeof body.post.id === "number" && Array.isArray(body.post.photos) ? body.post : null;
  } catch {
    return null;
  }
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
