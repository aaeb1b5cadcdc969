// The Grams feed filter. Only posts with photos or an audio URL are shown; unless
// the reader's profile has show_all_grams_posts, only posts with a video or an audio URL.
// Pure: the Grams overlay applies it to the pages it loads, and the server's
// `filter: "grams"` feed query is the same rule in SQL.
import { isVideoUrl } from "~/lib/media/media-types";

export type FilterablePost = {
  soundcloud_url: string | null | undefined;
  photos: ReadonlyArray<{ image_url: string | null | undefined; kind?: string | null }>;
};

export function hasAudio(post: Pick<FilterablePost, "soundcloud_url">): boolean {
  return typeof post.soundcloud_url === "string" && post.soundcloud_url.trim() !== "";
}

/** A photo counts as a video when stored as one or when its URL follows the video rule. */
export function isVideoPhoto(photo: FilterablePost["photos"][number]): boolean {
  return photo.kind === "video" || isVideoUrl(photo.image_url);
}

export function hasVideo(post: Pick<FilterablePost, "photos">): boolean {
  return post.photos.some(isVideoPhoto);
}

/** Whether one post belongs in Grams for a reader with this show_all_grams_posts setting. */
export function showInGrams(post: FilterablePost, showAllGramsPosts: boolean): boolean {
  if (hasAudio(post)) return true;
  if (post.photos.length === 0) return false;
  return showAllGramsPosts || hasVideo(post);
}

/** The posts Grams shows, in their order. */
export function filterGramsPosts<T extends FilterablePost>(posts: readonly T[], showAllGramsPosts: boolean): T[] {
  return posts.filter((post) => showInGrams(post, showAllGramsPosts));
}
