// The Grams feed's data rules, free of React: its fixed words, the addresses of pages of
// /api/feed?grams=1 and of a post, reading a post's answer, the client-side safety net of
// the Grams filter, and what a post's media area shows.
import type { FeedPageData } from "~/components/feed/feed-pages";
import type { FeedChoice } from "~/lib/rules/feed-choice";
import { filterGramsPosts, hasAudio } from "~/lib/rules/feed-filter";
import type { FeedPost } from "~/lib/wire";
import { apiPaths } from "~/lib/paths";

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
  showcase: "Showcase",
  comments: "Comments",
  mods: "Mods",
} as const;

/** A page of Grams posts reads as a page of the home feed (readFeedPage). */
export type GramsPage = FeedPageData;

/** The URL of a page of Grams posts, from the Following feed or Latest. */
export function gramsFeedUrl({ limit, cursor, exclude, feed }: { limit: number; cursor?: string | null; exclude?: readonly number[]; feed?: FeedChoice }): string {
  const params = new URLSearchParams({ grams: "1", limit: String(limit) });
  if (feed === "following") params.set("feed", feed);
  if (cursor) params.set("cursor", cursor);
  if (exclude && exclude.length > 0) params.set("exclude", exclude.join(","));
  return apiPaths.feed(params);
}

/** The address of a post in the feed shape, GET /api/posts/{id}. */
export function postUrl(id: number): string {
  return apiPaths.post(id);
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
