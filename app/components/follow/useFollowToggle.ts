// The follow button's states: not following, busy ('Loading...'), following; after a
// successful follow a 2 s star animation and a 3 s 'following' look. A failure alerts
// FOLLOW_FAILED and leaves the previous state; a lost session opens the login modal.
import { useCallback, useEffect, useRef, useState } from "react";
import { FOLLOW_LOOK, FOLLOW_STAR } from "~/lib/constants";
import { requestLogin } from "~/lib/login-events";
import { postJson } from "./viewer";

export const FOLLOW_FAILED = "Failed to update follow status. Please try again.";

export type FollowToggle = {
  following: boolean;
  busy: boolean;
  /** True for FOLLOW_STAR after a follow succeeds. */
  star: boolean;
  /** True for FOLLOW_LOOK after a follow succeeds. */
  fresh: boolean;
  toggle: () => Promise<void>;
};

export function useFollowToggle(options: {
  action: string;
  initialFollowing: boolean;
  onChange?: (following: boolean) => void;
}): FollowToggle {
  const { action, initialFollowing } = options;
  const [following, setFollowing] = useState(initialFollowing);
  const [busy, setBusy] = useState(false);
  const [star, setStar] = useState(false);
  const [fresh, setFresh] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;

  // A new page state (after a reload of the loader) wins over what we had.
  useEffect(() => setFollowing(initialFollowing), [initialFollowing]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const toggle = useCallback(async () => {
    if (busy) return;
    const next = !following;
    setBusy(true);
    try {
      const { status, data } = await postJson<{ following?: boolean }>(action, { following: next });
      if (status === 401) {
        requestLogin();
        return;
      }
      if (status < 200 || status >= 300 || typeof data?.following !== "boolean") throw new Error(`Follow failed (${status})`);
      setFollowing(data.following);
      if (data.following) {
        timers.current.forEach(clearTimeout);
        setStar(true);
        setFresh(true);
        timers.current = [setTimeout(() => setStar(false), FOLLOW_STAR), setTimeout(() => setFresh(false), FOLLOW_LOOK)];
      } else {
        setStar(false);
        setFresh(false);
      }
      onChange.current?.(data.following);
    } catch (error) {
      console.error(error);
      setFollowing(following);
      window.alert(FOLLOW_FAILED);
    } finally {
      setBusy(false);
    }
  }, [action, busy, following]);

  return { following, busy, star, fresh, toggle };
}
