// The optimistic rule of the like and dislike buttons: pressing like
// adds a like (clearing a dislike) or removes it; dislike the other way round. Pure.
import { compactNumber } from "~/lib/rules/formats";
import type { ReactionState } from "~/lib/wire";

export type ReactionType = "like" | "dislike";
/** A post's counts and the reader's reaction, as POST /api/posts/{id}/like answers them. */
export type ReactionView = ReactionState;

/** The flag and the count of each reaction, and of the other one. */
const SIDES = {
  like: { on: "liked", count: "likes", otherOn: "disliked", otherCount: "dislikes" },
  dislike: { on: "disliked", count: "dislikes", otherOn: "liked", otherCount: "likes" },
} as const;

export function applyReaction(state: ReactionView, type: ReactionType): ReactionView {
  const { on, count, otherOn, otherCount } = SIDES[type];
  const next = { ...state };
  if (state[on]) {
    next[on] = false;
    next[count] = Math.max(0, state[count] - 1);
  } else {
    next[on] = true;
    next[count] = state[count] + 1;
    if (state[otherOn]) {
      next[otherOn] = false;
      next[otherCount] = Math.max(0, state[otherCount] - 1);
    }
  }
  return next;
}

/** 1234 → "1.2K": short counts for the buttons. */
export function compactCount(value: number): string {
  if (value < 1000) return String(Math.max(0, value));
  return compactNumber(value);
}
