// One stored photo or video of a post, sized by the frame around it: responsive srcset for
// images, the poster frame (or the first frame) for videos.
import { mediaUrl, srcSetFor } from "~/lib/media-types";

export type MediaItem = {
  id: number;
  postId: number;
  kind: string;
  path: string;
  width: number | null;
  height: number | null;
  variants: string;
  posterPath: string | null;
};

export function MediaImage({
  media,
  sizes,
  alt = "",
  eager = false,
}: {
  media: MediaItem;
  /** The `sizes` attribute: how wide the frame is at each breakpoint. */
  sizes: string;
  alt?: string;
  eager?: boolean;
}) {
  const loading = eager ? "eager" : "lazy";
  if (media.kind === "video" && !media.posterPath) {
    return <video src={`${mediaUrl(media.path)}#t=0.1`} muted playsInline preload="metadata" aria-label={alt || undefined} />;
  }
  const path = media.kind === "video" && media.posterPath ? media.posterPath : media.path;
  const srcSet = media.kind === "image" ? srcSetFor(path, media.variants, media.width) : "";
  return (
    <img
      src={mediaUrl(path)}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      loading={loading}
      decoding="async"
    />
  );
}
