// Save a post for later (the profile's Saved tab). A real form post with redirectTo; with
// JavaScript a fetcher posts the same action (without redirectTo, so it answers { saved,
// saves }): the button flips at once (from `fetcher.formData`) and flips back if the call
// fails or takes over LIKE_TIMEOUT. Visitors get the login modal.
import { useFetcher, useLocation } from "@remix-run/react";
import { Bookmark, BookmarkCheck } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { LIKE_TIMEOUT } from "~/lib/constants";
import { errorOf, statusOf, useFetcherSettled, type ErrorAnswer, errorOr } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import type { SaveState } from "~/lib/wire";
import { notify } from "~/components/shell/notify";
import { apiPaths } from "~/lib/paths";
import "./interactions.css";

export const SAVE_FAILED = "Could not update your saved posts. Please try again.";

type SaveAnswer = SaveState | ErrorAnswer;

export function SaveButton({
  postId,
  saved: initialSaved,
  signedIn,
  returnTo,
  onChange,
  className,
}: {
  postId: number;
  saved: boolean;
  signedIn: boolean;
  returnTo?: string;
  onChange?: (state: { saved: boolean; saves?: number }) => void;
  className?: string;
}) {
  const location = useLocation();
  const back = returnTo ?? location.pathname + location.search;
  const fetcher = useFetcher<SaveAnswer>();
  const busy = fetcher.state !== "idle";
  // The last state the server confirmed (or the page's, when nothing is in flight).
  const [confirmed, setConfirmed] = useState(initialSaved);
  const busyRef = useRef(busy);
  busyRef.current = busy;
  useEffect(() => {
    if (!busyRef.current) setConfirmed(initialSaved);
  }, [initialSaved]);

  // A save unanswered after LIKE_TIMEOUT flips back and says so.
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!busy) return;
    setTimedOut(false);
    const timer = setTimeout(() => {
      setTimedOut(true);
      notify.error(SAVE_FAILED);
    }, LIKE_TIMEOUT);
    return () => clearTimeout(timer);
  }, [busy]);

  useFetcherSettled(fetcher, (data) => {
    setTimedOut(false);
    const error = errorOf(data);
    if (data && !error && typeof (data as { saved?: unknown }).saved === "boolean") {
      const answer = data as { saved: boolean; saves?: number };
      setConfirmed(answer.saved);
      onChange?.({ saved: answer.saved, saves: answer.saves });
      return;
    }
    if (statusOf(data) === 401) requestLogin();
    notify.error(errorOr(data, SAVE_FAILED));
  });

  const saved = busy && !timedOut ? !confirmed : confirmed;

  function toggle() {
    if (!signedIn) {
      requestLogin();
      return;
    }
    if (busy) return;
    fetcher.submit(null, { method: "post", action: apiPaths.postSave(postId) });
  }

  return (
    <form method="post" action={apiPaths.postSave(postId)} className="reactions__form">
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        className={["reaction reaction--save", className].filter(Boolean).join(" ")}
        aria-pressed={saved}
        data-active={saved || undefined}
        onClick={(event) => {
          event.preventDefault();
          toggle();
        }}
      >
        {saved ? <BookmarkCheck aria-hidden className="reaction__icon" /> : <Bookmark aria-hidden className="reaction__icon" />}
        <span className="visually-hidden">{saved ? "Remove from saved" : "Save"}</span>
      </button>
    </form>
  );
}
