// A person's posts as a square grid: the first photo (or a video's poster frame, with its
// length), a 'Text Post' tile for posts without media, icons for videos and multi-photo posts.
import { Link } from "~/components/shell/Link";
import { Copy, Heart, MessageCircle, Music, Play, Type } from "~/components/icons";
import { formatDuration } from "~/lib/media/media-types";
import { postPath } from "~/lib/paths";
import type { PostTile } from "~/lib/wire";
import "./profile.css";

export type { PostTile };

/**
 * The tile's name: the story's start, then the author's description of the picture when there
 * is one; a tile without a story says what kind of post it is. The picture itself adds nothing
 * more to hear, so its alt is empty.
 */
export function tileLabel(post: Pick<PostTile, "story" | "kind" | "alt">): string {
  const kind = { image: "Photo post", video: "Video post", text: "Text Post", audio: "Audio post", empty: "Post" }[post.kind];
  const name = post.story || kind;
  return post.alt ? `${name}: ${post.alt}` : name;
}

function Tile({ post }: { post: PostTile }) {
  const label = tileLabel(post);
  return (
    <Link to={postPath(post.id)} className="post-tile" data-kind={post.kind} prefetch="intent" aria-label={label}>
      {post.kind === "image" || (post.kind === "video" && post.thumb) ? (
        <img
          className="post-tile__media"
          src={post.thumb ?? undefined}
          srcSet={post.thumbSrcSet || undefined}
          sizes="(max-width: 767px) 34vw, 360px"
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : post.kind === "video" ? (
        // A video without a poster frame: a placeholder, never a <video> (one request per tile).
        <span className="post-tile__media post-tile__video-placeholder" aria-hidden>
          <Play size={28} />
        </span>
      ) : (
        <span className="post-tile__text">
          <span className="post-tile__badge">
            {post.kind === "audio" ? <Music aria-hidden size={14} /> : <Type aria-hidden size={14} />}
            {post.kind === "text" ? "Text Post" : post.kind === "audio" ? "No Media" : "Empty post"}
          </span>
          {post.story ? <span className="post-tile__story">{post.story}</span> : null}
        </span>
      )}
      {post.kind === "video" ? (
        <span className="post-tile__corner" aria-hidden>
          <Play size={16} fill="currentColor" />
          {formatDuration(post.durationMs) ? <span className="post-tile__duration">{formatDuration(post.durationMs)}</span> : null}
        </span>
      ) : post.mediaCount > 1 ? (
        <span className="post-tile__corner" aria-hidden>
          <Copy size={16} />
        </span>
      ) : null}
      <span className="post-tile__stats" aria-hidden>
        <span>
          <Heart size={16} fill="currentColor" /> {post.likes}
        </span>
        <span>
          <MessageCircle size={16} fill="currentColor" /> {post.comments}
        </span>
      </span>
    </Link>
  );
}

export function PostGrid({ posts }: { posts: PostTile[] }) {
  return (
    <ul className="post-grid" data-testid="post-grid">
      {posts.map((post) => (
        <li key={post.id}>
          <Tile post={post} />
        </li>
      ))}
    </ul>
  );
}

export function PostGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="post-grid" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <span className="post-tile skeleton" />
        </li>
      ))}
    </ul>
  );
}
