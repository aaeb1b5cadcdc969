// The optimistic rule of the like and dislike buttons: pressing like
// adds a like (clearing a dislike) or removes it; dislike the other way round. Pure.
import { compactNumber } from "~/lib/rules/formats";
import type { ReactionState } from "~/lib/wire";

export type ReactionType = "like" | "dislike";
/** A post's counts and the reader's reaction, as POST /api/posts/{id}/like answers them. */
export type ReactionView = ReactionState;

export function applyReaction(state: ReactionView, type: ReactionType): ReactionView {
  const next = { ...state };
  if (type === "like") {
    if (state.liked) {
      next.liked = false;
      next.likes = Math.max(0, state.likes - 1);
    } else {
      next.liked = true;
      next.likes = state.likes + 1;
      if (state.disliked) {
        next.disliked = false;
        next.dislikes = Math.max(0, state.dislikes - 1);
      }
    }
  } else if (state.disliked) {
    next.disliked = false;
    next.dislikes = Math.max(0, state.dislikes - 1);
  } else {
    next.disliked = true;
    next.dislikes = state.dislikes + 1;
    if (state.liked) {
      next.liked = false;
      next.likes = Math.max(0, state.likes - 1);
    }
  }
  return next;
}

/** 1234 → "1.2K": short counts for the buttons. */
export function compactCount(value: number): string {
  if (value < 1000) return String(Math.max(0, value));
  return compactNumber(value);
}
