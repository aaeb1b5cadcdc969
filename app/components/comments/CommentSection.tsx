// The comment section of a post: comments newest first with one
// level of replies, one reply form open at a time, optimistic posting (a temporary comment
// replaced by the server's or removed on failure), optimistic comment likes (never below
// 0; comments reload on failure), and delete where allowed. Every control is a real form
// or link, so it all works without JavaScript too. Visitors are asked to sign in.
import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { LogIn, MessageCircle } from "~/components/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  COMMENT_MESSAGES,
  addComment,
  countComments,
  removeComment,
  replaceComment,
  setCommentLikeIn,
  toggleCommentLikeIn,
  type CommentView,
} from "~/lib/comment-schemas";
import { loginHref, requestLogin } from "~/lib/login-events";
import { notify } from "~/components/shell/notify";
import { CommentForm } from "./CommentForm";
import { CommentItem, type CommentActions } from "./CommentItem";
import "./comments.css";

export const REPLY_PARAM = "replyTo";

export type CommentViewer = { id: number; username: string; nickname?: string | null; profileImage?: string | null } | null;

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

let temporaryIds = 0;

async function readError(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === "string" ? body.error : fallback;
  } catch {
    return fallback;
  }
}

export function CommentSection({ postId, initialComments, signedIn, viewer, onCountChange, showTitle = true, className }: CommentSectionProps) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [comments, setComments] = useState<CommentView[]>(initialComments ?? []);
  const [status, setStatus] = useState<"ready" | "loading" | "error">(initialComments ? "ready" : "loading");
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

  const latestCount = useRef(onCountChange);
  latestCount.current = onCountChange;
  const total = countComments(comments);
  useEffect(() => {
    latestCount.current?.(total);
  }, [total]);

  const reload = useCallback(async () => {
    try {
      const response = await fetch(`/api/posts/${postId}/comments`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) throw new Error(await readError(response, COMMENT_MESSAGES.loadFailed));
      const body = (await response.json()) as { comments?: CommentView[] };
      setComments(body.comments ?? []);
      setStatus("ready");
    } catch (error) {
      console.warn("Could not load comments", error);
      setStatus((current) => (current === "ready" ? current : "error"));
    }
  }, [postId]);

  // Loader data wins when it changes; without it the section loads the comments itself.
  useEffect(() => {
    if (initialComments) {
      setComments(initialComments);
      setStatus("ready");
    } else {
      setStatus("loading");
      void reload();
    }
  }, [initialComments, reload]);

  const post = useCallback(
    async (content: string, parentId: number | null): Promise<boolean> => {
      if (!signedIn || !viewer) {
        requestLogin();
        return false;
      }
      const tempId = -(++temporaryIds);
      const temporary: CommentView = {
        id: tempId,
        content: content.trim(),
        created_at: new Date().toISOString(),
        user_id: viewer.id,
        post_id: postId,
        parent_id: parentId,
        username: viewer.username,
        nickname: viewer.nickname ?? null,
        profileImage: viewer.profileImage ?? null,
        likes_count: 0,
        is_liked: false,
        can_delete: false,
        replies: [],
      };
      setComments((list) => addComment(list, temporary));
      try {
        const response = await fetch("/api/comments", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({ postId, content, parentId }),
        });
        if (!response.ok) {
          if (response.status === 401) requestLogin();
          throw new Error(await readError(response, COMMENT_MESSAGES.postFailed));
        }
        const saved = (await response.json()) as CommentView;
        setComments((list) => replaceComment(list, tempId, { ...saved, replies: saved.replies ?? [] }));
        return true;
      } catch (error) {
        setComments((list) => removeComment(list, tempId));
        // A failed reply reopens its form with the text, so nothing typed is lost.
        if (parentId !== null) setReplyTo({ topId: parentId, mention: content });
        notify.error(error instanceof Error && error.message && !(error instanceof TypeError) ? error.message : COMMENT_MESSAGES.postFailed);
        return false;
      }
    },
    [postId, signedIn, viewer],
  );

  const like = useCallback(
    async (comment: CommentView) => {
      setComments((list) => toggleCommentLikeIn(list, comment.id));
      try {
        const response = await fetch(`/api/comments/${comment.id}/like`, {
          method: "POST",
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        if (!response.ok) {
          if (response.status === 401) requestLogin();
          throw new Error(await readError(response, COMMENT_MESSAGES.likeFailed));
        }
        const body = (await response.json()) as { liked: boolean; likes_count: number };
        setComments((list) => setCommentLikeIn(list, comment.id, body.liked, body.likes_count));
      } catch (error) {
        console.warn("Comment like failed; reloading comments", error);
        notify.error(COMMENT_MESSAGES.likeFailed);
        await reload();
      }
    },
    [reload],
  );

  const remove = useCallback(
    async (comment: CommentView) => {
      if (!window.confirm("Delete this comment?")) return;
      const before = comments;
      setComments((list) => removeComment(list, comment.id));
      try {
        const response = await fetch(`/api/comments/${comment.id}`, {
          method: "DELETE",
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        if (!response.ok) throw new Error(await readError(response, COMMENT_MESSAGES.deleteFailed));
        notify.success("Comment deleted");
      } catch (error) {
        setComments(before);
        notify.error(error instanceof Error && error.message && !(error instanceof TypeError) ? error.message : COMMENT_MESSAGES.deleteFailed);
        await reload();
      }
    },
    [comments, reload],
  );

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
    onLike: (comment) => void like(comment),
    onReply: (top, to) => {
      const mention = to.id !== top.id && to.username && to.username !== viewer?.username ? `@${to.username} ` : "";
      setReplyTo((current) => (current?.topId === top.id && !mention ? null : { topId: top.id, mention }));
    },
    onDelete: (comment) => void remove(comment),
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
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : comments.length === 0 ? (
        <div className="comments__empty">
          <MessageCircle aria-hidden size={28} />
          <p>No comments yet. Start the conversation!</p>
        </div>
      ) : (
        <ol className="comments__list">
          {comments.map((comment) => (
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
