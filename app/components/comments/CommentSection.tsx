// The comment section of a post: comments newest first with one
// level of replies, one reply form open at a time, optimistic posting (a temporary comment
// replaced by the server's or removed on failure), optimistic comment likes (never below
// 0; comments reload on failure), and delete where allowed, each on a fetcher (useComments.ts). Every control is a real form
// or link, so it all works without JavaScript too. Visitors are asked to sign in.
import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { LogIn, MessageCircle } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { COMMENT_MESSAGES, addComment, countComments, findComment, removeComment, type CommentView } from "~/lib/comment-schemas";
import { loginHref, requestLogin } from "~/lib/login-events";
import { CommentForm } from "./CommentForm";
import { CommentItem, type CommentActions } from "./CommentItem";
import { useCommentDelete, useCommentLike, useCommentList, useCommentPost, type CommentViewer } from "./useComments";
import "./comments.css";

export const REPLY_PARAM = "replyTo";
export type { CommentViewer };

export type CommentSectionProps = {
  postId: number;
  /** From the page's loader (listComments): renders without JavaScript. Left out, the section loads them. */
  initialComments?: CommentView[];
  signedIn: boolean;
  viewer: CommentViewer;
  /** Called with the number of comments (replies included) whenever it changes. */
  onCountChange?: (count: number) => void;
  /** Show the "Comments" heading (panels that have their own title leave it out). */
  showTitle?: boolean;
  className?: string;
};

export function CommentSection({ postId, initialComments, signedIn, viewer, onCountChange, showTitle = true, className }: CommentSectionProps) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { comments, setComments, status, reload } = useCommentList(postId, initialComments);
  const replyParam = Number(searchParams.get(REPLY_PARAM));
  const [replyTo, setReplyTo] = useState<{ topId: number; mention: string } | null>(
    Number.isSafeInteger(replyParam) && replyParam > 0 ? { topId: replyParam, mention: "" } : null,
  );

  // The page without the reply parameter: where plain forms come back to.
  const params = new URLSearchParams(location.search);
  params.delete(REPLY_PARAM);
  const query = params.toString();
  const here = location.pathname + (query ? `?${query}` : "");
  const signIn = loginHref(here);

  const { post, temporary } = useCommentPost(postId, signedIn, viewer, setComments, (topId, text) => setReplyTo({ topId, mention: text }));
  const like = useCommentLike(setComments, reload);
  const { remove, hidden } = useCommentDelete(setComments, reload);
  // What the list shows: the comment being posted added, the one being deleted left out.
  const withPosting = temporary && !findComment(comments, temporary.id) ? addComment(comments, temporary) : comments;
  const shown = hidden !== null ? removeComment(withPosting, hidden) : withPosting;

  const latestCount = useRef(onCountChange);
  latestCount.current = onCountChange;
  const total = countComments(shown);
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
        <CommentForm postId={postId} parentId={null} returnTo={`${here}#comments`} onPost={post} />
      ) : (
        <Link
          to={signIn}
          preventScrollReset
          className="comments__sign-in"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            requestLogin();
          }}
        >
          <LogIn aria-hidden size={18} />
          <span>Sign in to join the conversation</span>
        </Link>
      )}

      {status === "loading" ? (
        <ol className="comments__list" aria-busy="true" aria-label="Loading comments">
          {[0, 1, 2].map((i) => (
            <li key={i} className="comment comment--skeleton">
              <span className="skeleton comments__skeleton-avatar" />
              <span className="comments__skeleton-lines">
                <span className="skeleton comments__skeleton-line" />
                <span className="skeleton comments__skeleton-line comments__skeleton-line--short" />
              </span>
            </li>
          ))}
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
        <ol className="comments__list">
          {shown.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              top={comment}
              actions={actions}
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
        </ol>
      )}
    </section>
  );
}
