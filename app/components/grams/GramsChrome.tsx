// The fixed parts of the Grams screen: the top bar (close, title, mute), the loading, failed
// and empty states, and the previous/next buttons. Each icon-only control carries its name as
// visually hidden text, which text browsers show.
import { ChevronDown, ChevronUp, ImageOff, RotateCw, Volume2, VolumeX, X } from "~/components/icons";
import { GRAMS_MESSAGES } from "./grams-feed";
import { isPlainClick } from "~/lib/client/link-clicks";

/** A link home without JavaScript (`closeHref`), a button otherwise. */
function GramsCloseButton({ closeHref, onClose }: { closeHref?: string; onClose: () => void }) {
  if (!closeHref) {
    return (
      <button type="button" className="grams__icon-btn grams__close" onClick={onClose}>
        <X aria-hidden />
        <span className="visually-hidden">Close Grams</span>
      </button>
    );
  }
  return (
    <a
      href={closeHref}
      className="grams__icon-btn grams__close"
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onClose();
      }}
    >
      <X aria-hidden />
      <span className="visually-hidden">Close Grams</span>
    </a>
  );
}

export function GramsTopBar({
  closeHref,
  onClose,
  hasVideo,
  muted,
  onToggleMute,
}: {
  closeHref?: string;
  onClose: () => void;
  /** The current post has a video: the mute button shows. */
  hasVideo: boolean;
  muted: boolean;
  onToggleMute: () => void;
}) {
  return (
    <div className="grams__top">
      <GramsCloseButton closeHref={closeHref} onClose={onClose} />
      <span className="grams__brand" aria-hidden>
        {GRAMS_MESSAGES.title}
      </span>
      {hasVideo ? (
        <button type="button" className="grams__icon-btn" aria-pressed={!muted} onClick={onToggleMute}>
          {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
          <span className="visually-hidden">{muted ? "Unmute videos" : "Mute videos"}</span>
        </button>
      ) : (
        <span className="grams__top-spacer" aria-hidden />
      )}
    </div>
  );
}

/** Loading, failed (with 'Try again') or empty (with 'Back to the feed'). */
export function GramsState({ status, onRetry, onClose }: { status: "loading" | "error" | "empty"; onRetry: () => void; onClose: () => void }) {
  if (status === "loading") {
    return (
      <div className="grams__state" role="status">
        <span className="grams__spinner" aria-hidden />
        <p>{GRAMS_MESSAGES.loading}</p>
      </div>
    );
  }
  if (status === "error") {
    return (
      <div className="grams__state" role="alert">
        <span className="grams__state-icon" aria-hidden>
          <RotateCw />
        </span>
        <p>{GRAMS_MESSAGES.failed}</p>
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="grams__state">
      <span className="grams__state-icon" aria-hidden>
        <ImageOff />
      </span>
      <p>{GRAMS_MESSAGES.empty}</p>
      <button type="button" className="btn btn--secondary" onClick={onClose}>
        Back to the feed
      </button>
    </div>
  );
}

export function GramsNavButtons({ active, count, move }: { active: number; count: number; move: (delta: number) => void }) {
  return (
    <div className="grams__nav">
      <button type="button" className="grams__icon-btn grams__nav-btn" disabled={active === 0} onClick={() => move(-1)}>
        <ChevronUp aria-hidden />
        <span className="visually-hidden">Previous post</span>
      </button>
      <button type="button" className="grams__icon-btn grams__nav-btn" disabled={active >= count - 1} onClick={() => move(1)}>
        <ChevronDown aria-hidden />
        <span className="visually-hidden">Next post</span>
      </button>
    </div>
  );
}
