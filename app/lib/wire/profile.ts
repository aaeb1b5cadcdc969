// A member's page: their cars and their posts as tiles.
import type { CarNameJson } from "~/lib/rules/cars";

export type CarCard = CarNameJson & {
  followers: number;
  /** Whether the viewer follows this car. */
  following: boolean;
  cover: string | null;
  coverSrcSet: string;
};

export type PostTile = {
  id: number;
  /** The start of the story (for text tiles and alt text). */
  story: string;
  kind: "image" | "video" | "text" | "audio" | "empty";
  /** Thumbnail image URL (image, or a video's poster). */
  thumb: string | null;
  thumbSrcSet: string;
  /** Videos: length in milliseconds, when known. */
  durationMs: number | null;
  mediaCount: number;
  /** The author's description of the first photo or video, when there is one. */
  alt: string | null;
  likes: number;
  comments: number;
};
