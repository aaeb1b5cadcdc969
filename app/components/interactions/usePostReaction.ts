// The like/dislike state of one post, and the `fetcher.Form` its buttons sit in: the same form
// a browser without JavaScript posts (with a redirectTo, so the action sends it back to the
// page); with JavaScript the fetcher posts it without one, and the action answers with the
// post's new counts. While a press is in flight the bar shows it applied (the pressed button's
// `type` in `fetcher.formData`); the answer becomes the confirmed state. A failed press, or one still unanswered after LIKE_TIMEOUT (10 s),
// goes back to the last confirmed state. New props from the page's loader win when nothing
// is in flight. A press while another is on its way waits for that one's answer and is sent
// then: sent at once, it would cancel the first request, and a first request cancelled before
// it reached the server would leave the server one press short of the reader's two.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { LIKE_TIMEOUT } from "~/lib/constants";
import { apiPaths } from "~/lib/paths";
import { errorOf, statusOf, useFetcherSettled, type ErrorAnswer } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import { notify } from "~/components/shell/notify";
import { applyReaction, type ReactionView } from "./reactions";

type ReactionAnswer = ReactionView | ErrorAnswer;
type Reaction = "like" | "dislike";

function reactionOf(data: ReactionAnswer | undefined): ReactionView | null {
  if (!data || errorOf(data) !== null) return null;
  const { likes, dislikes, liked, disliked } = data as ReactionView;
  return typeof likes === "number" ? { likes, dislikes, liked, disliked } : null;
}

export function usePostReaction(postId: number, initial: ReactionView, signedIn: boolean, onChange?: (state: ReactionView) => void) {
  const fetcher = useFetcher<ReactionAnswer>();
  // The last state the server confirmed: where a failed press goes back to.
  const [confirmed, setConfirmed] = useState(initial);
  // What the press in flight applies to (the state shown when it was pressed).
  const base = useRef(initial);
  const [timedOut, setTimedOut] = useState(false);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const busy = fetcher.state !== "idle";
  // The press that waits for the one on its way (at most one: a press of the same button again
  // takes it back).
  const [queued, setQueued] = useState<Reaction | null>(null);

  // New data from the page (after a reload or navigation) wins when nothing is in flight.
  const { likes, dislikes, liked, disliked } = initial;
  // Read at the moment the page's data changes: the end of a press must not bring back the
  // page's older counts over the answer.
  const busyNow = useRef(busy);
  busyNow.current = busy;
  useEffect(() => {
    if (busyNow.current) return;
    const next = { likes, dislikes, liked, disliked };
    base.current = next;
    setConfirmed(next);
  }, [postId, likes, dislikes, liked, disliked]);

  // A press unanswered after LIKE_TIMEOUT shows the confirmed state again.
  useEffect(() => {
    if (!busy) return;
    setTimedOut(false);
    const timer = setTimeout(() => setTimedOut(true), LIKE_TIMEOUT);
    return () => clearTimeout(timer);
  }, [busy, fetcher.formData]);

  useFetcherSettled(fetcher, (data) => {
    const answer = reactionOf(data);
    const next = answer ?? confirmed;
    if (!answer) {
      // A failed like reverts and is logged; a 401 asks to sign in, a 429 says why.
      const error = errorOf(data);
      const status = statusOf(data);
      console.warn("Like/dislike failed; reverting", error);
      if (status === 401) requestLogin();
      else if (status === 429 && error) notify.error(error);
    }
    base.current = next;
    setConfirmed(next);
    setTimedOut(false);
    latestOnChange.current?.(next);
    // The press that waited goes now, from the state the server confirmed; after a failed press
    // it is dropped, since it meant to undo or change what did not happen.
    setQueued(null);
    if (queued && answer) fetcher.submit({ type: queued }, { method: "post", action: apiPaths.postLike(postId) });
  });

  const pressed = fetcher.formData?.get("type");
  const pending = busy && !timedOut && (pressed === "like" || pressed === "dislike") ? pressed : null;
  const sent = pending ? applyReaction(base.current, pending) : confirmed;
  const state = queued ? applyReaction(sent, queued) : sent;

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!signedIn) {
        event.preventDefault();
        requestLogin();
        return;
      }
      if (fetcher.state === "submitting" || queued !== null) {
        // One press is on its way (or already waits): this one waits for its answer too.
        event.preventDefault();
        const type = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
        if (type === "like" || type === "dislike") setQueued((current) => (current === type ? null : type));
        return;
      }
      // What the press applies to: the state shown when it was pressed.
      base.current = state;
    },
    [signedIn, state, fetcher.state, queued],
  );

  return { state, Form: fetcher.Form, onSubmit, busy };
}
