import { describe, expect, it } from "vitest";
import { BRAND_CARD, SITE_NAME } from "~/lib/rules/brand";
import { EMBED_DEFAULT_WIDTH, embedHeight, embedIframe, embedSize, oembedTarget, type EmbedContent } from "~/lib/rules/oembed";
import { avatarShareImage, jpegRenditionPath, shareLink, shareMeta, sharePictureOf } from "~/lib/rules/share-meta";

const ORIGIN = "https://cars.example";

describe("oembedTarget", () => {
  const target = (url: string) => oembedTarget(new URL(url), ORIGIN);

  it("names our posts and showcases, by either scheme, whatever the query", () => {
    expect(target("https://cars.example/post/12")).toEqual({ kind: "post", id: 12 });
    expect(target("http://CARS.example/post/12/?x=1#c")).toEqual({ kind: "post", id: 12 });
    expect(target("https://cars.example/showcase/7")).toEqual({ kind: "showcase", carId: 7 });
  });

  it("is null for other hosts, other pages and ids that are not ids", () => {
    for (const url of [
      "https://other.example/post/12",
      "https://cars.example:8443/post/12",
      "https://cars.example/user/jess",
      "https://cars.example/post/0",
      "https://cars.example/post/12abc",
      "https://cars.example/embed/post/12",
      `https://cars.example/post/${"9".repeat(20)}`,
      "ftp://cars.example/post/12",
    ]) {
      expect(target(url), url).toBeNull();
    }
  });
});

describe("the embed's size", () => {
  const post = (overrides: Partial<EmbedContent> = {}): EmbedContent => ({
    firstMedia: { width: 1600, height: 1200 },
    story: "Fresh alignment.",
    cars: "Godzilla · 1999 Nissan Skyline GT-R",
    hasAudio: false,
    ...overrides,
  });

  it("follows the media's aspect ratio, within 4:5 and 16:9", () => {
    const square = embedHeight(post({ firstMedia: { width: 1000, height: 1000 } }), EMBED_DEFAULT_WIDTH);
    const landscape = embedHeight(post(), EMBED_DEFAULT_WIDTH);
    // The 616 px frame holds a 598 px wide picture: 598 px tall square, 448.5 px at 4:3.
    expect(square - landscape).toBeGreaterThanOrEqual(149);
    expect(square - landscape).toBeLessThanOrEqual(150);
    const tall = embedHeight(post({ firstMedia: { width: 1080, height: 5000 } }), EMBED_DEFAULT_WIDTH);
    const portrait = embedHeight(post({ firstMedia: { width: 4, height: 5 } }), EMBED_DEFAULT_WIDTH);
    expect(tall).toBe(portrait);
  });

  it("grows a line at a time with the story and the audio link, and stops at six lines", () => {
    const one = embedHeight(post(), EMBED_DEFAULT_WIDTH);
    expect(embedHeight(post({ story: "a\nb" }), EMBED_DEFAULT_WIDTH) - one).toBe(21);
    expect(embedHeight(post({ story: "" }), EMBED_DEFAULT_WIDTH) - one).toBe(-(21 + 12));
    expect(embedHeight(post({ hasAudio: true }), EMBED_DEFAULT_WIDTH) - one).toBe(52 + 12);
    const six = embedHeight(post({ story: Array.from({ length: 6 }, () => "line").join("\n") }), EMBED_DEFAULT_WIDTH);
    expect(embedHeight(post({ story: Array.from({ length: 40 }, () => "line").join("\n") }), EMBED_DEFAULT_WIDTH)).toBe(six);
  });

  it("keeps within maxwidth and maxheight", () => {
    expect(embedSize(post(), {})).toEqual({ width: EMBED_DEFAULT_WIDTH, height: embedHeight(post(), EMBED_DEFAULT_WIDTH) });
    expect(embedSize(post(), { maxwidth: 2000 }).width).toBe(EMBED_DEFAULT_WIDTH);
    expect(embedSize(post(), { maxwidth: 320 }).width).toBe(320);
    const fitted = embedSize(post(), { maxheight: 500 });
    expect(fitted.height).toBeLessThanOrEqual(500);
    expect(fitted.width).toBeLessThan(EMBED_DEFAULT_WIDTH);
    expect(embedSize(post(), { maxheight: 100 })).toEqual({ width: EMBED_DEFAULT_WIDTH, height: 100 });
  });

  it("writes the iframe with its attributes escaped", () => {
    expect(embedIframe({ src: "https://cars.example/embed/post/1", width: 616, height: 700, title: `"Quotes" & <tags>` })).toBe(
      '<iframe src="https://cars.example/embed/post/1" width="616" height="700" style="border:0;max-width:100%" loading="lazy" title="&quot;Quotes&quot; &amp; &lt;tags&gt;" allowfullscreen></iframe>',
    );
  });
});

describe("share images and tags", () => {
  it("renames stored WebP pictures to their JPEG renditions, and nothing else", () => {
    expect(jpegRenditionPath("/media/ab/cd/x-w1080.webp")).toBe("/og-image/ab/cd/x-w1080.jpg");
    expect(jpegRenditionPath("avatars/ab/cd/x.webp")).toBe("/og-image/avatars/ab/cd/x.jpg");
    for (const other of ["https://elsewhere.example/x.webp", "/media/ab/x.mp4", "/media/../x.webp", "/icons/share-card.png", "//x.webp"]) {
      expect(jpegRenditionPath(other), other).toBeNull();
    }
  });

  it("shares a stored picture's 1080 px copy with its size", () => {
    expect(sharePictureOf({ path: "ab/cd/x.webp", variants: "320,640,1080,1600", width: 2000, height: 1500 }, "Godzilla")).toEqual({
      url: "/og-image/ab/cd/x-w1080.jpg",
      width: 1080,
      height: 810,
      type: "image/jpeg",
      alt: "Godzilla",
      large: true,
    });
    expect(sharePictureOf({ path: "ab/cd/x.webp", variants: "320", width: 800, height: 600 }, "")?.url).toBe("/og-image/ab/cd/x.jpg");
    expect(avatarShareImage({ username: "jess", profileImage: "/media/avatars/ab/cd/x.webp" })).toMatchObject({ width: 256, large: false });
    expect(avatarShareImage({ username: "jess", profileImage: null })).toBeNull();
  });

  it("makes absolute addresses from the origin, with the brand card when there is no picture", () => {
    const link = shareLink(`${ORIGIN}/`, "/events");
    expect(link).toMatchObject({ origin: ORIGIN, url: `${ORIGIN}/events`, image: { url: `${ORIGIN}${BRAND_CARD.path}`, type: "image/png", large: false } });
  });

  it("tags a page: one site name, the card by its picture, the oEmbed link where asked", () => {
    const share = shareLink(ORIGIN, "/post/3", sharePictureOf({ path: "a/b.webp", variants: "1080", width: 1600, height: 900 }, "Photo"));
    const tags = shareMeta({ share, title: "T", description: "D", type: "article", oembed: true });
    const find = (key: string) => tags.find((tag) => ("property" in tag ? tag.property === key : "name" in tag && tag.name === key));
    expect(tags[0]).toEqual({ title: "T" });
    expect(find("og:site_name")).toEqual({ property: "og:site_name", content: SITE_NAME });
    expect(find("og:image")).toEqual({ property: "og:image", content: `${ORIGIN}/og-image/a/b-w1080.jpg` });
    expect(find("og:image:secure_url")).toEqual({ property: "og:image:secure_url", content: `${ORIGIN}/og-image/a/b-w1080.jpg` });
    expect(find("twitter:card")).toEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "alternate",
      type: "application/json+oembed",
      href: `${ORIGIN}/oembed?url=https%3A%2F%2Fcars.example%2Fpost%2F3&format=json`,
      title: "T",
    });
    const plain = shareMeta({ share: shareLink("http://localhost:3000", "/"), title: "Home", description: "D" });
    expect(plain.find((tag) => "name" in tag && tag.name === "twitter:card")).toEqual({ name: "twitter:card", content: "summary" });
    expect(plain.some((tag) => "property" in tag && tag.property === "og:image:secure_url")).toBe(false);
    expect(plain.some((tag) => "rel" in tag && tag.rel === "alternate")).toBe(false);
  });
});
