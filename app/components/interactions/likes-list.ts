// What the likes list's trigger and its popover share.
import type { ReactNode } from "react";

/** The likes page: who liked the post, then who disliked it (the list without JavaScript). */
export function likesHref(postId: number, tab: "likes" | "dislikes" = "likes"): string {
  return `/post/${postId}/likes${tab === "dislikes" ? "#dislikes-title" : ""}`;
}

/** The likes/dislikes list keeps 10px from the screen's edges. */
export const LIKES_POPOVER_EDGE_MARGIN = 10;

export type InteractionUser = { username: string; nickname: string | null; profileImage: string | null };

export type LikesListProps = {
  postId: number;
  signedIn: boolean;
  initialTab?: "likes" | "dislikes";
  /** Accessible name of the trigger ("12 likes: see who"). */
  label: string;
  /** The trigger's content (usually the count). */
  children: ReactNode;
};
