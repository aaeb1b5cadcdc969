// One post as a card: avatar, '@username', relative time, the cars line
// (each car to its showcase, 'Unknown Vehicle' where none), media in its layout or a
// placeholder ('Text Post', 'No Media', 'Empty post'), the audio player, the story (line
// breaks kept; long ones clamped with "more" in the feed), and the actions: like/dislike,
// comments, share, save, report and delete. Tapping media opens the media viewer.
import { Link } from "~/components/shell/Link";
import { CarFront, FileText, ImageOff, Music2 } from "~/components/icons";
import { useMemo, useState } from "react";
import { AudioPlayer } from "~/components/audio/AudioPlayer";
import { LikeDislikeBar } from "~/components/interactions/LikeDislikeBar";
import { SaveButton } from "~/components/interactions/SaveButton";
import { ShareButton } from "~/components/share/ShareButton";
import { SITE_NAME } from "~/components/share/share-links";
import { Avatar } from "~/components/shell/Avatar";
import { Kept } from "~/components/shell/Kept";
import { LinkedText } from "~/components/text/LinkedText";
import { UNKNOWN_VEHICLE } from "~/lib/rules/cars";
import { lazyComponent } from "~/lib/client/lazy-component";
import { postPath, showcasePath, userPath } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import type { FeedPost } from "~/lib/wire";
import { PostMedia } from "./PostMedia";
import { PostMenu } from "./PostMenu";
import { carLines, carsText, isLongStory, mediaAreaOf, POST_PLACEHOLDERS, postMediaItems, shareTitle } from "./post-view";
import "./post.css";
import { isPlainClick } from "~/lib/client/link-clicks";

const MediaViewer = lazyComponent(() => import("~/components/media/MediaViewer").then((module) => module.MediaViewer));

export type PostCardViewer = { id: number; isAdmin: boolean } | null;

export type PostCardProps = {
  post: FeedPost;
  /** The moment server and browser agree on for relative times. */
  now: number;
  viewer: PostCardViewer;
  /** "feed": clamped story, comments link; "page": the whole story. */
  variant?: "feed" | "page";
  /** The first card on screen: its media load at once. */
  priority?: boolean;
  /** Where plain forms come back to (the current page by default). */
  returnTo?: string;
  /** Where a plain delete form goes (the feed stays; a post page goes home). */
  afterDelete?: string;
  onDeleted?: (postId: number) => void;
};

function Placeholder({ kind }: { kind: "audio" | "empty" }) {
  if (kind === "audio") {
    return (
      <div className="post-placeholder post-placeholder--audio" data-placeholder="audio">
        <Music2 aria-hidden className="post-placeholder__icon" />
        <span className="post-placeholder__label">{POST_PLACEHOLDERS.noMedia}</span>
      </div>
    );
  }
  return (
    <div className="post-placeholder post-placeholder--empty" data-placeholder="empty">
      <ImageOff aria-hidden className="post-placeholder__icon" />
      <span className="post-placeholder__label">{POST_PLACEHOLDERS.emptyPost}</span>
    </div>
  );
}

/** A post with a story and no media: the story itself, set large, under a 'Text Post' label. */
function TextPost({ post, variant }: { post: FeedPost; variant: "feed" | "page" }) {
  const [expanded, setExpanded] = useState(false);
  const story = post.story.trim();
  const clamp = variant === "feed" && isLongStory(story) && !expanded;
  return (
    <div
      className="post-placeholder post-placeholder--text"
      data-placeholder="text"
      data-clamped={clamp || undefined}
      data-size={story.length <= 90 ? "l" : story.length <= 220 ? "m" : "s"}
    >
      <span className="post-placeholder__label">
        <FileText aria-hidden /> {POST_PLACEHOLDERS.textPost}
      </span>
      <p className="post-placeholder__story">
        <LinkedText text={story} mentions={post.mentions} />
      </p>
      {clamp ? <MoreLink postId={post.id} onExpand={() => setExpanded(true)} /> : null}
    </div>
  );
}

/** "more": expands in place; without JavaScript, the post's page has the whole story. */
function MoreLink({ postId, onExpand }: { postId: number; onExpand: () => void }) {
  return (
    <a
      href={postPath(postId)}
      className="post-story__more"
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onExpand();
      }}
    >
      more
    </a>
  );
}

function Story({ post, variant }: { post: FeedPost; variant: "feed" | "page" }) {
  const [expanded, setExpanded] = useState(false);
  const story = post.story.trim();
  if (!story) return null;
  const clamp = variant === "feed" && isLongStory(story) && !expanded;
  return (
    <div className="post-story" data-clamped={clamp || undefined}>
      <p className="post-story__text">
        <Link to={userPath(post.creator.username)} className="post-story__author">
          {post.creator.username}
        </Link>{" "}
        <LinkedText text={story} mentions={post.mentions} />
      </p>
      {clamp ? <MoreLink postId={post.id} onExpand={() => setExpanded(true)} /> : null}
    </div>
  );
}

/**
 * The card's element, a part whose inside is written from kept markup for readers who see the
 * same (shell/Kept.tsx): its inputs are the post with its counts and the reader's own flags,
 * what the reader may do with it, and its relative times as they read.
 */
export function PostCard({ post, now, viewer, variant = "feed", priority = false, returnTo, afterDelete, onDeleted }: PostCardProps) {
  const signedIn = viewer !== null;
  const canDelete = Boolean(viewer && (viewer.id === post.created_by || viewer.isAdmin));
  const canEdit = Boolean(viewer && viewer.id === post.created_by);
  const age = relativeTime(post.created_at, now);
  const editedAge = post.edited_at ? relativeTime(post.edited_at, now) : null;
  const shown: CardShown = { post, variant, priority, returnTo, afterDelete, signedIn, canDelete, canEdit, age, editedAge };

  return (
    <Kept
      as="article"
      name="post-card"
      inputs={[post, age, editedAge, signedIn, canDelete, canEdit, variant, priority, returnTo, afterDelete]}
      className="post-card"
      data-variant={variant}
      data-post-id={post.id}
      data-testid="post-card"
      id={variant === "feed" ? `post-${post.id}` : undefined}
      aria-labelledby={`post-${post.id}-title`}
    >
      <CardInside {...shown} onDeleted={onDeleted} />
    </Kept>
  );
}

/** What a card's inside is made from. */
type CardShown = Required<Pick<PostCardProps, "post" | "variant" | "priority">> &
  Pick<PostCardProps, "returnTo" | "afterDelete"> & { signedIn: boolean; canDelete: boolean; canEdit: boolean; age: string; editedAge: string | null };

/** The card's inside: rendered only where no kept markup is written in its place. */
function CardInside({
  post,
  variant,
  priority,
  returnTo,
  afterDelete,
  signedIn,
  canDelete,
  canEdit,
  age,
  editedAge,
  onDeleted,
}: CardShown & Pick<PostCardProps, "onDeleted">) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const cars = carLines(post);
  const label = carsText(post);
  const items = useMemo(() => postMediaItems(post), [post]);
  const area = mediaAreaOf(post);
  const profile = userPath(post.creator.username);
  const href = postPath(post.id);
  const created = new Date(post.created_at);
  const HeadingTag = variant === "page" ? "h1" : "h2";

  return (
    <>
      <header className="post-card__header">
        <Link to={profile} className="post-card__avatar" tabIndex={-1} aria-hidden>
          <Avatar name={post.creator.username} image={post.creator.profileImage} size={40} />
        </Link>
        <div className="post-card__who">
          <HeadingTag className="post-card__title" id={`post-${post.id}-title`}>
            <Link to={profile} className="post-card__user">
              @{post.creator.username}
            </Link>
          </HeadingTag>
          <p className="post-card__cars" data-testid="post-cars">
            <CarFront aria-hidden className="post-card__car-icon" />
            {cars.length === 0 ? (
              <span className="post-card__car post-card__car--unknown">{UNKNOWN_VEHICLE}</span>
            ) : (
              cars.map((car, index) => (
                <span key={car.id} className="post-card__car-item">
                  {index > 0 ? (
                    <span className="post-card__car-sep" aria-hidden>
                      &amp;
                    </span>
                  ) : null}
                  <Link to={showcasePath(car.id)} className="post-card__car">
                    {car.line}
                  </Link>
                  {car.formerOwner ? <span className="post-card__car-era"> while owned by @{post.creator.username}</span> : null}
                </span>
              ))
            )}
          </p>
        </div>
        <Link to={href} className="post-card__time">
          <time dateTime={post.created_at} title={created.toUTCString()} suppressHydrationWarning>
            {age}
          </time>
          {post.edited_at ? (
            <span className="post-card__edited" data-testid="post-edited">
              {" · "}edited{" "}
              <time dateTime={post.edited_at} title={new Date(post.edited_at).toUTCString()} suppressHydrationWarning>
                {editedAge}
              </time>
            </span>
          ) : null}
        </Link>
        <PostMenu postId={post.id} signedIn={signedIn} canDelete={canDelete} canEdit={canEdit} afterDelete={afterDelete ?? returnTo ?? "/"} onDeleted={onDeleted} />
      </header>

      <div className="post-card__media">
        {area === "media" ? (
          <PostMedia items={items} layout={post.effective_layout} href={href} onOpen={setViewerIndex} priority={priority} label={`Photos of ${label}`} />
        ) : area === "text" ? (
          <TextPost post={post} variant={variant} />
        ) : (
          <Placeholder kind={area} />
        )}
      </div>

      {post.soundcloud_url ? (
        <div className="post-card__audio">
          <AudioPlayer url={post.soundcloud_url} />
        </div>
      ) : null}

      <div className="post-card__actions">
        <LikeDislikeBar post={post} signedIn={signedIn} returnTo={returnTo} commentsHref={`${href}#comments`}>
          <ShareButton post={post} shares={post.counts.shares} title={shareTitle(post, SITE_NAME)} />
          <span className="post-card__spacer" />
          <SaveButton postId={post.id} saved={post.saved} signedIn={signedIn} returnTo={returnTo} />
        </LikeDislikeBar>
      </div>

      {area !== "text" ? <Story post={post} variant={variant} /> : null}

      {viewerIndex !== null ? <MediaViewer items={items} index={viewerIndex} open onClose={() => setViewerIndex(null)} label={`Photos of ${label}`} /> : null}
    </>
  );
}
