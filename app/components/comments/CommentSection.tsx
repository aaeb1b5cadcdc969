// The comment section of a post: comments newest first with one level of replies, a page
// at a time ("Show older comments" adds the next page under them), one reply form open at a
// time, optimistic posting (a temporary comment replaced by the server's or removed on
// failure), optimistic comment likes (never below 0; comments reload on failure), and delete
// where allowed, each on a fetcher (useComments.ts). Every control is a real form or link, so
// it all works without JavaScript too. Visitors are asked to sign in.
import { useLocation, useSearchParams } from "@remix-run/react";
import { Kept } from "~/components/shell/Kept";
import { Link } from "~/components/shell/Link";
import { LogIn, MessageCircle } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { COMMENTS_BEFORE, COMMENT_MESSAGES, addComment, countComments, findComment, removeComment, type CommentPage } from "~/lib/schemas/comment-schemas";
import { requestLogin } from "~/lib/client/login-events";
import { loginHref } from "~/lib/rules/login-links";
import { postPath } from "~/lib/paths";
import { CommentForm } from "./CommentForm";
import { CommentItem, commentListInputs, type CommentActions } from "./CommentItem";
import { useCommentDelete, useCommentLike, useCommentList, useCommentPost, type CommentViewer } from "./useComments";
import "./comments.css";
import { SkeletonRows } from "~/components/shell/SkeletonRows";
import { isPlainClick } from "~/lib/client/link-clicks";

export const REPLY_PARAM = "replyTo";
export type { CommentViewer };

export type CommentSectionProps = {
  postId: number;
  /** From the page's loader (listComments): renders without JavaScript. Left out, the section loads them. */
  initialPage?: CommentPage;
  /** The cursor `initialPage` was read with: an older page, opened by a plain link. */
  before?: string | null;
  signedIn: boolean;
  viewer: CommentViewer;
  /** Called with the number of comments (replies included) whenever it changes. */
  onCountChange?: (count: number) => void;
  /** Show the "Comments" heading (panels that have their own title leave it out). */
  showTitle?: boolean;
  className?: string;
  /** The page's `now` (its loader's): comment times are counted from it. */
  now?: number;
};

export function CommentSection({ postId, initialPage, before = null, signedIn, viewer, onCountChange, showTitle = true, className, now }: CommentSectionProps) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { list, setComments, status, reload, loadOlder, loadingOlder, firstOlderId } = useCommentList(postId, initialPage, before);
  const comments = list.comments;
  const replyParam = Number(searchParams.get(REPLY_PARAM));
  const [replyTo, setReplyTo] = useState<{ topId: number; mention: string } | null>(
    Number.isSafeInteger(replyParam) && replyParam > 0 ? { topId: replyParam, mention: "" } : null,
  );

  // The page without the reply parameter: where plain forms come back to.
  const params = new URLSearchParams(location.search);
  params.delete(REPLY_PARAM);
  const query = params.toString();
  const here = location.pathname + (query ? `?${query}` : "");
  // Where a new comment shows: the newest page. An older page is a plain link to the post's page.
  params.delete(COMMENTS_BEFORE);
  const newestQuery = params.toString();
  const newest = location.pathname + (newestQuery ? `?${newestQuery}` : "");
  const olderHref = list.nextCursor ? `${postPath(postId)}?${COMMENTS_BEFORE}=${encodeURIComponent(list.nextCursor)}#comments` : null;
  const signIn = loginHref(here);

  const { post, temporary } = useCommentPost(postId, signedIn, viewer, setComments, (topId, text) => setReplyTo({ topId, mention: text }));
  const like = useCommentLike(setComments, reload);
  const { remove, hidden } = useCommentDelete(setComments, reload);
  // What the list shows: the comment being posted added, the one being deleted left out.
  const withPosting = temporary && !findComment(comments, temporary.id) ? addComment(comments, temporary) : comments;
  const shown = hidden !== null ? removeComment(withPosting, hidden) : withPosting;

  // Once older comments come in, focus moves to the first of them: keyboard and screen reader
  // users read on from there, and focus is not lost when the last page takes the link away.
  useEffect(() => {
    const item = firstOlderId === null ? null : document.getElementById(`comment-${firstOlderId}`);
    if (!item) return;
    item.tabIndex = -1;
    item.focus({ preventScroll: true });
  }, [firstOlderId]);

  const latestCount = useRef(onCountChange);
  latestCount.current = onCountChange;
  // The post's count, with the comment being posted and without the one being deleted.
  const total = list.total + countComments(shown) - countComments(comments);
  useEffect(() => {
    latestCount.current?.(total);
  }, [total]);

  const replyHref = (topId: number) => {
    const next = new URLSearchParams(location.search);
    next.set(REPLY_PARAM, String(topId));
    return `${location.pathname}?${next.toString()}#reply-${topId}`;
  };

  const actions: CommentActions = {
    signedIn,
    viewerId: viewer?.id ?? null,
    here,
    loginHref: signIn,
    replyHref,
    onLike: like,
    onReply: (top, to) => {
      const mention = to.id !== top.id && to.username && to.username !== viewer?.username ? `@${to.username} ` : "";
      setReplyTo((current) => (current?.topId === top.id && !mention ? null : { topId: top.id, mention }));
    },
    onDelete: remove,
    onLoginNeeded: () => requestLogin(),
  };

  return (
    <section className={["comments", className].filter(Boolean).join(" ")} id="comments" aria-label="Comments">
      {showTitle && (
        <h2 className="comments__title">
          Comments <span className="comments__count">{total}</span>
        </h2>
      )}

      {signedIn ? (
        <CommentForm postId={postId} parentId={null} returnTo={`${newest}#comments`} onPost={post} />
      ) : (
        <Link
          to={signIn}
          preventScrollReset
          className="comments__sign-in"
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            requestLogin();
          }}
        >
          <LogIn aria-hidden size={18} />
          <span>Sign in to join the conversation</span>
        </Link>
      )}

      {before ? (
        <p className="comments__page-link">
          <Link to={`${newest}#comments`}>Newest comments</Link>
        </p>
      ) : null}

      {status === "loading" ? (
        <ol className="comments__list" aria-busy="true" aria-label="Loading comments">
          <SkeletonRows count={3} item="comment comment--skeleton" avatar="comments__skeleton-avatar" body="comments__skeleton-lines" line="comments__skeleton-line" />
        </ol>
      ) : status === "error" ? (
        <div className="comments__empty" role="alert">
          <p>{COMMENT_MESSAGES.loadFailed}</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={reload}>
            Try again
          </button>
        </div>
      ) : shown.length === 0 ? (
        <div className="comments__empty">
          <MessageCircle aria-hidden size={28} />
          <p>No comments yet. Start the conversation!</p>
        </div>
      ) : (
        <Kept as="ol" name="comments" inputs={[shown, ...commentListInputs(shown, now, viewer?.id ?? null), signedIn, replyTo]} className="comments__list">
          {shown.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              top={comment}
              actions={actions}
              now={now}
              replyForm={
                signedIn && replyTo?.topId === comment.id ? (
                  <CommentForm
                    key={`${comment.id}-${replyTo.mention}`}
                    postId={postId}
                    parentId={comment.id}
                    returnTo={`${here}#comment-${comment.id}`}
                    onPost={post}
                    onCancel={() => setReplyTo(null)}
                    initialText={replyTo.mention}
                    autoFocus
                    placeholder={`Reply to ${comment.nickname || comment.username}…`}
                  />
                ) : undefined
              }
            />
          ))}
        </Kept>
      )}

      {status === "ready" && olderHref ? (
        <p className="comments__more">
          <Link
            to={olderHref}
            className="btn btn--secondary btn--sm"
            preventScrollReset
            aria-busy={loadingOlder || undefined}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              loadOlder();
            }}
          >
            {loadingOlder ? "Loading..." : "Show older comments"}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
