// The media area of one Grams post, full screen: single, carousel, grid (at most six, '+N'
// on the sixth) or album, videos first. Images open the media viewer when tapped; videos
// play while their post is on screen (muted unless the reader unmuted Grams), pause when
// it is not, and a tap pauses or resumes them.
import { ChevronLeft, ChevronRight, Expand, Play } from "~/components/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { LazyImage } from "~/components/media/LazyMedia";
import { viewerKind, type ViewerItem } from "~/components/media/viewer-items";
import { gridItems, type Layout } from "~/lib/rules/layout";

export type GramsMediaProps = {
  items: ViewerItem[];
  layout: Layout;
  /** The post is the one on screen. */
  active: boolean;
  /** The post is on screen or next to it: load its media now. */
  near: boolean;
  /** Videos stay paused (the viewer is open over Grams). */
  suspended: boolean;
  muted: boolean;
  /** Opens the viewer at an item. */
  onOpen: (index: number) => void;
  label: string;
};

/** Tall media fill the screen; wide ones are shown whole over the blurred backdrop. */
function fitOf(item: ViewerItem): "cover" | "contain" {
  return item.width && item.height && item.height > item.width * 1.2 ? "cover" : "contain";
}

export function GramsMedia(props: GramsMediaProps) {
  const { items, layout } = props;
  if (items.length === 1 || layout === "single") return <SingleMedia {...props} />;
  if (layout === "grid") return <GridMedia {...props} />;
  if (layout === "album") return <AlbumMedia {...props} />;
  return <CarouselMedia {...props} />;
}

function SingleMedia({ items, active, near, suspended, muted, onOpen, label }: GramsMediaProps) {
  return (
    <div className="grams-media grams-media--single">
      <MediaTile item={items[0]} index={0} fit={fitOf(items[0])} playing={active && !suspended} near={near} muted={muted} onOpen={onOpen} label={label} />
      {items.length > 1 ? <MoreBadge count={items.length} onOpen={() => onOpen(0)} /> : null}
    </div>
  );
}

function CarouselMedia({ items, active, near, suspended, muted, onOpen, label }: GramsMediaProps) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  const onScroll = useCallback(() => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    setCurrent(Math.round(element.scrollLeft / element.clientWidth));
  }, []);

  const scrollTo = (index: number) => {
    const element = track.current;
    if (!element) return;
    const target = Math.max(0, Math.min(items.length - 1, index));
    element.scrollTo({ left: target * element.clientWidth, behavior: "smooth" });
  };

  return (
    <div className="grams-media grams-media--carousel">
      <div className="grams-carousel" ref={track} onScroll={onScroll} data-grams-horizontal>
        {items.map((item, index) => (
          <div className="grams-carousel__item" key={`${index}:${item.url}`}>
            <MediaTile
              item={item}
              index={index}
              fit={fitOf(item)}
              playing={active && !suspended && current === index}
              near={near && Math.abs(current - index) <= 1}
              muted={muted}
              onOpen={onOpen}
              label={`${label}, ${index + 1} of ${items.length}`}
            />
          </div>
        ))}
      </div>
      <span className="grams-media__count" aria-hidden>
        {current + 1}/{items.length}
      </span>
      <div className="grams-carousel__dots" aria-hidden>
        {items.map((item, index) => (
          <span key={`${index}:${item.url}`} className="grams-carousel__dot" data-current={index === current || undefined} />
        ))}
      </div>
      {current > 0 ? (
        <button type="button" className="grams-carousel__nav grams-carousel__nav--prev" onClick={() => scrollTo(current - 1)}>
          <ChevronLeft aria-hidden />
          <span className="visually-hidden">Previous photo</span>
        </button>
      ) : null}
      {current < items.length - 1 ? (
        <button type="button" className="grams-carousel__nav grams-carousel__nav--next" onClick={() => scrollTo(current + 1)}>
          <ChevronRight aria-hidden />
          <span className="visually-hidden">Next photo</span>
        </button>
      ) : null}
    </div>
  );
}

function GridMedia({ items, near, onOpen, label }: GramsMediaProps) {
  const { visible, overlay } = gridItems(items);
  return (
    <div className="grams-media grams-media--grid">
      <div className="grams-grid" data-count={visible.length}>
        {visible.map((item, index) => (
          <div className="grams-grid__cell" key={`${index}:${item.url}`}>
            <MediaTile
              item={item}
              index={index}
              fit="cover"
              playing={false}
              near={near}
              muted
              onOpen={onOpen}
              label={`${label}, ${index + 1} of ${items.length}`}
              thumb
            />
            {overlay && index === visible.length - 1 ? (
              <span className="grams-grid__more" aria-hidden>
                {overlay}
              </span>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}

function AlbumMedia({ items, active, near, suspended, muted, onOpen, label }: GramsMediaProps) {
  const [hero, ...rest] = items;
  const shown = rest.slice(0, 3);
  const hidden = rest.length - shown.length;
  return (
    <div className="grams-media grams-media--album">
      <div className="grams-album__hero">
        <MediaTile
          item={hero}
          index={0}
          fit={fitOf(hero)}
          playing={active && !suspended}
          near={near}
          muted={muted}
          onOpen={onOpen}
          label={`${label}, 1 of ${items.length}`}
        />
      </div>
      <div className="grams-album__strip" data-count={shown.length}>
        {shown.map((item, offset) => (
          <div className="grams-album__cell" key={`${offset}:${item.url}`}>
            <MediaTile
              item={item}
              index={offset + 1}
              fit="cover"
              playing={false}
              near={near}
              muted
              onOpen={onOpen}
              label={`${label}, ${offset + 2} of ${items.length}`}
              thumb
            />
            {hidden > 0 && offset === shown.length - 1 ? (
              <span className="grams-grid__more" aria-hidden>
                +{hidden}
              </span>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}

function MoreBadge({ count, onOpen }: { count: number; onOpen: () => void }) {
  return (
    <button type="button" className="grams-media__count grams-media__count--button" onClick={onOpen}>
      1/{count}
    </button>
  );
}

type TileProps = {
  item: ViewerItem;
  index: number;
  fit: "cover" | "contain";
  playing: boolean;
  near: boolean;
  muted: boolean;
  onOpen: (index: number) => void;
  label: string;
  /** A small tile of a grid or album: videos show their poster and open the viewer. */
  thumb?: boolean;
};

function MediaTile({ item, index, fit, playing, near, muted, onOpen, label, thumb = false }: TileProps) {
  const kind = viewerKind(item);
  if (kind === "video" && !thumb) {
    return <GramsVideo item={item} fit={fit} playing={playing} near={near} muted={muted} onExpand={() => onOpen(index)} label={label} />;
  }
  const picture = kind === "video" ? item.poster : item.url;
  return (
    <button type="button" className="grams-tile" onClick={() => onOpen(index)} data-kind={kind}>
      {/* The button names the picture ("Open Ruby · 2019 Mazda MX-5, 2 of 4"), with the author's
          description when there is one; the picture itself adds nothing more to hear. */}
      <span className="visually-hidden">{`Open ${label}${item.description ? `: ${item.description}` : ""}`}</span>
      {picture ? (
        <LazyImage
          src={picture}
          srcSet={kind === "image" ? item.srcset : item.posterSrcset}
          sizes={thumb ? "(min-width: 768px) 300px, 50vw" : "(min-width: 768px) 720px, 100vw"}
          width={item.width}
          height={item.height}
          reserve={false}
          fit={fit}
          eager={near}
          alt=""
        />
      ) : (
        <span className="grams-tile__video-icon" aria-hidden>
          <Play />
        </span>
      )}
      {kind === "video" ? (
        <span className="grams-tile__badge" aria-hidden>
          <Play />
        </span>
      ) : null}
    </button>
  );
}

function GramsVideo({
  item,
  fit,
  playing,
  near,
  muted,
  onExpand,
  label,
}: {
  item: ViewerItem;
  fit: "cover" | "contain";
  playing: boolean;
  near: boolean;
  muted: boolean;
  onExpand: () => void;
  label: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(true);
  // A tap pauses until the next tap (or until the post leaves the screen and comes back).
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!playing) setHeld(false);
  }, [playing]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (playing && !held) {
      video.muted = muted;
      video.play().catch(() => setPaused(true));
    } else {
      video.pause();
    }
  }, [playing, held, muted]);

  return (
    <div className="grams-video" data-fit={fit} data-paused={paused || undefined}>
      <video
        ref={ref}
        src={item.url}
        poster={item.poster ?? undefined}
        muted
        loop
        playsInline
        preload={near ? "auto" : "none"}
        aria-label={item.alt || label}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
        onClick={() => setHeld((value) => !value)}
      />
      {paused && playing ? (
        <button
          type="button"
          className="grams-video__play"
          onClick={() => {
            setHeld(false);
            ref.current?.play().catch(() => undefined);
          }}
        >
          <Play aria-hidden />
          <span className="visually-hidden">Play</span>
        </button>
      ) : null}
      <button type="button" className="grams-video__expand" onClick={onExpand}>
        <Expand aria-hidden />
        <span className="visually-hidden">{`Open ${label} full screen`}</span>
      </button>
    </div>
  );
}
