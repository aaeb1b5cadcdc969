// How a public page unfurls in chat apps, forums and social networks: one set of tags for
// every page (title, description, canonical address, Open Graph, Twitter card, and the oEmbed
// discovery link where the page can be embedded). Addresses are absolute, built from the
// public origin the loader read (APP_URL), never from the request's Host.
//
// Stored pictures are WebP, which several scrapers cannot read: a page's picture is shared
// as its JPEG rendition (/og-image/…jpg, made on first request and kept), and a page with no
// picture shares the brand card (PNG).
import type { MetaDescriptor } from "@remix-run/react";
import { BRAND_CARD, SITE_NAME } from "~/lib/rules/brand";
import { AVATAR_SIZE, MEDIA_URL_PREFIX, parseVariants, variantPath, type StoredPicture } from "~/lib/media/media-types";
import { buildCardPath } from "~/lib/paths";

/** Where the JPEG renditions of stored pictures are served. */
export const SHARE_IMAGE_PREFIX = "/og-image/";

/** The stored copy a shared picture is made from: the 1080 px one when it exists. */
export const SHARE_IMAGE_WIDTH = 1080;

export type ShareImage = {
  /** Root-relative here; absolute once inside a ShareLink. */
  url: string;
  width: number | null;
  height: number | null;
  type: "image/jpeg" | "image/png";
  alt: string;
  /** A picture worth a large card (a photo); false for the brand card and for avatars. */
  large: boolean;
};

/** A page's absolute address and the absolute picture it is shared with. */
export type ShareLink = { origin: string; url: string; image: ShareImage };

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

/**
 * The JPEG rendition of a stored WebP picture, from its key or its /media/ URL:
 * `/media/ab/cd/x-w1080.webp` → `/og-image/ab/cd/x-w1080.jpg`. Null for anything else
 * (another site's picture, a video, another format).
 */
export function jpegRenditionPath(urlOrKey: string): string | null {
  const key = urlOrKey.startsWith(MEDIA_URL_PREFIX) ? urlOrKey.slice(MEDIA_URL_PREFIX.length) : urlOrKey;
  if (/^[a-z][a-z0-9+.-]*:|^\//i.test(key) || !/^[a-z0-9/_-]+\.webp$/.test(key)) return null;
  return `${SHARE_IMAGE_PREFIX}${key.slice(0, -".webp".length)}.jpg`;
}

/**
 * The share image of a stored picture: its smallest copy at least 1080 px wide (else the
 * file itself), as a JPEG rendition, with the copy's size. Null when it cannot be shared.
 */
export function sharePictureOf(picture: StoredPicture, alt: string, options: { large?: boolean } = {}): ShareImage | null {
  const variant = parseVariants(picture.variants).find((width) => width >= SHARE_IMAGE_WIDTH);
  const url = jpegRenditionPath(variant ? variantPath(picture.path, variant) : picture.path);
  if (!url) return null;
  const scaled = variant !== undefined && picture.width && picture.height;
  return {
    url,
    width: scaled ? variant : picture.width,
    height: scaled ? Math.round((picture.height! * variant) / picture.width!) : picture.height,
    type: "image/jpeg",
    alt,
    large: options.large ?? true,
  };
}

/**
 * A member's profile photo as a share image. A face is not a scene: it makes a small card
 * beside the text, never a large one. Null without a stored photo.
 */
export function avatarShareImage(user: { username: string; profileImage: string | null }): ShareImage | null {
  const url = user.profileImage ? jpegRenditionPath(user.profileImage) : null;
  if (!url) return null;
  return { url, width: AVATAR_SIZE, height: AVATAR_SIZE, type: "image/jpeg", alt: `@${user.username}`, large: false };
}

/** The srcset candidate of exactly `width` (e.g. the 1080 variant), else the largest, else null. */
export function srcsetCandidate(srcset: string, width: number): string | null {
  let largest: { url: string; width: number } | null = null;
  for (const part of srcset.split(",")) {
    const [url, descriptor = ""] = part.trim().split(/\s+/);
    if (!url) continue;
    const size = Number.parseInt(descriptor, 10);
    if (size === width) return url;
    if (Number.isFinite(size) && (!largest || size > largest.width)) largest = { url, width: size };
  }
  return largest?.url ?? null;
}

/** What a post's media item tells about its pictures (the feed's photo shape). */
export type PostMediaPictures = {
  kind: string;
  image_url: string;
  srcset: string;
  width: number | null;
  height: number | null;
  poster_url: string | null;
  poster_srcset?: string | null;
  poster_width?: number | null;
  poster_height?: number | null;
};

/**
 * The picture a post is shared with: its first image, else a video's poster frame, as the
 * JPEG rendition of its 1080 px copy (or of the file itself when no such copy was made),
 * with that copy's size; null without either.
 */
export function postShareImage(photos: ReadonlyArray<PostMediaPictures>, alt: string): ShareImage | null {
  const image = photos.find((photo) => photo.kind === "image");
  const video = photos.find((photo) => photo.kind === "video" && photo.poster_url);
  const picture = image
    ? { url: image.image_url, srcset: image.srcset, width: image.width, height: image.height }
    : video?.poster_url
      ? { url: video.poster_url, srcset: video.poster_srcset ?? "", width: video.poster_width ?? null, height: video.poster_height ?? null }
      : null;
  if (!picture) return null;
  const variant = picture.srcset ? srcsetCandidate(picture.srcset, SHARE_IMAGE_WIDTH) : null;
  const url = jpegRenditionPath(variant ?? picture.url);
  if (!url) return null;
  const isVariant = variant !== null && variant.includes(`-w${SHARE_IMAGE_WIDTH}.`);
  const width = isVariant ? SHARE_IMAGE_WIDTH : picture.width;
  const height = isVariant && picture.width && picture.height ? Math.round((picture.height * SHARE_IMAGE_WIDTH) / picture.width) : picture.height;
  return { url, width: width ?? null, height: height ?? null, type: "image/jpeg", alt, large: true };
}

/** "@jess on Car Social: Godzilla · 1999 Nissan Skyline": how a post is titled when shared. */
export function postShareTitle(username: string, cars: string, siteName: string): string {
  return `@${username} on ${siteName}: ${cars}`;
}

/** The brand card, for pages without a picture of their own. */
export function brandCardImage(): ShareImage {
  return { url: BRAND_CARD.path, width: BRAND_CARD.width, height: BRAND_CARD.height, type: BRAND_CARD.type, alt: SITE_NAME, large: false };
}

/** A car's build card (/cards/car/{carId}.png): its photo, name, headline mods and gains, drawn as a PNG. */
export const BUILD_CARD = { width: 1200, height: 630, type: "image/png" } as const;

/** The build card as a car's share image (the showcase's og:image, the showcase's oEmbed thumbnail). */
export function buildCardImage(carId: number, alt: string): ShareImage {
  return { url: buildCardPath(carId), width: BUILD_CARD.width, height: BUILD_CARD.height, type: BUILD_CARD.type, alt, large: true };
}

/** A page's share link: absolute address and picture (the brand card when it has none). */
export function shareLink(origin: string, path: string, image: ShareImage | null = null): ShareLink {
  const base = trimOrigin(origin);
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url.startsWith("/") ? "" : "/"}${url}`);
  const picture = image ?? brandCardImage();
  return { origin: base, url: absolute(path), image: { ...picture, url: absolute(picture.url) } };
}

/** The oEmbed address of a page (the JSON format). */
export function oembedHref(origin: string, pageUrl: string): string {
  return `${trimOrigin(origin)}/oembed?${new URLSearchParams({ url: pageUrl, format: "json" })}`;
}

export type ShareMetaInput = {
  share: ShareLink;
  /** The document's <title>. */
  title: string;
  /** og:title and twitter:title (default: the title). */
  headline?: string;
  description: string;
  type?: "website" | "article" | "profile";
  /** Adds the oEmbed discovery link (pages that have an embed). */
  oembed?: boolean;
  /** Tags of this page only (article:published_time, profile:username…). */
  extra?: MetaDescriptor[];
};

/** The tags of a public page: every page's meta is made here. */
export function shareMeta(input: ShareMetaInput): MetaDescriptor[] {
  const { share, title, description } = input;
  const headline = input.headline ?? title;
  const image = share.image;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: share.url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: headline },
    { property: "og:description", content: description },
    { property: "og:url", content: share.url },
    { property: "og:image", content: image.url },
  ];
  if (image.url.startsWith("https:")) tags.push({ property: "og:image:secure_url", content: image.url });
  tags.push({ property: "og:image:type", content: image.type });
  if (image.width && image.height) {
    tags.push({ property: "og:image:width", content: String(image.width) }, { property: "og:image:height", content: String(image.height) });
  }
  tags.push(
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: image.large ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: headline },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
  );
  if (input.oembed) {
    tags.push({ tagName: "link", rel: "alternate", type: "application/json+oembed", href: oembedHref(share.origin, share.url), title: headline });
  }
  return [...tags, ...(input.extra ?? [])];
}
