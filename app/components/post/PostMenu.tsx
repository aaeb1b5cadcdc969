// A post's "more" menu: report, edit for its creator, and delete for its creator or an administrator. A <details>
// disclosure, so it opens without JavaScript; deleting asks once more inside the menu and
// is a real form (intent=delete with a redirectTo). With JavaScript a fetcher posts the same
// fields without the redirectTo, and the delete runs in place.
import { Loader2, MoreHorizontal, Pencil, Trash2 } from "~/components/icons";
import { useFetcher } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { useEffect, useRef } from "react";
import { ReportButton } from "~/components/report/ReportButton";
import { notify } from "~/components/shell/notify";
import { errorOf, useFetcherSettled, type ErrorAnswer, errorOr } from "~/lib/client/fetcher-answer";
import { postEditPath, apiPaths } from "~/lib/paths";
import { POST_MESSAGES } from "~/lib/rules/post-messages";

export type PostMenuProps = {
  postId: number;
  signedIn: boolean;
  canDelete: boolean;
  /** Its author only: the post's edit page is offered. */
  canEdit?: boolean;
  /** Where a plain form goes after deleting. */
  afterDelete: string;
  onDeleted?: (postId: number) => void;
};

/** Closes an open <details> on an outside click or Escape. */
function useDismiss(ref: React.RefObject<HTMLDetailsElement>) {
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        // Escape in a dialog opened from the menu (report) closes that dialog only.
        if (event.defaultPrevented || (event.target instanceof Element && event.target.closest("[role='dialog']"))) return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (event.target instanceof Node && details.contains(event.target)) return;
      // A dialog opened from the menu (the report modal) lives outside it.
      if (event.target instanceof Element && event.target.closest("[role='dialog']")) return;
      details.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, [ref]);
}

export function PostMenu({ postId, signedIn, canDelete, canEdit = false, afterDelete, onDeleted }: PostMenuProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const fetcher = useFetcher<ErrorAnswer | null>();
  const busy = fetcher.state !== "idle";
  useDismiss(ref);

  // The action answers 204 (no data) once the post is gone, or { error }.
  useFetcherSettled(fetcher, (data) => {
    const error = errorOf(data);
    if (error || data === undefined) {
      notify.error(errorOr(data, "Could not delete the post"));
      return;
    }
    notify.success(POST_MESSAGES.deleted);
    if (ref.current) ref.current.open = false;
    onDeleted?.(postId);
  });

  function remove() {
    if (busy) return;
    fetcher.submit({ intent: "delete" }, { method: "post", action: apiPaths.post(postId) });
  }

  return (
    <details ref={ref} className="post-menu">
      <summary className="icon-button post-menu__trigger" aria-label="More options">
        <MoreHorizontal aria-hidden />
        <span className="visually-hidden">More options</span>
      </summary>
      <div className="post-menu__panel">
        <ReportButton contentType="post" contentId={postId} signedIn={signedIn} showLabel label="Report post" className="post-menu__item" />
        {canEdit ? (
          <Link to={postEditPath(postId)} className="post-menu__item" data-testid="edit-post">
            <Pencil aria-hidden size={18} /> Edit post
          </Link>
        ) : null}
        {canDelete ? (
          <details className="post-menu__confirm">
            <summary className="post-menu__item post-menu__item--danger">
              <Trash2 aria-hidden size={18} /> Delete post
            </summary>
            <form
              method="post"
              action={apiPaths.post(postId)}
              className="post-menu__confirm-form"
              onSubmit={(event) => {
                event.preventDefault();
                remove();
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="redirectTo" value={afterDelete} />
              <p className="post-menu__confirm-text">Delete this post for good? Its photos, likes and comments go with it.</p>
              <button type="submit" className="btn btn--danger btn--sm btn--block" disabled={busy}>
                {busy ? <Loader2 aria-hidden size={16} className="spin" /> : <Trash2 aria-hidden size={16} />} Yes, delete
              </button>
            </form>
          </details>
        ) : null}
      </div>
    </details>
  );
}
