// One comment with its like, reply and delete controls; top-level comments carry their
// replies and the reply form. Each control is a real form or link (no JavaScript needed).
import { Link } from "~/components/shell/Link";
import { Heart, MessageCircle, Pencil, Trash2 } from "~/components/icons";
import { ANONYMOUS, isTemporaryId, type CommentView } from "~/lib/schemas/comment-schemas";
import { DELETED_MEMBER } from "~/lib/rules/account-deletion";
import { commentEditPath, userPath, apiPaths } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import { Avatar } from "~/components/shell/Avatar";
import { LinkedText } from "~/components/text/LinkedText";
import { ReportButton } from "~/components/report/ReportButton";
import type { ReactNode } from "react";
import { isPlainClick } from "~/lib/client/link-clicks";

export type CommentActions = {
  signedIn: boolean;
  /** The signed-in user's id: others' comments get a report button. */
  viewerId: number | null;
  /** Page path (no hash) that plain forms come back to. */
  here: string;
  loginHref: string;
  replyHref: (topId: number) => string;
  onLike: (comment: CommentView) => void;
  onReply: (top: CommentView, to: CommentView) => void;
  onDelete: (comment: CommentView) => void;
  onLoginNeeded: () => void;
};

/**
 * What the markup of `comments` (and their replies) is made from besides the comments and
 * `actions.signedIn`: each one's relative times as they read at `now`, and which of them are the
 * viewer's own (an edit link where others' have a report button).
 */
export function commentListInputs(comments: readonly CommentView[], now: number | undefined, viewerId: number | null): [string[], number[]] {
  const times: string[] = [];
  const own: number[] = [];
  for (const comment of comments) {
    for (const shown of [comment, ...comment.replies]) {
      times.push(relativeTime(shown.created_at, now), shown.edited_at ? relativeTime(shown.edited_at, now) : "");
      if (viewerId !== null && shown.user_id === viewerId) own.push(shown.id);
    }
  }
  return [times, own];
}

export function CommentItem({
  comment,
  top,
  actions,
  replyForm,
  now,
}: {
  comment: CommentView;
  /** The top-level comment this one belongs to (itself for a top-level comment). */
  top: CommentView;
  actions: CommentActions;
  replyForm?: ReactNode;
  /** The moment times are counted from: the page's `now` when it has one, so a kept render reads the same. */
  now?: number;
}) {
  const pending = isTemporaryId(comment.id);
  const known = comment.username !== ANONYMOUS && comment.user_id !== null;
  // A comment whose author deleted the account stays, so the thread still reads.
  const name = known ? comment.nickname || comment.username : DELETED_MEMBER;
  const isTop = comment.id === top.id;

  return (
    <li id={pending ? undefined : `comment-${comment.id}`} className="comment" data-pending={pending || undefined} data-reply={!isTop || undefined}>
      <Avatar name={name} image={comment.profileImage} size={isTop ? 36 : 28} />
      <div className="comment__main">
        <div className="comment__bubble">
          <header className="comment__header">
            {known ? (
              <Link to={userPath(comment.username)} className="comment__author">
                {name}
              </Link>
            ) : (
              <span className="comment__author">{name}</span>
            )}
            {known && comment.nickname && <span className="comment__username">@{comment.username}</span>}
          </header>
          <p className="comment__text">
            <LinkedText text={comment.content} mentions={comment.mentions} />
          </p>
        </div>
        <footer className="comment__actions">
          <time className="comment__time" dateTime={comment.created_at} suppressHydrationWarning>
            {pending ? "Posting…" : relativeTime(comment.created_at, now)}
          </time>
          {comment.edited_at && !pending ? (
            <span className="comment__time comment__edited" data-testid="comment-edited">
              edited{" "}
              <time dateTime={comment.edited_at} title={new Date(comment.edited_at).toUTCString()} suppressHydrationWarning>
                {relativeTime(comment.edited_at, now)}
              </time>
            </span>
          ) : null}
          <form method="post" action={apiPaths.commentLike(comment.id)} className="comment__inline-form">
            <input type="hidden" name="redirectTo" value={`${actions.here}#comment-${comment.id}`} />
            <button
              type="submit"
              className="comment__action comment__like"
              aria-pressed={comment.is_liked}
              aria-label={`${comment.is_liked ? "Unlike" : "Like"} comment (${comment.likes_count} ${comment.likes_count === 1 ? "like" : "likes"})`}
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                if (!actions.signedIn) actions.onLoginNeeded();
                else actions.onLike(comment);
              }}
            >
              <Heart aria-hidden size={16} />
              <span className="comment__like-count">{comment.likes_count}</span>
              <span className="visually-hidden">{` ${comment.is_liked ? "Unlike" : "Like"} comment`}</span>
            </button>
          </form>
          {!pending && (
            <Link
              to={actions.signedIn ? actions.replyHref(top.id) : actions.loginHref}
              preventScrollReset
              replace
              className="comment__action"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                if (!actions.signedIn) actions.onLoginNeeded();
                else actions.onReply(top, comment);
              }}
            >
              <MessageCircle aria-hidden size={16} />
              <span className="comment__action-label">Reply</span>
            </Link>
          )}
          {!pending && actions.viewerId !== null && comment.user_id === actions.viewerId && (
            <Link to={commentEditPath(comment.id)} className="comment__action comment__edit" data-testid="edit-comment">
              <Pencil aria-hidden size={16} />
              <span className="comment__action-label">Edit</span>
            </Link>
          )}
          {comment.can_delete && !pending && (
            <form method="post" action={apiPaths.comment(comment.id)} className="comment__inline-form">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="redirectTo" value={`${actions.here}#comments`} />
              <button
                type="submit"
                className="comment__action comment__delete"
                onClick={(event) => {
                  event.preventDefault();
                  actions.onDelete(comment);
                }}
              >
                <Trash2 aria-hidden size={16} />
                <span className="comment__action-label">Delete</span>
              </button>
            </form>
          )}
          {actions.signedIn && !pending && comment.user_id !== actions.viewerId && (
            <ReportButton contentType="comment" contentId={comment.id} signedIn label="Report comment" className="comment__action comment__report" />
          )}
        </footer>
        {isTop && (comment.replies.length > 0 || replyForm) && (
          <div className="comment__thread">
            {comment.replies.length > 0 && (
              <ol className="comment__replies" aria-label={`Replies to ${name}`}>
                {comment.replies.map((reply) => (
                  <CommentItem key={reply.id} comment={reply} top={comment} actions={actions} now={now} />
                ))}
              </ol>
            )}
            {replyForm}
          </div>
        )}
      </div>
    </li>
  );
}
