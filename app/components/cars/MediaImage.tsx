// One stored photo or video of a post as a still picture, sized by the frame around it:
// responsive srcset for images and for a video's poster frame. A video without a poster
// shows a placeholder: grids and covers never draw a <video>.
import { Play } from "~/components/icons";
import { imagePriority } from "~/components/media/image-priority";
import { mediaUrl, pictureOf, srcSetFor, type StoredPictureFields } from "~/lib/media/media-types";

export type MediaItem = StoredPictureFields & { id: number; postId: number };

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
  const picture = pictureOf(media);
  if (!picture) {
    return (
      <span className="media-image__video-placeholder" role={alt ? "img" : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <Play aria-hidden />
      </span>
    );
  }
  const srcSet = srcSetFor(picture.path, picture.variants, picture.width);
  return (
    <img
      src={mediaUrl(picture.path)}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={picture.width ?? undefined}
      height={picture.height ?? undefined}
      loading={eager ? "eager" : "lazy"}
      {...imagePriority(eager)}
    />
  );
}
