// The like/dislike state of one post: optimistic presses that revert when the call fails or
// takes longer than LIKE_TIMEOUT (10 s), and that follow new props from the page's loader.
import { useCallback, useEffect, useRef, useState } from "react";
import { LIKE_TIMEOUT } from "~/lib/constants";
import { requestLogin } from "~/lib/login-events";
import { notify } from "~/components/shell/notify";
import { applyReaction, type ReactionType, type ReactionView } from "./reactions";

export function usePostReaction(postId: number, initial: ReactionView, signedIn: boolean, onChange?: (state: ReactionView) => void) {
  const [state, setState] = useState(initial);
  // The last state the server confirmed: where a failed press goes back to.
  const confirmed = useRef(initial);
  const sequence = useRef(0);
  const pending = useRef(0);
  const [busy, setBusy] = useState(false);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  // New data from the page (after a reload or navigation) wins when nothing is in flight.
  const { likes, dislikes, liked, disliked } = initial;
  useEffect(() => {
    if (pending.current > 0) return;
    const next = { likes, dislikes, liked, disliked };
    confirmed.current = next;
    setState(next);
  }, [postId, likes, dislikes, liked, disliked]);

  const press = useCallback(
    async (type: ReactionType) => {
      if (!signedIn) {
        requestLogin();
        return;
      }
      const id = ++sequence.current;
      setState((current) => applyReaction(current, type));
      pending.current += 1;
      setBusy(true);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), LIKE_TIMEOUT);
      try {
        const response = await fetch(`/api/posts/${postId}/like`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({ type }),
          signal: controller.signal,
        });
        const body = (await response.json().catch(() => null)) as (ReactionView & { error?: string }) | null;
        if (!response.ok || !body) {
          if (response.status === 401) requestLogin();
          if (response.status === 429 && body?.error) notify.error(body.error);
          throw new Error(body?.error ?? `Like failed (${response.status})`);
        }
        confirmed.current = { likes: body.likes, dislikes: body.dislikes, liked: body.liked, disliked: body.disliked };
        if (id === sequence.current) {
          setState(confirmed.current);
          latestOnChange.current?.(confirmed.current);
        }
      } catch (error) {
        // A failed or timed-out like reverts and is logged.
        console.warn("Like/dislike failed; reverting", error);
        if (id === sequence.current) {
          setState(confirmed.current);
          latestOnChange.current?.(confirmed.current);
        }
      } finally {
        clearTimeout(timer);
        pending.current -= 1;
        if (pending.current === 0) setBusy(false);
      }
    },
    [postId, signedIn],
  );

  return { state, press, busy };
}
