// The markup shared by the car and the user follow buttons. A real form posting to the API:
// without JavaScript it carries a hidden redirectTo and the server comes back to the page;
// once hydrated the same form posts through a fetcher and the API answers JSON. Visitors
// get a link that opens the login modal.
import { useLocation } from "@remix-run/react";
import { useHydrated } from "~/lib/client/hydrated";
import { Check, Plus, Star } from "~/components/icons";
import { requestLogin } from "~/lib/client/login-events";
import { loginHref } from "~/lib/rules/login-links";
import { useFollowToggle } from "./useFollowToggle";
import { useOptionalUser } from "~/lib/client/user";
import "./follow.css";
import { isPlainClick } from "~/lib/client/link-clicks";

export type FollowControlProps = {
  action: string;
  initialFollowing: boolean;
  /** Shown next to the label and kept in step with the state. */
  initialCount?: number;
  /** Accessible name of what is followed ("Nissan Skyline", "@jdm_jess"). */
  subject?: string;
  size?: "sm" | "md";
  onChange?: (following: boolean) => void;
  className?: string;
};

export function FollowControl({ action, initialFollowing, initialCount, subject, size = "md", onChange, className }: FollowControlProps) {
  const viewer = useOptionalUser();
  const location = useLocation();
  const hydrated = useHydrated();
  const here = location.pathname + location.search;
  const follow = useFollowToggle({ initialFollowing, onChange });
  const count = initialCount === undefined ? undefined : Math.max(0, initialCount + (follow.following === initialFollowing ? 0 : follow.following ? 1 : -1));
  const classes = ["follow-btn", `follow-btn--${size}`, className].filter(Boolean).join(" ");
  const countBadge =
    count === undefined ? null : (
      <span className="follow-btn__count">
        {count}
        <span className="visually-hidden"> {count === 1 ? "follower" : "followers"}</span>
      </span>
    );

  if (!viewer) {
    return (
      <a
        href={loginHref(here)}
        className={classes}
        data-state="idle"
        aria-label={subject ? `Follow ${subject}` : undefined}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          requestLogin({ redirectTo: here });
        }}
      >
        <Plus aria-hidden className="follow-btn__icon" />
        <span className="follow-btn__label">Follow</span>
        {countBadge}
      </a>
    );
  }

  const state = follow.busy ? "busy" : follow.following ? (follow.fresh ? "fresh" : "following") : "idle";
  return (
    <follow.Form method="post" action={action} className="follow-form">
      {hydrated ? null : <input type="hidden" name="redirectTo" value={here} />}
      <input type="hidden" name="following" value={follow.following ? "false" : "true"} />
      <button
        type="submit"
        className={classes}
        data-state={state}
        aria-pressed={follow.following}
        aria-busy={follow.busy}
        disabled={follow.busy}
        aria-label={subject ? `${follow.following ? "Following" : "Follow"} ${subject}` : undefined}
      >
        {follow.busy ? null : follow.following ? <Check aria-hidden className="follow-btn__icon" /> : <Plus aria-hidden className="follow-btn__icon" />}
        <span className="follow-btn__label">{follow.busy ? "Loading..." : follow.following ? "Following" : "Follow"}</span>
        {countBadge}
        {follow.star ? (
          <span className="follow-btn__star" aria-hidden data-testid="follow-star">
            <Star />
          </span>
        ) : null}
      </button>
    </follow.Form>
  );
}
