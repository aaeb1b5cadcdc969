// The media viewer: a full-screen lightbox over everything else.
// Previous/next buttons, a thumbnail strip, the counter '1 / N' and a close button; keys
// Escape, ArrowLeft and ArrowRight; swipes on touch screens; the index wraps around at both
// ends. The neighbours of the item on screen are warmed up through the preload queue (2 at
// a time, 150 ms apart). Images show 'Loading image...' until they arrive and 'Image failed
// to load' when they fail or take over 10 s; files that are neither image nor video show
// 'Unsupported media type'. Videos start muted and looping, with a mute toggle; a click on
// the video plays or pauses it.
import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "~/components/shell/focus";
import { ChevronLeft, ChevronRight, FileWarning, Film, ImageOff, Play, Volume2, VolumeX, X } from "~/components/icons";
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { SWIPE_THRESHOLD_PX, VIEWER_LOAD_TIMEOUT } from "~/lib/constants";
import { preloadQueue } from "~/lib/client/preload";
import { neighbourIndexes, thumbnailOf, viewerKind, wrapIndex, type ViewerItem } from "./viewer-items";
import { imageSizeAttributes } from "~/lib/media/media-types";
import "./media-viewer.css";

export const VIEWER_MESSAGES = {
  loading: "Loading image...",
  failed: "Image failed to load",
  failedDetail: "Unable to display image",
  unsupported: "Unsupported media type",
  unsupportedDetail: "Cannot display this file",
} as const;

export type MediaViewerProps = {
  items: ViewerItem[];
  /** The item shown when the viewer opens (and whenever the caller changes it). */
  index: number;
  open: boolean;
  onClose: () => void;
  onIndexChange?: (index: number) => void;
  /** Read out by screen readers ("Photos of Ruby"). */
  label?: string;
};

export function MediaViewer({ items, index, open, onClose, onIndexChange, label = "Media viewer" }: MediaViewerProps) {
  // Focus goes back to whatever opened it (there is no Dialog.Trigger).
  const returnFocus = useReturnFocus(open && items.length > 0);
  const count = items.length;
  const [current, setCurrent] = useState(() => wrapIndex(index, count));
  const [muted, setMuted] = useState(true);

  // The caller's index wins whenever it (or the opening) changes.
  useEffect(() => {
    if (open) setCurrent(wrapIndex(index, count));
  }, [index, open, count]);

  const go = useCallback(
    (next: number) => {
      if (count === 0) return;
      const wrapped = wrapIndex(next, count);
      setCurrent(wrapped);
      onIndexChange?.(wrapped);
    },
    [count, onIndexChange],
  );
  const previous = useCallback(() => go(current - 1), [go, current]);
  const next = useCallback(() => go(current + 1), [go, current]);

  // Arrow keys anywhere while open (Escape is the dialog's own).
  useEffect(() => {
    if (!open || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        previous();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        next();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, count, previous, next]);

  // Warm up the neighbours.
  useEffect(() => {
    if (!open) return;
    const queue = preloadQueue();
    for (const neighbour of neighbourIndexes(current, count)) {
      const item = items[neighbour];
      const kind = viewerKind(item);
      if (kind === "image") void queue.preload({ url: item.url, srcset: item.srcset ?? undefined, sizes: "100vw" });
      else if (kind === "video" && item.poster) void queue.preload(item.poster);
    }
  }, [open, current, count, items]);

  // Swipes: a horizontal move over the threshold (and mostly sideways) changes the item.
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType !== "touch" && event.pointerType !== "pen") return;
    swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy) * 1.2) {
      if (dx < 0) next();
      else previous();
    }
  };

  const item = items[current];
  const counter = `${current + 1} / ${count}`;
  const kind = item ? viewerKind(item) : "unsupported";

  return (
    <Dialog.Root open={open && count > 0} onOpenChange={(value) => (value ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="viewer__backdrop" />
        <Dialog.Content className="viewer" aria-describedby={undefined} data-kind={kind} onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="visually-hidden">{label}</Dialog.Title>
          <div className="viewer__top">
            <span className="viewer__counter" aria-live="polite" data-testid="viewer-counter">
              {counter}
            </span>
            <div className="viewer__top-actions">
              {kind === "video" ? (
                <button
                  type="button"
                  className="viewer__icon-btn"
                  aria-label={muted ? "Unmute" : "Mute"}
                  aria-pressed={!muted}
                  onClick={() => setMuted((value) => !value)}
                >
                  {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
                </button>
              ) : null}
              <Dialog.Close className="viewer__icon-btn" aria-label="Close">
                <X aria-hidden />
              </Dialog.Close>
            </div>
          </div>

          <div className="viewer__stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
            {item ? <ViewerSlide key={`${current}:${item.url}`} item={item} muted={muted} /> : null}
            {count > 1 ? (
              <>
                <button type="button" className="viewer__nav viewer__nav--prev" aria-label="Previous" onClick={previous}>
                  <ChevronLeft aria-hidden />
                </button>
                <button type="button" className="viewer__nav viewer__nav--next" aria-label="Next" onClick={next}>
                  <ChevronRight aria-hidden />
                </button>
              </>
            ) : null}
          </div>

          {count > 1 ? <Thumbnails items={items} current={current} onPick={go} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ViewerSlide({ item, muted }: { item: ViewerItem; muted: boolean }) {
  const kind = viewerKind(item);
  if (kind === "unsupported") {
    return <ViewerMessage icon={<FileWarning aria-hidden />} title={VIEWER_MESSAGES.unsupported} detail={VIEWER_MESSAGES.unsupportedDetail} />;
  }
  return kind === "video" ? <ViewerVideo item={item} muted={muted} /> : <ViewerImage item={item} />;
}

function ViewerMessage({ icon, title, detail }: { icon: React.ReactNode; title: string; detail: string }) {
  return (
    <div className="viewer__message" role="alert">
      <span className="viewer__message-icon">{icon}</span>
      <strong>{title}</strong>
      <span>{detail}</span>
    </div>
  );
}

/** Loading until the file arrives, failed after an error or VIEWER_LOAD_TIMEOUT. */
function useLoadState() {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  useEffect(() => {
    if (state !== "loading") return;
    const timer = setTimeout(() => setState("failed"), VIEWER_LOAD_TIMEOUT);
    return () => clearTimeout(timer);
  }, [state]);
  const loaded = useCallback(() => setState((s) => (s === "loading" ? "loaded" : s)), []);
  const failed = useCallback(() => setState("failed"), []);
  return { state, loaded, failed };
}

function ViewerImage({ item }: { item: ViewerItem }) {
  const { state, loaded, failed } = useLoadState();
  const ref = useRef<HTMLImageElement>(null);
  // A cached image may be complete before React listens.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete) {
      if (image.naturalWidth > 0) loaded();
      else failed();
    }
  }, [loaded, failed]);

  if (state === "failed") {
    return <ViewerMessage icon={<ImageOff aria-hidden />} title={VIEWER_MESSAGES.failed} detail={VIEWER_MESSAGES.failedDetail} />;
  }
  return (
    <>
      <img
        ref={ref}
        className="viewer__media"
        data-state={state}
        src={item.url}
        {...imageSizeAttributes(item, "100vw")}
        alt={item.alt ?? ""}
        decoding="async"
        onLoad={loaded}
        onError={failed}
        draggable={false}
      />
      {state === "loading" ? <ViewerLoading /> : null}
    </>
  );
}

function ViewerLoading() {
  return (
    <div className="viewer__loading" role="status">
      <span className="viewer__spinner" aria-hidden />
      <span>{VIEWER_MESSAGES.loading}</span>
    </div>
  );
}

function ViewerVideo({ item, muted }: { item: ViewerItem; muted: boolean }) {
  const { state, loaded, failed } = useLoadState();
  const ref = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);

  // `muted` as an attribute is only read once; keep the property in step.
  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.readyState >= 2) loaded();
    video.play().catch(() => setPaused(true));
  }, [loaded]);

  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) {
      void video.play().catch(() => undefined);
    } else {
      video.pause();
    }
  };

  if (state === "failed") {
    return <ViewerMessage icon={<Film aria-hidden />} title={VIEWER_MESSAGES.failed} detail={VIEWER_MESSAGES.failedDetail} />;
  }
  return (
    <>
      <video
        ref={ref}
        className="viewer__media"
        data-state={state}
        src={item.url}
        poster={item.poster ?? undefined}
        muted
        loop
        playsInline
        autoPlay
        preload="auto"
        aria-label={item.alt || "Video"}
        onLoadedData={loaded}
        onError={failed}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
        onClick={toggle}
      />
      {paused && state !== "loading" ? (
        <button type="button" className="viewer__play" aria-label="Play" onClick={toggle}>
          <Play aria-hidden />
        </button>
      ) : null}
      {state === "loading" ? <ViewerLoading /> : null}
    </>
  );
}

function Thumbnails({ items, current, onPick }: { items: ViewerItem[]; current: number; onPick: (index: number) => void }) {
  const strip = useRef<HTMLDivElement>(null);
  // Keep the current thumbnail in sight.
  useEffect(() => {
    const active = strip.current?.querySelector<HTMLElement>('[aria-current="true"]');
    active?.scrollIntoView?.({ block: "nearest", inline: "center", behavior: "smooth" });
  }, [current]);

  return (
    <div className="viewer__thumbs" ref={strip} role="group" aria-label="Thumbnails">
      {items.map((item, i) => {
        const thumb = thumbnailOf(item);
        const kind = viewerKind(item);
        return (
          <button
            key={`${i}:${item.url}`}
            type="button"
            className="viewer__thumb"
            aria-label={`Show item ${i + 1} of ${items.length}`}
            aria-current={i === current ? "true" : undefined}
            onClick={() => onPick(i)}
          >
            {thumb ? (
              <img src={thumb} alt="" loading="lazy" decoding="async" draggable={false} />
            ) : (
              <span className="viewer__thumb-icon">{kind === "video" ? <Film aria-hidden /> : <FileWarning aria-hidden />}</span>
            )}
            {kind === "video" ? (
              <span className="viewer__thumb-badge" aria-hidden>
                <Play />
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
