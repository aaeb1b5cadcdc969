// Words for how many photos and videos a post holds: "3 photos", "1 video, 1 photo",
// "2 videos". Videos are named first, as they lead a post's media.
import { isVideoItem } from "~/lib/media/media-types";

type Counted = Parameters<typeof isVideoItem>[0];

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** "1 video, 1 photo"; "" for none. */
export function mediaCountText(items: readonly Counted[]): string {
  const videos = items.filter((item) => isVideoItem(item)).length;
  const photos = items.length - videos;
  return [videos ? plural(videos, "video") : "", photos ? plural(photos, "photo") : ""].filter(Boolean).join(", ");
}

/** "More photos", "More videos" or "More photos and videos": a hint for the rest of a post's media. */
export function moreMediaText(items: readonly Counted[]): string {
  const videos = items.filter((item) => isVideoItem(item)).length;
  if (videos === 0) return "More photos";
  if (videos === items.length) return "More videos";
  return "More photos and videos";
}

/** A sentence's subject: "A photo", "A video", else the count ("1 video, 2 photos"). */
export function mediaCountPhrase(items: readonly Counted[]): string {
  if (items.length === 1) return isVideoItem(items[0]) ? "A video" : "A photo";
  return mediaCountText(items);
}
