// What the likes list's trigger and its popover share.
import type { ReactNode } from "react";

/** The likes/dislikes list keeps 10px from the screen's edges. */
export const LIKES_POPOVER_EDGE_MARGIN = 10;

export type { InteractionUser } from "~/lib/wire";

export type LikesListProps = {
  postId: number;
  signedIn: boolean;
  initialTab?: "likes" | "dislikes";
  /** Accessible name of the trigger ("12 likes: see who"). */
  label: string;
  /** The trigger's content (usually the count). */
  children: ReactNode;
};
