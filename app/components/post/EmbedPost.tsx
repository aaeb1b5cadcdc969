// The forum-safe view of a post (/embed/post/{postId}): plain markup that works
// with no JavaScript at all (the route ships no scripts). Media as a CSS scroll-snap strip
// with a count on each item, the audio as a link, the cars, the story and the counts; every
// link opens the app in a new tab. Its icons are drawn inline (a framed page in a sandbox
// cannot reach the sprite file) and its one stylesheet is embed.css, which the route links.
import { CarFront, ExternalLink, MessageCircle, Music2, ThumbsDown, ThumbsUp } from "~/components/icons/inline";
import { Avatar } from "~/components/shell/Avatar";
import { Logo } from "~/components/shell/Logo";
import { SITE_NAME } from "~/components/share/share-links";
import { UNKNOWN_VEHICLE } from "~/lib/rules/cars";
import { postPath, showcasePath, userPath } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import { moreMediaText } from "~/lib/media/media-count";
import type { FeedPost } from "~/lib/wire";
import { AUDIO_MESSAGES, trackNameFromUrl } from "~/components/audio/track";
import { mediaAlt } from "~/components/media/viewer-items";
import { carLines, frameRatio, isLongStory, mediaAreaOf, mediaSubject, orderedMedia, POST_PLACEHOLDERS, ratioCss } from "./post-view";
import { imageSizeAttributes } from "~/lib/media/media-types";

const SIZES = "(min-width: 600px) 600px, 100vw";

export function EmbedPost({ post, origin, now }: { post: FeedPost; origin: string; now: number }) {
  const base = origin.replace(/\/+$/, "");
  const link = (path: string) => `${base}${path}`;
  const newTab = { target: "_blank", rel: "noopener" } as const;
  const media = orderedMedia(post.photos);
  const area = mediaAreaOf(post);
  const cars = carLines(post);
  const subject = mediaSubject(post);
  const ratio = ratioCss(frameRatio(media[0]));
  const story = post.story.trim();
  const track = post.soundcloud_url ? trackNameFromUrl(post.soundcloud_url) : null;
  const postLink = link(postPath(post.id));

  return (
    <article className="embed" data-testid="embed-post" data-post-id={post.id}>
      <header className="embed__header">
        <a href={link(userPath(post.creator.username))} {...newTab} className="embed__who">
          <Avatar name={post.creator.username} image={post.creator.profileImage} size={36} />
          <span className="embed__who-text">
            <span className="embed__user">@{post.creator.username}</span>
            <time className="embed__time" dateTime={post.created_at}>
              {relativeTime(post.created_at, now)}
            </time>
          </span>
        </a>
        <a href={link("/")} {...newTab} className="embed__brand" aria-label={`Open ${SITE_NAME}`}>
          <Logo compact />
        </a>
      </header>

      {area === "media" ? (
        <div className="embed__media" style={{ aspectRatio: ratio }} data-count={media.length}>
          {/* Several items scroll sideways: focusable, so arrow keys scroll it too. */}
          <ul className="embed__strip" aria-label={`${media.length} ${media.length === 1 ? "item" : "items"}`} tabIndex={media.length > 1 ? 0 : undefined}>
            {media.map((photo, index) => (
              <li key={photo.id} className="embed__slide">
                {photo.kind === "video" ? (
                  // eslint-disable-next-line jsx-a11y/media-has-caption -- members' uploads come without caption files
                  <video
                    className="embed__item"
                    src={photo.image_url}
                    poster={photo.poster_url ?? undefined}
                    controls
                    loop
                    playsInline
                    preload="metadata"
                    aria-label={mediaAlt(photo, index, media.length, subject)}
                  />
                ) : (
                  <img
                    className="embed__item"
                    src={photo.image_url}
                    {...imageSizeAttributes(photo, SIZES)}
                    alt={mediaAlt(photo, index, media.length, subject)}
                    loading={index === 0 ? "eager" : "lazy"}
                    decoding="async"
                  />
                )}
                {media.length > 1 ? (
                  <span className="embed__count">
                    {index + 1} / {media.length}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {media.length > 1 ? (
            // A finger swipes; a mouse scrolls sideways, so it is told only that there is more.
            <span className="embed__hint">
              <span className="embed__hint-touch">Swipe for more</span>
              <span className="embed__hint-pointer">{moreMediaText(media)}</span>
            </span>
          ) : null}
        </div>
      ) : (
        <div className="embed__placeholder" data-placeholder={area}>
          {area === "text" ? POST_PLACEHOLDERS.textPost : area === "audio" ? POST_PLACEHOLDERS.noMedia : POST_PLACEHOLDERS.emptyPost}
        </div>
      )}

      <div className="embed__body">
        {track && post.soundcloud_url ? (
          <a href={post.soundcloud_url} {...newTab} className="embed__audio">
            <Music2 aria-hidden className="embed__audio-icon" />
            <span className="embed__audio-text">
              <span className="embed__audio-title">{track.title}</span>
              <span className="embed__audio-author">
                {track.author ? `${track.author} · ` : ""}
                {AUDIO_MESSAGES.listen}
              </span>
            </span>
          </a>
        ) : null}

        <p className="embed__cars">
          <CarFront aria-hidden className="embed__car-icon" />
          {cars.length === 0 ? (
            <span>{UNKNOWN_VEHICLE}</span>
          ) : (
            cars.map((car, index) => (
              <span key={car.id}>
                {index > 0 ? " & " : null}
                <a href={link(showcasePath(car.id))} {...newTab}>
                  {car.line}
                </a>
              </span>
            ))
          )}
        </p>

        {story ? (
          <div className="embed__story" data-long={isLongStory(story) || undefined}>
            <p>{story}</p>
          </div>
        ) : null}

        <div className="embed__footer">
          <p className="embed__counts">
            <span>
              <ThumbsUp aria-hidden /> {post.counts.likes}
              <span className="visually-hidden"> {post.counts.likes === 1 ? "like" : "likes"}</span>
            </span>
            <span>
              <ThumbsDown aria-hidden /> {post.counts.dislikes}
              <span className="visually-hidden"> {post.counts.dislikes === 1 ? "dislike" : "dislikes"}</span>
            </span>
            <span>
              <MessageCircle aria-hidden /> {post.counts.comments}
              <span className="visually-hidden"> {post.counts.comments === 1 ? "comment" : "comments"}</span>
            </span>
          </p>
          <a href={postLink} {...newTab} className="embed__cta">
            View on {SITE_NAME} <ExternalLink aria-hidden size={16} />
          </a>
        </div>
      </div>
    </article>
  );
}
