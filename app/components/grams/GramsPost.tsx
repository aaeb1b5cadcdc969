// One post of the Grams feed, one screen tall: media edge to edge over a blurred copy of
// itself, the text (cars, follow, 'Showcase', '@username', time, story, audio) over a
// gradient at the bottom, and the action rail (creator, like/dislike, comments, mods).
import { Link } from "~/components/shell/Link";
import { AudioLines, CarFront, FileText, ImageOff, Pencil, Plus, Sparkles, Wrench } from "~/components/icons";
import { memo, useMemo, useState } from "react";
import { FollowButton } from "~/components/follow/FollowButton";
import { LinkedText } from "~/components/text/LinkedText";
import { LikeDislikeBar } from "~/components/interactions/LikeDislikeBar";
import { thumbnailOf, type ViewerItem } from "~/components/media/viewer-items";
import { postMediaItems } from "~/components/post/post-view";
import { carDisplayLine, carName } from "~/lib/rules/cars";
import { hasAudio } from "~/lib/rules/feed-filter";
import { carEditPath, showcasePath, userPath } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import { useOptionalUser } from "~/lib/client/user";
import type { FeedPost } from "~/lib/wire";
import { GramsAudio } from "./GramsAudio";
import { GramsMedia } from "./GramsMedia";
import { GRAMS_MESSAGES, gramsContentOf } from "./grams-feed";

export type GramsPostProps = {
  post: FeedPost;
  index: number;
  active: boolean;
  near: boolean;
  suspended: boolean;
  muted: boolean;
  signedIn: boolean;
  /** The moment server and browser agree on for relative times. */
  now: number;
  onOpenViewer: (items: ViewerItem[], index: number, label: string) => void;
  onOpenPanel: (postId: number, kind: "comments" | "mods") => void;
  onFollowSeveral: (postId: number) => void;
  onFollowChange: (postId: number, following: boolean) => void;
};

/** The items of a post in Grams order: the author's order. */
export function gramsItems(post: FeedPost): ViewerItem[] {
  return postMediaItems(post);
}

export const GramsPost = memo(function GramsPost({
  post,
  index,
  active,
  near,
  suspended,
  muted,
  signedIn,
  now,
  onOpenViewer,
  onOpenPanel,
  onFollowSeveral,
  onFollowChange,
}: GramsPostProps) {
  const items = useMemo(() => gramsItems(post), [post]);
  const content = gramsContentOf(post);
  const cars = post.post_cars.map((postCar) => postCar.car);
  const firstCar = cars[0] ?? null;
  // A post without a car has no car line: the byline says whose post it is.
  const carLine = cars.length === 0 ? null : cars.length === 1 ? carDisplayLine(cars[0]) : cars.map((car) => carName(car)).join(" & ");
  const backdrop = items.map(thumbnailOf).find(Boolean) ?? null;
  const label = carLine ? `${carLine}, by @${post.creator.username}` : `Post by @${post.creator.username}`;
  const [expanded, setExpanded] = useState(false);
  const story = post.story.trim();
  const viewer = useOptionalUser();

  return (
    <article
      className="grams-post"
      data-index={index}
      data-post-id={post.id}
      data-testid="grams-post"
      aria-current={active ? "true" : undefined}
      aria-label={label}
      data-content={content}
    >
      {backdrop ? (
        <img className="grams-post__backdrop" src={backdrop} alt="" aria-hidden loading="lazy" decoding="async" />
      ) : (
        <span className="grams-post__backdrop grams-post__backdrop--plain" aria-hidden />
      )}

      <div className="grams-post__layout">
        <div className="grams-post__stage">
          {content === "media" ? (
            <GramsMedia
              items={items}
              layout={post.effective_layout}
              active={active}
              near={near}
              suspended={suspended}
              muted={muted}
              onOpen={(at) => onOpenViewer(items, at, label)}
              label={label}
            />
          ) : (
            <Placeholder content={content} story={story} mentions={post.mentions} />
          )}

          <div className="grams-post__shade" aria-hidden />

          <div className="grams-post__info">
            {carLine ? (
              <div className="grams-post__car">
                <CarFront aria-hidden className="grams-post__car-icon" />
                <span className="grams-post__car-line" data-testid="grams-car-line">
                  {carLine}
                </span>
              </div>
            ) : null}
            {firstCar ? (
              <div className="grams-post__car-actions">
                {viewer?.id === post.creator.id ? (
                  // The owner edits their own car where others follow it.
                  <Link to={carEditPath(firstCar.id)} className="follow-btn follow-btn--sm" data-testid="grams-edit-car">
                    <Pencil aria-hidden className="follow-btn__icon" />
                    <span className="follow-btn__label">Edit</span>
                  </Link>
                ) : cars.length === 1 ? (
                  <FollowButton
                    carId={firstCar.id}
                    initialFollowing={post.is_followed_car}
                    carName={carName(firstCar)}
                    size="sm"
                    onChange={(following) => onFollowChange(post.id, following)}
                  />
                ) : (
                  <button
                    type="button"
                    className="follow-btn follow-btn--sm"
                    data-state={post.is_followed_car ? "following" : "idle"}
                    onClick={() => onFollowSeveral(post.id)}
                  >
                    <Plus aria-hidden className="follow-btn__icon" />
                    <span className="follow-btn__label">Follow</span>
                  </button>
                )}
                <Link to={showcasePath(firstCar.id)} className="grams-chip" prefetch="intent">
                  <Sparkles aria-hidden className="grams-chip__icon" />
                  {GRAMS_MESSAGES.showcase}
                </Link>
              </div>
            ) : null}
            <p className="grams-post__byline">
              <Link to={userPath(post.creator.username)} className="grams-post__user">
                @{post.creator.username}
              </Link>
              <span aria-hidden> · </span>
              <time dateTime={post.created_at} suppressHydrationWarning>
                {relativeTime(post.created_at, now)}
              </time>
            </p>
            {story && content !== "text" ? (
              <p className="grams-post__story" data-expanded={expanded || undefined} data-grams-scrollable>
                <LinkedText text={story} mentions={post.mentions} />
              </p>
            ) : null}
            {story.length > 90 && content !== "text" ? (
              <button type="button" className="grams-post__more" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
                {expanded ? "less" : "more"}
              </button>
            ) : null}
            {hasAudio(post) ? <GramsAudio url={post.soundcloud_url!} active={active} /> : null}
          </div>
        </div>

        <div className="grams-post__rail">
          <Link to={userPath(post.creator.username)} className="grams-post__avatar" aria-label={`@${post.creator.username}`}>
            {post.creator.profileImage ? (
              <img src={post.creator.profileImage} alt="" width={48} height={48} loading="lazy" decoding="async" />
            ) : (
              <span aria-hidden>{post.creator.username.slice(0, 1).toUpperCase()}</span>
            )}
          </Link>
          <LikeDislikeBar
            post={post}
            signedIn={signedIn}
            orientation="vertical"
            onCommentsClick={() => onOpenPanel(post.id, "comments")}
            className="grams-post__reactions"
          >
            <button type="button" className="reaction grams-post__mods" onClick={() => onOpenPanel(post.id, "mods")}>
              <Wrench aria-hidden className="reaction__icon" />
              <span className="visually-hidden">{`${GRAMS_MESSAGES.mods}: `}</span>
              <span className="reaction__count">{post.counts.mods}</span>
            </button>
          </LikeDislikeBar>
        </div>
      </div>
    </article>
  );
});

function Placeholder({ content, story, mentions }: { content: "text" | "audio" | "empty"; story: string; mentions?: string[] }) {
  if (content === "text") {
    return (
      <div className="grams-placeholder grams-placeholder--text">
        <span className="grams-placeholder__label">
          <FileText aria-hidden /> {GRAMS_MESSAGES.textPost}
        </span>
        <p className="grams-placeholder__story" data-grams-scrollable>
          <LinkedText text={story} mentions={mentions} />
        </p>
      </div>
    );
  }
  return (
    <div className="grams-placeholder">
      <span className="grams-placeholder__icon" aria-hidden>
        {content === "audio" ? <AudioLines /> : <ImageOff />}
      </span>
      <span className="grams-placeholder__label">{content === "audio" ? GRAMS_MESSAGES.noMedia : GRAMS_MESSAGES.emptyPost}</span>
    </div>
  );
}
