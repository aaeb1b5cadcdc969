// The oEmbed answer for one of our pages (see ~/lib/rules/oembed for the addresses and the size).
//
// - A post: type "rich", the iframe of its embed (/embed/post/{id}) at the height the post
//   takes there, and its picture as the thumbnail.
// - A showcase: type "rich", the iframe of the car's embed (/embed/car/{carId}, its build
//   sheet) at the height it takes there, and the car's build card as the thumbnail.
//
// Only what a visitor may see is answered: ready posts, never one still processing.
import { SITE_NAME } from "~/lib/rules/brand";
import { buildSheet } from "~/lib/rules/build-sheet";
import { carEmbedSize } from "~/lib/rules/car-embed";
import { carDisplayLine, carName, carSpecLine, carsLine } from "~/lib/rules/cars";
import { embedContentOf, embedIframe, embedSize, OEMBED_CACHE_AGE, OEMBED_VERSION, type EmbedLimits, type OembedTarget } from "~/lib/rules/oembed";
import { embedPath, userPath } from "~/lib/paths";
import { buildCardImage, postShareImage, postShareTitle, shareLink, type ShareImage } from "~/lib/rules/share-meta";
import { getCarBuild } from "~/models/build-sheet.server";
import { getPost } from "~/models/feed.server";
import type { FeedPost } from "~/lib/wire";

type OembedCommon = {
  version: typeof OEMBED_VERSION;
  title: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  thumbnail_url: string;
  thumbnail_width: number;
  thumbnail_height: number;
};

export type OembedRich = OembedCommon & { type: "rich"; html: string; width: number; height: number };
export type OembedLink = OembedCommon & { type: "link" };
export type OembedAnswer = OembedRich | OembedLink;

function common(origin: string, title: string, author: string, image: ShareImage | null): OembedCommon {
  // A picture of unknown size cannot be a thumbnail (its width and height are required): the brand card stands in.
  const thumbnail = shareLink(origin, "/", image?.width && image.height ? image : null).image;
  return {
    version: OEMBED_VERSION,
    title,
    author_name: `@${author}`,
    author_url: shareLink(origin, userPath(author)).url,
    provider_name: SITE_NAME,
    provider_url: shareLink(origin, "/").url,
    cache_age: OEMBED_CACHE_AGE,
    thumbnail_url: thumbnail.url,
    thumbnail_width: thumbnail.width!,
    thumbnail_height: thumbnail.height!,
  };
}

function framed(origin: string, post: FeedPost, title: string, limits: EmbedLimits): Pick<OembedRich, "html" | "width" | "height"> {
  const size = embedSize(embedContentOf(post), limits);
  const src = shareLink(origin, embedPath(post.id)).url;
  return { html: embedIframe({ src, ...size, title }), ...size };
}

async function postAnswer(origin: string, id: number, limits: EmbedLimits): Promise<OembedAnswer | null> {
  const post = await getPost(id);
  if (!post || post.status !== "ready") return null;
  const cars = carsLine(post.post_cars.map(({ car }) => car));
  const title = postShareTitle(post.creator.username, cars, SITE_NAME);
  const image = postShareImage(post.photos, `Photo of ${cars}`);
  return { type: "rich", ...common(origin, title, post.creator.username, image), ...framed(origin, post, title, limits) };
}

async function showcaseAnswer(origin: string, carId: number, limits: EmbedLimits): Promise<OembedAnswer | null> {
  const build = await getCarBuild(carId);
  if (!build) return null;
  const title = `${carDisplayLine(build.car)} · Showcase`;
  const sheet = buildSheet(build.mods);
  const size = carEmbedSize(
    { hasPhoto: build.cover !== null, hasSpec: carSpecLine(build.car) !== carName(build.car), modCount: build.mods.length, hasGains: sheet.gains.length > 0 },
    limits,
  );
  const src = shareLink(origin, `/embed/car/${carId}`).url;
  return {
    type: "rich",
    ...common(origin, title, build.owner.username, buildCardImage(carId, carDisplayLine(build.car))),
    html: embedIframe({ src, ...size, title }),
    ...size,
  };
}

/** The oEmbed answer for a page of ours, or null when there is nothing there a visitor may see. */
export function oembedFor(target: OembedTarget, origin: string, limits: EmbedLimits = {}): Promise<OembedAnswer | null> {
  return target.kind === "post" ? postAnswer(origin, target.id, limits) : showcaseAnswer(origin, target.carId, limits);
}
