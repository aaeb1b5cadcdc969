// The full-screen Comments and Mods panels of a Grams post: a title, a close
// button and the content, sliding up over the feed. Only one is open at a time.
import { X } from "~/components/icons";
import { useEffect, useRef } from "react";
import { useFocusTrap } from "~/components/shell/focus";
import { CommentSection } from "~/components/comments/CommentSection";
import { useOptionalUser } from "~/lib/client/user";
import { ModsPanel } from "~/components/mods/ModsPanel";
import type { FeedPost } from "~/lib/wire";
import { GRAMS_MESSAGES } from "./grams-feed";

export type GramsPanelKind = "comments" | "mods";

export function GramsPanel({
  kind,
  post,
  onClose,
  onCommentCount,
}: {
  kind: GramsPanelKind;
  post: FeedPost;
  onClose: () => void;
  onCommentCount: (count: number) => void;
}) {
  const viewer = useOptionalUser();
  const title = kind === "comments" ? GRAMS_MESSAGES.comments : GRAMS_MESSAGES.mods;
  const closeRef = useRef<HTMLButtonElement>(null);
  // A modal sheet over Grams: Tab stays inside; closing returns focus to its button.
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef);
  const titleId = `grams-panel-${kind}-${post.id}`;
  // The section reports its count as soon as it mounts, before its comments have loaded:
  // only changes after that are news.
  const mounted = useRef(false);
  const countChanged = (count: number) => {
    if (mounted.current) onCommentCount(count);
    mounted.current = true;
  };

  useEffect(() => {
    closeRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={panelRef} className="grams-panel" role="dialog" aria-modal="true" aria-labelledby={titleId} data-kind={kind}>
      <header className="grams-panel__head">
        <span className="grams-panel__grabber" aria-hidden />
        <h2 className="grams-panel__title" id={titleId}>
          {title}
          {kind === "comments" ? <span className="grams-panel__count">{post.counts.comments}</span> : null}
        </h2>
        <button ref={closeRef} type="button" className="icon-button grams-panel__close" aria-label={`Close ${title.toLowerCase()}`} onClick={onClose}>
          <X aria-hidden />
        </button>
      </header>
      <div className="grams-panel__body" data-grams-scrollable>
        {kind === "comments" ? (
          <CommentSection postId={post.id} signedIn={Boolean(viewer)} viewer={viewer} showTitle={false} onCountChange={countChanged} />
        ) : (
          <ModsPanel carIds={post.car_ids} cars={post.post_cars.map((postCar) => postCar.car)} hideTitle title={GRAMS_MESSAGES.mods} />
        )}
      </div>
    </div>
  );
}
