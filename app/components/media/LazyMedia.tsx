// Lazy media: an image (or a video's player) is only requested once its box
// comes within 50 px of the viewport with 10 % of it showing (IntersectionObserver,
// rootMargin 50px, threshold 0.1). The box reserves the media's aspect ratio from its width
// and height, so nothing jumps when it arrives; a shimmer stands in until then, and a
// failed load shows 'Image unavailable'. Without JavaScript a <noscript> copy is shown.
import { ImageOff } from "~/components/icons";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { imagePriority } from "./image-priority";
import { viewerKind, type ViewerItem } from "./viewer-items";
import "./media.css";

export const LAZY_ROOT_MARGIN = "50px";
export const LAZY_THRESHOLD = 0.1;
export const IMAGE_UNAVAILABLE = "Image unavailable";

/**
 * True once the element has come into view (and stays true). `disabled` reports true at
 * once (media that must show immediately). Browsers without IntersectionObserver load at once.
 */
export function useInView<T extends Element>({
  rootMargin = LAZY_ROOT_MARGIN,
  threshold = LAZY_THRESHOLD,
  disabled = false,
}: { rootMargin?: string; threshold?: number; disabled?: boolean } = {}) {
  const [inView, setInView] = useState(disabled);
  // A ref object, not a callback that sets state: attaching it must not re-render every
  // image on the page right after hydration.
  const ref = useRef<T>(null);

  useEffect(() => {
    if (inView) return;
    if (disabled) {
      setInView(true);
      return;
    }
    const node = ref.current;
    if (!node) return;
    if (typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [inView, disabled, rootMargin, threshold]);

  return [ref, inView] as const;
}

export type LazyFit = "cover" | "contain";

type BoxProps = {
  width?: number | null;
  height?: number | null;
  /** Keep the aspect ratio from width/height (default). False: fill the parent instead. */
  reserve?: boolean;
  fit?: LazyFit;
  className?: string;
  style?: CSSProperties;
  /** A round-cornered frame etc. is up to the caller; this only lays the box out. */
  children?: ReactNode;
};

function boxStyle({ width, height, reserve = true, style }: BoxProps): CSSProperties {
  const ratio = width && height ? `${width} / ${height}` : undefined;
  return { ...(reserve && ratio ? { aspectRatio: ratio } : null), ...style };
}

export type LazyImageProps = Omit<BoxProps, "children"> & {
  src: string;
  srcSet?: string | null;
  sizes?: string;
  alt?: string;
  /** Load at once (the first thing on screen): no observer, fetchpriority high. */
  eager?: boolean;
  onLoad?: () => void;
  onError?: () => void;
  /** Shown over the image (badges, '+N'). */
  children?: ReactNode;
};

/** An image requested when it nears the viewport; 'Image unavailable' when it fails. */
export function LazyImage({
  src,
  srcSet,
  sizes = "100vw",
  alt = "",
  width,
  height,
  reserve = true,
  fit = "cover",
  eager = false,
  className,
  style,
  onLoad,
  onError,
  children,
}: LazyImageProps) {
  const [ref, inView] = useInView<HTMLSpanElement>({ disabled: eager });
  const [state, setState] = useState<"loading" | "loaded" | "error">("loading");
  const imageRef = useRef<HTMLImageElement | null>(null);
  // Until the page runs JavaScript nothing would ever mark the image loaded: show it as it comes.
  const running = useHydrated();

  // A new source starts over.
  useEffect(() => setState("loading"), [src]);

  // An image that finished before hydration fires no load event: read its state directly.
  useEffect(() => {
    const image = imageRef.current;
    if (!image || !image.complete) return;
    if (image.naturalWidth > 0) setState("loaded");
    else if (image.currentSrc || image.src) setState("error");
  }, [inView, src]);

  const classes = ["lazy-media", reserve ? null : "lazy-media--fill", className].filter(Boolean).join(" ");
  return (
    <span ref={ref} className={classes} data-state={running ? state : "static"} data-fit={fit} style={boxStyle({ width, height, reserve, style })}>
      {state !== "loaded" && state !== "error" ? <span className="lazy-media__shimmer skeleton" aria-hidden /> : null}
      {inView && state !== "error" ? (
        <img
          ref={imageRef}
          className="lazy-media__img"
          src={src}
          srcSet={srcSet || undefined}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={width ?? undefined}
          height={height ?? undefined}
          {...imagePriority(eager)}
          onLoad={() => {
            setState("loaded");
            onLoad?.();
          }}
          onError={() => {
            setState("error");
            onError?.();
          }}
        />
      ) : null}
      {!inView ? (
        <noscript>
          <img className="lazy-media__img" src={src} srcSet={srcSet || undefined} sizes={srcSet ? sizes : undefined} alt={alt} loading="lazy" />
        </noscript>
      ) : null}
      {state === "error" ? (
        <span className="lazy-media__error" role="img" aria-label={alt ? `${alt}: ${IMAGE_UNAVAILABLE}` : IMAGE_UNAVAILABLE}>
          <ImageOff aria-hidden />
          <span>{IMAGE_UNAVAILABLE}</span>
        </span>
      ) : null}
      {children}
    </span>
  );
}

export type LazyMediaProps = Omit<BoxProps, "children"> & {
  item: ViewerItem;
  sizes?: string;
  eager?: boolean;
  /** Videos: their attributes; the video itself is only created once in view. */
  video?: { muted?: boolean; loop?: boolean; autoPlay?: boolean; controls?: boolean };
  videoRef?: (element: HTMLVideoElement | null) => void;
  children?: ReactNode;
};

/**
 * A photo or a video from the feed, lazily. Videos show their poster (lazily, like an
 * image) until in view, then a muted, inline player; files that are neither show
 * 'Image unavailable'.
 */
export function LazyMedia({ item, sizes, eager, video, videoRef, children, ...box }: LazyMediaProps) {
  const kind = viewerKind(item);
  const [ref, inView] = useInView<HTMLSpanElement>({ disabled: eager });
  const [failed, setFailed] = useState(false);

  if (kind === "image") {
    return (
      <LazyImage src={item.url} srcSet={item.srcset} sizes={sizes} alt={item.alt ?? ""} width={item.width} height={item.height} eager={eager} {...box}>
        {children}
      </LazyImage>
    );
  }

  const classes = ["lazy-media", box.reserve === false ? "lazy-media--fill" : null, box.className].filter(Boolean).join(" ");
  const unavailable = kind === "unsupported" || failed;
  return (
    <span
      ref={ref}
      className={classes}
      data-state={unavailable ? "error" : "loaded"}
      data-fit={box.fit ?? "cover"}
      style={boxStyle({ ...box, width: item.width, height: item.height })}
    >
      {unavailable ? (
        <span className="lazy-media__error" role="img" aria-label={IMAGE_UNAVAILABLE}>
          <ImageOff aria-hidden />
          <span>{IMAGE_UNAVAILABLE}</span>
        </span>
      ) : inView ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- members' uploads come with no caption files; the alt text names the clip
        <video
          ref={videoRef}
          className="lazy-media__img"
          src={item.url}
          poster={item.poster ?? undefined}
          muted={video?.muted ?? true}
          loop={video?.loop ?? true}
          autoPlay={video?.autoPlay ?? false}
          controls={video?.controls ?? false}
          playsInline
          preload="metadata"
          aria-label={item.alt || "Video"}
          onError={() => setFailed(true)}
        />
      ) : item.poster ? (
        <img
          className="lazy-media__img"
          src={item.poster}
          srcSet={item.posterSrcset || undefined}
          sizes={item.posterSrcset ? sizes : undefined}
          alt={item.alt ?? ""}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="lazy-media__shimmer skeleton" aria-hidden />
      )}
      {children}
    </span>
  );
}
