// The follow button's states: not following, busy ('Loading...'), following; after a
// successful follow a 2 s star animation and a 3 s 'following' look. The form posts through
// a fetcher: while it works the button shows what was asked for; a failure alerts
// FOLLOW_FAILED and leaves the previous state; a lost session opens the login modal.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { FOLLOW_LOOK, FOLLOW_STAR } from "~/lib/constants";
import { statusOf, useFetcherSettled } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import type { FollowState } from "~/lib/wire";

export const FOLLOW_FAILED = "Failed to update follow status. Please try again.";

/** What the follow actions answer: the new state, or `{ error }`. */
export type FollowAnswer = Partial<FollowState> & { error?: string };

/** The star (FOLLOW_STAR) and the 'following' look (FOLLOW_LOOK) after a follow. */
function useCelebration() {
  const [star, setStar] = useState(false);
  const [fresh, setFresh] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const celebrate = useCallback((on: boolean) => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    setStar(on);
    setFresh(on);
    if (on) timers.current = [setTimeout(() => setStar(false), FOLLOW_STAR), setTimeout(() => setFresh(false), FOLLOW_LOOK)];
  }, []);
  return { star, fresh, celebrate };
}

/**
 * The last known state: the page's, or the action's answer when that is newer. Both are
 * taken while rendering, so the button never shows the old state for a frame.
 */
function useConfirmedState(initialFollowing: boolean, answer: FollowAnswer | undefined): boolean {
  const [confirmed, setConfirmed] = useState(initialFollowing);
  const [seen, setSeen] = useState<{ initial: boolean; answer: FollowAnswer | undefined }>({ initial: initialFollowing, answer });
  if (seen.initial !== initialFollowing || seen.answer !== answer) {
    setSeen({ initial: initialFollowing, answer });
    if (seen.initial !== initialFollowing) setConfirmed(initialFollowing);
    else if (typeof answer?.following === "boolean") setConfirmed(answer.following);
  }
  return confirmed;
}

export function useFollowToggle(options: { initialFollowing: boolean; onChange?: (following: boolean) => void }) {
  const { initialFollowing, onChange } = options;
  const fetcher = useFetcher<FollowAnswer>();
  const confirmed = useConfirmedState(initialFollowing, fetcher.state === "idle" ? fetcher.data : undefined);
  const { star, fresh, celebrate } = useCelebration();

  useFetcherSettled(
    fetcher,
    (answer) => {
      if (typeof answer.following === "boolean") {
        celebrate(answer.following);
        onChange?.(answer.following);
      } else if (statusOf(answer) === 401) {
        requestLogin();
      } else {
        window.alert(FOLLOW_FAILED);
      }
    },
    { early: true },
  );

  const busy = fetcher.state !== "idle";
  // While the request runs, the state asked for; after, the confirmed one.
  const wanted = fetcher.formData?.get("following");
  const following = typeof wanted === "string" ? wanted === "true" : confirmed;
  return { Form: fetcher.Form, following, busy, star, fresh };
}
