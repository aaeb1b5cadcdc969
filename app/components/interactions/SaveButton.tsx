// Save a post for later (the profile's Saved tab). A real form post with redirectTo; with
// JavaScript it flips at once and flips back if the call fails. Visitors get the login modal.
import { useLocation } from "@remix-run/react";
import { Bookmark, BookmarkCheck } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { LIKE_TIMEOUT } from "~/lib/constants";
import { requestLogin } from "~/lib/login-events";
import { notify } from "~/components/shell/notify";
import "./interactions.css";

export const SAVE_FAILED = "Could not update your saved posts. Please try again.";

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
  const [saved, setSaved] = useState(initialSaved);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) setSaved(initialSaved);
  }, [initialSaved]);

  async function toggle() {
    if (!signedIn) {
      requestLogin();
      return;
    }
    if (pending.current) return;
    pending.current = true;
    const previous = saved;
    setSaved(!previous);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LIKE_TIMEOUT);
    try {
      const response = await fetch(`/api/posts/${postId}/save`, {
        method: "POST",
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        signal: controller.signal,
      });
      const body = (await response.json().catch(() => null)) as { saved?: boolean; saves?: number; error?: string } | null;
      if (!response.ok || typeof body?.saved !== "boolean") {
        if (response.status === 401) requestLogin();
        throw new Error(body?.error ?? SAVE_FAILED);
      }
      setSaved(body.saved);
      onChange?.({ saved: body.saved, saves: body.saves });
    } catch (error) {
      setSaved(previous);
      notify.error(error instanceof Error && error.message && !(error instanceof DOMException) ? error.message : SAVE_FAILED);
    } finally {
      clearTimeout(timer);
      pending.current = false;
    }
  }

  return (
    <form method="post" action={`/api/posts/${postId}/save`} className="reactions__form">
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        className={["reaction reaction--save", className].filter(Boolean).join(" ")}
        aria-pressed={saved}
        data-active={saved || undefined}
        onClick={(event) => {
          event.preventDefault();
          void toggle();
        }}
      >
        {saved ? <BookmarkCheck aria-hidden className="reaction__icon" /> : <Bookmark aria-hidden className="reaction__icon" />}
        <span className="visually-hidden">{saved ? "Remove from saved" : "Save"}</span>
      </button>
    </form>
  );
}
