// Like, dislike and comment counts of a post. The like and dislike buttons are real form
// posts (each alone in its form, with a hidden redirectTo until the page runs its scripts, so
// they work without JavaScript); with JavaScript the same forms are the fetcher's, and the
// buttons change at once and revert if the call fails or takes over 10 s. The
// counts sit outside the forms and open the likes/dislikes list. Every control carries its
// name as text (visually hidden beside the icon), which text browsers show. Visitors get the
// login modal.
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { MessageCircle, ThumbsDown, ThumbsUp } from "~/components/icons";
import type { ReactNode } from "react";
import { LikesListPopover } from "./LikesListPopover";
import { compactCount, type ReactionView } from "./reactions";
import { usePostReaction } from "./usePostReaction";
import { useHydrated } from "~/lib/client/hydrated";
import { apiPaths } from "~/lib/paths";
import "./interactions.css";

export type LikeDislikeBarProps = {
  /** The post with its counts and the viewer's own reaction. */
  post: { id: number; counts: { likes: number; dislikes: number; comments: number }; likedByUser: boolean; dislikedByUser: boolean };
  signedIn: boolean;
  /** Where a plain form post comes back to; the current page by default. */
  returnTo?: string;
  /** Opens the comments (the Grams panel); otherwise `commentsHref` is a link, or the count is plain text. */
  onCommentsClick?: () => void;
  commentsHref?: string;
  /** Called with the server's answer after each press (or the reverted state). */
  onChange?: (state: ReactionView) => void;
  /** "vertical" stacks the buttons (the Grams overlay). */
  orientation?: "horizontal" | "vertical";
  /** More buttons (share, save, report) at the end of the bar. */
  children?: ReactNode;
  className?: string;
};

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The two reactions a post takes, each a button and a count that opens who reacted. */
const REACTIONS = [
  { type: "like", Icon: ThumbsUp, label: "Like" },
  { type: "dislike", Icon: ThumbsDown, label: "Dislike" },
] as const;

export function LikeDislikeBar({
  post,
  signedIn,
  returnTo,
  onCommentsClick,
  commentsHref,
  onChange,
  orientation = "horizontal",
  children,
  className,
}: LikeDislikeBarProps) {
  const { id: postId, counts } = post;
  const location = useLocation();
  const back = returnTo ?? location.pathname + location.search;
  const { state, Form, onSubmit } = usePostReaction(
    postId,
    { likes: counts.likes, dislikes: counts.dislikes, liked: post.likedByUser, disliked: post.dislikedByUser },
    signedIn,
    onChange,
  );
  // With scripts the fetcher posts without redirectTo, so the action answers with the counts.
  const hydrated = useHydrated();
  const redirectTo = hydrated ? null : <input type="hidden" name="redirectTo" value={back} />;

  const commentsLabel = plural(counts.comments, "comment", "comments");
  const commentsContent = (
    <>
      <MessageCircle aria-hidden className="reaction__icon" />
      <span className="reaction__count">{compactCount(counts.comments)}</span>
      <span className="visually-hidden">{counts.comments === 1 ? " comment" : " comments"}</span>
    </>
  );

  return (
    <div className={["reactions", className].filter(Boolean).join(" ")} data-orientation={orientation}>
      {REACTIONS.map(({ type, Icon, label }) => {
        const active = type === "like" ? state.liked : state.disliked;
        const count = type === "like" ? state.likes : state.dislikes;
        return (
          <div key={type} className="reaction-group" data-active={active || undefined}>
            <Form method="post" action={apiPaths.postLike(postId)} className="reactions__form" onSubmit={onSubmit}>
              {redirectTo}
              <button type="submit" name="type" value={type} className={`reaction reaction--${type}`} aria-pressed={active}>
                <Icon aria-hidden className="reaction__icon" />
                <span className="visually-hidden">{active ? `Remove ${type}` : label}</span>
              </button>
            </Form>
            <LikesListPopover postId={postId} signedIn={signedIn} initialTab={`${type}s`} label={`${plural(count, type, `${type}s`)}: see who`}>
              <span className="reaction__count" data-testid={`${type}s-count`}>
                {compactCount(count)}
              </span>
            </LikesListPopover>
          </div>
        );
      })}

      {onCommentsClick ? (
        <button type="button" className="reaction reaction--comments" onClick={onCommentsClick}>
          {commentsContent}
        </button>
      ) : commentsHref ? (
        <Link to={commentsHref} className="reaction reaction--comments">
          {commentsContent}
        </Link>
      ) : (
        <span className="reaction reaction--comments reaction--static" aria-label={commentsLabel}>
          {commentsContent}
        </span>
      )}

      {children}
    </div>
  );
}
