// A post's media in its layout: single; carousel (prev/next buttons, dots,
// swipes over 20 px, mouse drags over 1 px, within bounds); grid of at most 6 with '+N' on
// the sixth; album (a big first item, the rest below). Videos come first and play muted,
// looping and inline while on screen (lazy media). Every frame reserves its aspect ratio;
// images are plain <img> with srcset/sizes, width/height and native lazy loading. Tapping an item opens the media viewer (`onOpen`); without
// JavaScript it is a link to the post's page.
import { ChevronLeft, ChevronRight, Film, ImageOff } from "~/components/icons";
import { useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from "react";
import { imagePriority } from "~/components/media/image-priority";
import { IMAGE_UNAVAILABLE, LazyMedia } from "~/components/media/LazyMedia";
import type { ViewerItem } from "~/components/media/viewer-items";
import { useHydrated } from "~/lib/client/hydrated";
import { gridItems, type Layout } from "~/lib/rules/layout";
import { mediaCountText } from "~/lib/media/media-count";
import { clampIndex, frameRatio, ratioCss, swipeStep } from "./post-view";
import { imageSizeAttributes } from "~/lib/media/media-types";
import { isPlainClick } from "~/lib/client/link-clicks";

export const SIZES = {
  full: "(min-width: 768px) 614px, 100vw",
  half: "(min-width: 768px) 307px, 50vw",
  third: "(min-width: 768px) 205px, 34vw",
} as const;

export type PostMediaProps = {
  items: ViewerItem[];
  layout: Layout;
  /** The post's page: where a tap goes without JavaScript. */
  href: string;
  onOpen: (index: number) => void;
  /** The first thing on screen: load at once. */
  priority?: boolean;
  /** What the items show, for screen readers ("Photos of Godzilla"). */
  label: string;
};

/** Pauses a video while it is mostly off screen and plays it (muted) when it comes back. */
function useVisiblePlayback() {
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback((video: HTMLVideoElement | null) => {
    if (!video || typeof IntersectionObserver === "undefined") return;
    if (!observer.current) {
      observer.current = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const element = entry.target as HTMLVideoElement;
            if (entry.intersectionRatio >= 0.5) void element.play().catch(() => undefined);
            else element.pause();
          }
        },
        { threshold: [0, 0.5] },
      );
    }
    observer.current.observe(video);
  }, []);
}

/**
 * A photo as a plain server-rendered <img>: the browser's own lazy loading, so it shows
 * with no JavaScript and paints before hydration; 'Image unavailable' when it fails.
 */
function FeedImage({ item, sizes, eager }: { item: ViewerItem; sizes: string; eager: boolean }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event unheard.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc) setFailed(true);
  }, []);
  if (failed) {
    return (
      <span className="lazy-media__error" role="img" aria-label={IMAGE_UNAVAILABLE}>
        <ImageOff aria-hidden />
        <span>{IMAGE_UNAVAILABLE}</span>
      </span>
    );
  }
  return (
    <img
      ref={ref}
      className="media-tile__img"
      src={item.url}
      {...imageSizeAttributes(item, sizes)}
      alt={item.alt ?? ""}
      loading={eager ? "eager" : "lazy"}
      {...imagePriority(eager)}
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}

function Tile({
  item,
  index,
  href,
  sizes,
  eager,
  onOpen,
  videoRef,
  style,
  className,
  overlay,
  blockClick,
  hidden = false,
}: {
  item: ViewerItem;
  index: number;
  href: string;
  sizes: string;
  eager: boolean;
  onOpen: (index: number) => void;
  videoRef: (video: HTMLVideoElement | null) => void;
  style?: CSSProperties;
  className?: string;
  overlay?: string | null;
  blockClick?: () => boolean;
  /** An off-screen carousel slide: out of the Tab order. */
  hidden?: boolean;
}) {
  const isVideo = item.kind === "video";
  const name = overlay ? `Show all: ${overlay} more` : `Open ${isVideo ? "video" : "photo"} ${index + 1}`;
  return (
    <a
      href={href}
      className={["media-tile", className].filter(Boolean).join(" ")}
      style={style}
      aria-label={name}
      tabIndex={hidden ? -1 : undefined}
      data-kind={isVideo ? "video" : "image"}
      draggable={false}
      onClick={(event: ReactMouseEvent) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        if (blockClick?.()) return;
        onOpen(index);
      }}
    >
      {isVideo ? (
        <LazyMedia
          item={item}
          sizes={sizes}
          eager={eager}
          reserve={false}
          // A video in a big frame shows its whole picture (letterboxed when the frame's ratio
          // differs); small grid and album tiles are crops that open the viewer.
          fit={className === "media-tile--grid" || className === "media-tile--thumb" ? "cover" : "contain"}
          video={{ muted: true, loop: true, autoPlay: true }}
          videoRef={videoRef}
        />
      ) : (
        <FeedImage item={item} sizes={sizes} eager={eager} />
      )}
      {isVideo ? (
        <span className="media-tile__badge" aria-hidden>
          <Film />
        </span>
      ) : null}
      {overlay ? (
        <span className="media-tile__more" data-testid="grid-more">
          {overlay}
        </span>
      ) : null}
    </a>
  );
}

export function PostMedia({ items, layout, href, onOpen, priority = false, label }: PostMediaProps) {
  const videoRef = useVisiblePlayback();
  const count = items.length;
  if (count === 0) return null;
  const shown: Layout = count === 1 ? "single" : layout;
  const common = { href, onOpen, videoRef };

  if (shown === "carousel") return <Carousel items={items} label={label} priority={priority} {...common} />;

  if (shown === "grid") {
    const { visible, overlay } = gridItems(items);
    return (
      <div className="post-media post-media--grid" data-count={visible.length} role="group" aria-label={label} data-layout="grid">
        {visible.map((item, index) => (
          <Tile
            key={`${item.url}:${index}`}
            item={item}
            index={index}
            sizes={visible.length <= 1 ? SIZES.full : SIZES.half}
            eager={priority && index < 2}
            overlay={index === visible.length - 1 ? overlay : null}
            className="media-tile--grid"
            {...common}
          />
        ))}
      </div>
    );
  }

  if (shown === "album") {
    const [first, ...rest] = items;
    return (
      <div className="post-media post-media--album" role="group" aria-label={label} data-layout="album" data-count={count}>
        <Tile item={first} index={0} sizes={SIZES.full} eager={priority} style={{ aspectRatio: ratioCss(frameRatio(first)) }} className="media-tile--hero" {...common} />
        <div className="post-media__album-rest" data-count={rest.length}>
          {rest.map((item, index) => (
            <Tile
              key={`${item.url}:${index + 1}`}
              item={item}
              index={index + 1}
              sizes={rest.length === 1 ? SIZES.full : rest.length === 2 ? SIZES.half : SIZES.third}
              eager={false}
              className="media-tile--thumb"
              {...common}
            />
          ))}
        </div>
      </div>
    );
  }

  // Single: the first item; more items are a tap away in the viewer.
  const first = items[0];
  return (
    <div className="post-media post-media--single" role="group" aria-label={label} data-layout="single">
      <Tile item={first} index={0} sizes={SIZES.full} eager={priority} style={{ aspectRatio: ratioCss(frameRatio(first)) }} className="media-tile--single" {...common} />
      {count > 1 ? (
        <span className="post-media__count" aria-label={`${count} items`}>
          1 / {count}
        </span>
      ) : null}
    </div>
  );
}

// ------------------------------------------------------------------ carousel

function Carousel({
  items,
  label,
  priority,
  href,
  onOpen,
  videoRef,
}: {
  items: ViewerItem[];
  label: string;
  priority: boolean;
  href: string;
  onOpen: (index: number) => void;
  videoRef: (video: HTMLVideoElement | null) => void;
}) {
  const hydrated = useHydrated();
  const count = items.length;
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const start = useRef<{ x: number; y: number; id: number; type: string } | null>(null);
  const dragged = useRef(false);
  const ratio = frameRatio(items[0]);

  const go = useCallback((next: number) => setIndex(clampIndex(next, count)), [count]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId, type: event.pointerType };
    dragged.current = false;
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) > Math.abs(dy)) {
      // Resist at the ends.
      const atEdge = (dx > 0 && index === 0) || (dx < 0 && index === count - 1);
      setDrag(atEdge ? dx / 3 : dx);
      if (Math.abs(dx) > 1 && event.pointerType === "mouse") event.currentTarget.setPointerCapture?.(event.pointerId);
    }
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    setDrag(0);
    if (!from || from.id !== event.pointerId) return;
    const step = swipeStep(event.clientX - from.x, event.clientY - from.y, from.type);
    if (step !== 0) {
      dragged.current = true;
      go(index + step);
    }
  };
  const onPointerCancel = () => {
    start.current = null;
    setDrag(0);
  };

  // A drag that moved the carousel is not also a tap.
  const blockClick = () => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  };

  const enhanced = hydrated && count > 1;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys pressed on the carousel's focusable slides and buttons bubble up here
    <div
      className="post-media post-media--carousel carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-layout="carousel"
      data-enhanced={enhanced || undefined}
      data-dragging={drag !== 0 || undefined}
      style={{ aspectRatio: ratioCss(ratio) }}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") {
          event.preventDefault();
          go(index - 1);
        } else if (event.key === "ArrowRight") {
          event.preventDefault();
          go(index + 1);
        }
      }}
    >
      <div
        className="carousel__viewport"
        onPointerDown={enhanced ? onPointerDown : undefined}
        onPointerMove={enhanced ? onPointerMove : undefined}
        onPointerUp={enhanced ? onPointerUp : undefined}
        onPointerCancel={enhanced ? onPointerCancel : undefined}
        onDragStart={(event) => event.preventDefault()}
      >
        <div className="carousel__track" style={enhanced ? { transform: `translate3d(calc(${-index * 100}% + ${drag}px), 0, 0)` } : undefined}>
          {items.map((item, itemIndex) => (
            <div
              key={`${item.url}:${itemIndex}`}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${itemIndex + 1} of ${count}`}
              aria-hidden={enhanced && itemIndex !== index ? true : undefined}
            >
              <Tile
                item={item}
                index={itemIndex}
                href={href}
                sizes={SIZES.full}
                eager={priority && itemIndex === 0}
                onOpen={onOpen}
                videoRef={videoRef}
                blockClick={blockClick}
                hidden={enhanced && itemIndex !== index}
                className="media-tile--slide"
              />
            </div>
          ))}
        </div>
      </div>

      {enhanced ? (
        <>
          <span className="carousel__counter" data-testid="carousel-counter" aria-live="polite">
            {index + 1} / {count}
          </span>
          <button type="button" className="carousel__nav carousel__nav--prev" aria-label="Previous photo" onClick={() => go(index - 1)} hidden={index === 0}>
            <ChevronLeft aria-hidden />
          </button>
          <button type="button" className="carousel__nav carousel__nav--next" aria-label="Next photo" onClick={() => go(index + 1)} hidden={index === count - 1}>
            <ChevronRight aria-hidden />
          </button>
          <div className="carousel__dots" role="tablist" aria-label="Choose a photo">
            {items.map((_, dot) => (
              <button
                key={dot}
                type="button"
                role="tab"
                className="carousel__dot"
                aria-selected={dot === index}
                aria-label={`Show ${dot + 1} of ${count}`}
                onClick={() => go(dot)}
              />
            ))}
          </div>
        </>
      ) : count > 1 ? (
        <span className="carousel__counter carousel__counter--static" aria-hidden>
          {mediaCountText(items)}
          <span className="carousel__swipe"> · swipe</span>
        </span>
      ) : null}
    </div>
  );
}
