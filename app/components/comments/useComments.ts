// The comment section's hooks, each on its own fetcher against the same routes the plain
// forms post to (without their redirectTo, so the routes answer JSON):
// - useCommentList: the comments, from the page's loader or GET /api/posts/{id}/comments, and
//   the older pages under them (GET /api/posts/{id}/comments?before=…);
// - useCommentPost: POST /api/comments, shown at once as a temporary comment (from
//   `fetcher.formData`) that the server's replaces, or that goes away on failure;
// - useCommentLike: POST /api/comments/{id}/like, flipped at once, set from the answer, and the
//   comments reload on failure;
// - useCommentDelete: POST /api/comments/{id} (intent=delete), hidden at once, back on failure.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import {
  COMMENTS_BEFORE,
  COMMENT_MESSAGES,
  NO_COMMENTS,
  addComment,
  findComment,
  removeComment,
  setCommentLikeIn,
  toggleCommentLikeIn,
  withComments,
  withNewestPage,
  withOlderPage,
  type CommentList,
  type CommentPage,
  type CommentView,
} from "~/lib/schemas/comment-schemas";
import { errorOf, statusOf, useFetcherSettled, type ErrorAnswer, errorOr } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import { notify } from "~/components/shell/notify";
import { apiPaths } from "~/lib/paths";

export type CommentViewer = { id: number; username: string; nickname?: string | null; profileImage?: string | null } | null;
type SetComments = Dispatch<SetStateAction<CommentView[]>>;

/** The id in an action path such as /api/comments/12/like, or null. */
function idIn(action: string | undefined, pattern: RegExp): number | null {
  const match = action ? pattern.exec(action.split("?")[0]!) : null;
  return match ? Number(match[1]) : null;
}

/** A page of the post's comments on the API: the newest, or those older than `cursor`. */
function commentsHref(postId: number, cursor: string | null): string {
  return `${apiPaths.postComments(postId)}${cursor ? `?${COMMENTS_BEFORE}=${encodeURIComponent(cursor)}` : ""}`;
}

function isPage(data: unknown): data is CommentPage {
  return typeof data === "object" && data !== null && Array.isArray((data as CommentPage).comments) && typeof (data as CommentPage).total === "number";
}

/**
 * The section's list: the page from the loader (or read from the API without one), the older
 * pages the reader asks for under it (`loadOlder`), and `setComments` for the changes the
 * section makes, which move the total with them. `before` is the cursor the shown page was
 * read with (an older page opened by a plain link), so a reload reads that page again.
 */
export function useCommentList(postId: number, initialPage: CommentPage | undefined, before: string | null) {
  const [list, setList] = useState<CommentList>(initialPage ? { ...initialPage, olderIds: [] } : NO_COMMENTS);
  const [status, setStatus] = useState<"ready" | "loading" | "error">(initialPage ? "ready" : "loading");
  const fetcher = useFetcher<CommentPage | ErrorAnswer>();
  const olderFetcher = useFetcher<CommentPage | ErrorAnswer>();

  const { load } = fetcher;
  const reload = useCallback(() => load(commentsHref(postId, before)), [load, postId, before]);

  useFetcherSettled(fetcher, (data) => {
    if (isPage(data)) {
      setList((current) => withNewestPage(current, data));
      setStatus("ready");
      return;
    }
    console.warn("Could not load comments", errorOf(data) ?? COMMENT_MESSAGES.loadFailed);
    setStatus((current) => (current === "ready" ? current : "error"));
  });

  // The first comment an older page added: where reading goes on.
  const [firstOlderId, setFirstOlderId] = useState<number | null>(null);
  useFetcherSettled(olderFetcher, (data) => {
    if (isPage(data)) {
      const shown = new Set(list.comments.map((comment) => comment.id));
      setFirstOlderId(data.comments.find((comment) => !shown.has(comment.id))?.id ?? null);
      setList((current) => withOlderPage(current, data));
      return;
    }
    console.warn("Could not load older comments", errorOf(data) ?? COMMENT_MESSAGES.olderFailed);
    notify.error(COMMENT_MESSAGES.olderFailed);
  });

  // Loader data wins when it changes; without it the section loads the comments itself.
  useEffect(() => {
    if (initialPage) {
      setList((current) => withNewestPage(current, initialPage));
      setStatus("ready");
    } else {
      setStatus("loading");
      reload();
    }
  }, [initialPage, reload]);

  const setComments: SetComments = useCallback(
    (update) => setList((current) => withComments(current, typeof update === "function" ? update(current.comments) : update)),
    [],
  );
  const { load: loadOlderPage } = olderFetcher;
  const loadOlder = useCallback(() => {
    if (list.nextCursor && olderFetcher.state === "idle") loadOlderPage(commentsHref(postId, list.nextCursor));
  }, [postId, list.nextCursor, olderFetcher.state, loadOlderPage]);

  return { list, setComments, status, reload, loadOlder, loadingOlder: olderFetcher.state !== "idle", firstOlderId };
}

/** The comment being posted, as the list shows it until the server answers. */
function temporaryComment(form: FormData, postId: number, viewer: NonNullable<CommentViewer>): CommentView {
  const parent = Number(form.get("parentId"));
  return {
    id: -1,
    content: String(form.get("content") ?? "").trim(),
    created_at: new Date().toISOString(),
    user_id: viewer.id,
    post_id: postId,
    parent_id: parent > 0 ? parent : null,
    username: viewer.username,
    nickname: viewer.nickname ?? null,
    profileImage: viewer.profileImage ?? null,
    likes_count: 0,
    is_liked: false,
    can_delete: false,
    replies: [],
  };
}

export function useCommentPost(postId: number, signedIn: boolean, viewer: CommentViewer, setComments: SetComments, reopenReply: (topId: number, text: string) => void) {
  const fetcher = useFetcher<CommentView | ErrorAnswer>();
  // The form waiting for the answer: true brings nothing back, false gives it its text again.
  const done = useRef<((ok: boolean) => void) | null>(null);
  const sent = useRef<{ content: string; parentId: number | null } | null>(null);

  useFetcherSettled(fetcher, (data) => {
    const finish = done.current;
    done.current = null;
    const saved = data && !errorOf(data) && typeof (data as CommentView).id === "number" ? (data as CommentView) : null;
    if (saved) {
      setComments((list) => (findComment(list, saved.id) ? list : addComment(list, { ...saved, replies: saved.replies ?? [] })));
      finish?.(true);
      return;
    }
    if (statusOf(data) === 401) requestLogin();
    // A failed reply reopens its form with the text, so nothing typed is lost.
    if (sent.current && sent.current.parentId !== null) reopenReply(sent.current.parentId, sent.current.content);
    notify.error(errorOr(data, COMMENT_MESSAGES.postFailed));
    finish?.(false);
  });

  const { submit } = fetcher;
  const post = useCallback(
    (content: string, parentId: number | null): Promise<boolean> => {
      if (!signedIn || !viewer) {
        requestLogin();
        return Promise.resolve(false);
      }
      // One comment at a time: a second one keeps its text until the first is answered.
      if (done.current) return Promise.resolve(false);
      sent.current = { content, parentId };
      const fields: Record<string, string> = { postId: String(postId), content };
      if (parentId !== null) fields.parentId = String(parentId);
      submit(fields, { method: "post", action: apiPaths.comments });
      return new Promise<boolean>((resolve) => {
        done.current = resolve;
      });
    },
    [postId, signedIn, viewer, submit],
  );

  // Until the list holds it: the temporary comment while posting, then the server's.
  const answered = fetcher.state === "loading" && fetcher.data && typeof (fetcher.data as CommentView).id === "number" ? (fetcher.data as CommentView) : null;
  const temporary =
    fetcher.state === "submitting" && fetcher.formData && viewer
      ? temporaryComment(fetcher.formData, postId, viewer)
      : answered
        ? { ...answered, replies: answered.replies ?? [] }
        : null;
  return { post, temporary };
}

export function useCommentLike(setComments: SetComments, reload: () => void) {
  const fetcher = useFetcher<{ liked: boolean; likes_count: number } | ErrorAnswer>();
  const liking = useRef<number | null>(null);

  useFetcherSettled(fetcher, (data) => {
    const id = liking.current;
    liking.current = null;
    const answer = data && !errorOf(data) ? (data as { liked?: unknown; likes_count?: unknown }) : null;
    if (id !== null && answer && typeof answer.liked === "boolean" && typeof answer.likes_count === "number") {
      const { liked, likes_count } = answer;
      setComments((list) => setCommentLikeIn(list, id, liked, likes_count));
      return;
    }
    if (statusOf(data) === 401) requestLogin();
    console.warn("Comment like failed; reloading comments", errorOf(data));
    notify.error(COMMENT_MESSAGES.likeFailed);
    reload();
  });

  const { submit: submitLike } = fetcher;
  const like = useCallback(
    (comment: CommentView) => {
      // The flip shows at once; the answer sets the real count.
      setComments((list) => toggleCommentLikeIn(list, comment.id));
      liking.current = comment.id;
      submitLike({}, { method: "post", action: apiPaths.commentLike(comment.id) });
    },
    [setComments, submitLike],
  );

  return like;
}

export function useCommentDelete(setComments: SetComments, reload: () => void) {
  const fetcher = useFetcher<{ deleted: true } | ErrorAnswer>();
  const deleting = useRef<number | null>(null);

  useFetcherSettled(fetcher, (data) => {
    const id = deleting.current;
    deleting.current = null;
    const error = errorOf(data);
    if (data && !error && id !== null) {
      setComments((list) => removeComment(list, id));
      notify.success("Comment deleted");
      return;
    }
    notify.error(errorOr(data, COMMENT_MESSAGES.deleteFailed));
    reload();
  });

  const { submit: submitDelete } = fetcher;
  const remove = useCallback(
    (comment: CommentView) => {
      if (!window.confirm("Delete this comment?")) return;
      deleting.current = comment.id;
      submitDelete({ intent: "delete" }, { method: "post", action: apiPaths.comment(comment.id) });
    },
    [submitDelete],
  );

  // The comment being deleted is hidden while the call is in flight.
  const hidden = fetcher.state !== "idle" ? idIn(fetcher.formAction, /^\/api\/comments\/(\d+)$/) : null;
  return { remove, hidden };
}
