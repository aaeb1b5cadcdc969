// The links a post is shared by (share modal, embed code): its public page and
// the forum-safe embed, with the iframe code at the post's own size. Pure: used by the share
// modal, the post page's meta tags and the embed view.
import { SITE_NAME } from "~/lib/rules/brand";
import { embedContentOf, embedIframe, embedSize, type EmbeddablePost } from "~/lib/rules/oembed";
import { embedPath, postPath } from "~/lib/paths";

export { SITE_NAME };

export const SHARE_MESSAGES = {
  title: "Share post",
  link: "Post link",
  embed: "Embed code",
  copyLink: "Copy link",
  copyEmbed: "Copy embed code",
  copied: "Copied!",
  copyFailed: "Could not copy. Select the text and copy it yourself.",
  native: "Share via…",
  embedHint: "Paste this into a forum post or a web page. It shows the post without any scripts.",
} as const;

/** `http://host:port` without a trailing slash. */
export function normalizeOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

export function postUrl(origin: string, postId: number): string {
  return `${normalizeOrigin(origin)}${postPath(postId)}`;
}

export function embedUrl(origin: string, postId: number): string {
  return `${normalizeOrigin(origin)}${embedPath(postId)}`;
}

export type { EmbeddablePost };

/**
 * The embed code of a post: the one place the iframe a forum or a web page pastes in is made
 * (the share dialog and the share page). It is as wide as the embed gets and exactly as tall
 * as this post is there, the size oEmbed answers too.
 */
export function embedCode(origin: string, post: EmbeddablePost, title = `Post on ${SITE_NAME}`): string {
  return embedIframe({ src: embedUrl(origin, post.id), ...embedSize(embedContentOf(post)), title });
}
