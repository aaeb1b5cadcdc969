// Posts: the feed's post shape (feed, Grams, post page, embed) and the answers of the
// reaction, save and likes-list APIs.
import type { MediaKind } from "~/lib/media/media-types";
import type { Layout } from "~/lib/rules/layout";
import type { CarSummary } from "./cars";

/** A car a post shows, with its owner and the photo its garage card shows. */
export type FeedCar = CarSummary & {
  owner_id: number;
  /**
   * The car's photo, as its garage card shows it: its own, else the one picked from a post,
   * else the first picture of its newest ready post. null (and "") when it has none.
   */
  cover: string | null;
  cover_srcset: string;
};

/** One photo or video of a post. */
export type FeedPhoto = {
  id: number;
  image_url: string;
  kind: MediaKind;
  mime_type: string;
  width: number | null;
  height: number | null;
  /** Responsive candidates for images ("" for videos and unresized images). */
  srcset: string;
  /** A still frame for a video, when one was made. */
  poster_url: string | null;
  /** Responsive candidates for the poster ("" without one). */
  poster_srcset: string;
  poster_width: number | null;
  poster_height: number | null;
  /** Videos: length in milliseconds, when known. */
  duration_ms: number | null;
  created_at: string;
  uploader: { id: number; username: string };
  /** The author's description (alt text); null when none was written. */
  alt?: string | null;
};

/** A post's counts, as its buttons show them. */
export type FeedCounts = {
  likes: number;
  dislikes: number;
  comments: number;
  mods: number;
  saves: number;
  shares: number;
  /** Always 0 in the feed: report counts are not shown. */
  flags: 0;
};

/** A post with its counts and the reader's own flags (GET /api/feed, /api/posts/{id}). */
export type FeedPost = {
  id: number;
  created_at: string;
  /** The creator's user id. */
  created_by: number;
  creator: { id: number; username: string; nickname: string | null; profileImage: string | null };
  /** Legacy single car: the stored one, else the first of post_cars. */
  car_id: number | null;
  car_ids: number[];
  story: string;
  /** The usernames of the members `story` mentions (its @links), looked up once per page. */
  mentions?: string[];
  /** As stored (null = follow the default rule). */
  layout: Layout | null;
  effective_layout: Layout;
  soundcloud_url: string | null;
  /** When the author last edited the post (ISO 8601); null when never. */
  edited_at?: string | null;
  /** ready; processing or failed only ever reach the post's author and administrators. */
  status: "processing" | "ready" | "failed";
  photos: FeedPhoto[];
  post_cars: Array<{ car_id: number; car: FeedCar }>;
  counts: FeedCounts;
  likedByUser: boolean;
  dislikedByUser: boolean;
  saved: boolean;
  priority_score: number;
  is_followed_car: boolean;
  days_old: number;
};

/** GET /api/feed: a page of posts, newest first. */
export type FeedPage = {
  posts: FeedPost[];
  /** Pass back as `cursor` for the next page; null when this page was the last. */
  nextCursor: string | null;
};

/** A post's like and dislike counts and the reader's own reaction. */
export type ReactionState = { likes: number; dislikes: number; liked: boolean; disliked: boolean };

/** POST /api/posts/{id}/like: the state after, and whether the reaction was added or taken back. */
export type ReactionResult = ReactionState & { action: "added" | "removed" };

/** A member in a post's likes or dislikes list. */
export type InteractionUser = { username: string; nickname: string | null; profileImage: string | null };

/** GET /api/posts/{id}/interactions: who liked the post and who disliked it, newest first. */
export type InteractionLists = { likes: InteractionUser[]; dislikes: InteractionUser[] };

/** POST /api/posts/{id}/save: whether the reader keeps the post saved now, and how many do. */
export type SaveState = { saved: boolean; saves: number };
