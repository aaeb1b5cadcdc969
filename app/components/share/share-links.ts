// The links a post is shared by (share modal, embed code): its public page and
// the forum-safe embed, with the iframe code of EMBED_HEIGHT. Pure: used by the share
// modal, the post page's meta tags and the embed view.
import { SITE_NAME } from "~/lib/brand";
import { EMBED_HEIGHT } from "~/lib/constants";

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

export function postPath(postId: number): string {
  return `/post/${postId}`;
}

export function embedPath(postId: number): string {
  return `/embed/post/${postId}`;
}

export function postUrl(origin: string, postId: number): string {
  return `${normalizeOrigin(origin)}${postPath(postId)}`;
}

export function embedUrl(origin: string, postId: number): string {
  return `${normalizeOrigin(origin)}${embedPath(postId)}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The iframe code a forum or a web page pastes in: full width, EMBED_HEIGHT tall. */
export function embedCode(origin: string, postId: number, title = `Post on ${SITE_NAME}`): string {
  return (
    `<iframe src="${escapeAttribute(embedUrl(origin, postId))}" width="100%" height="${EMBED_HEIGHT}" ` +
    `style="border:0;max-width:600px" loading="lazy" title="${escapeAttribute(title)}" allowfullscreen></iframe>`
  );
}
