import { describe, expect, it } from "vitest";
import {
  carsText,
  clampIndex,
  frameRatio,
  isLongStory,
  mediaAreaOf,
  ogImageOf,
  orderedMedia,
  shareDescription,
  shareTitle,
  srcsetCandidate,
  swipeStep,
  swipeThreshold,
  truncate,
} from "~/components/post/post-view";
import type { FeedCar, FeedPhoto, FeedPost } from "~/lib/wire";

function photo(overrides: Partial<FeedPhoto> = {}): FeedPhoto {
  return {
    id: 1,
    image_url: "/media/ab/cd/x.webp",
    kind: "image",
    mime_type: "image/webp",
    width: 1600,
    height: 1200,
    srcset: "/media/ab/cd/x-w320.webp 320w, /media/ab/cd/x-w640.webp 640w, /media/ab/cd/x-w1080.webp 1080w, /media/ab/cd/x.webp 1600w",
    poster_url: null,
    poster_srcset: "",
    poster_width: null,
    poster_height: null,
    duration_ms: null,
    created_at: "2026-11-20T10:00:00.000Z",
    uploader: { id: 1, username: "jess" },
    ...overrides,
  };
}

const car = (overrides: Partial<FeedCar> = {}): FeedCar => ({
  id: 7,
  make: "Nissan",
  model: "Skyline",
  year: 1999,
  trim: "GT-R",
  bodystyle: "Coupe",
  nickname: "Godzilla",
  owner_id: 1,
  cover: null,
  cover_srcset: "",
  ...overrides,
});

const post = (overrides: Partial<FeedPost> = {}) =>
  ({ photos: [], story: "", soundcloud_url: null, post_cars: [], creator: { id: 1, username: "jess", nickname: null, profileImage: null }, ...overrides }) as FeedPost;

describe("mediaAreaOf (media or a placeholder)", () => {
  it("shows media when there is any", () => {
    expect(mediaAreaOf(post({ photos: [photo()] }))).toBe("media");
  });

  it("is a 'Text Post' with a story and no media, 'No Media' with only audio, 'Empty post' with nothing", () => {
    expect(mediaAreaOf(post({ story: "Just words" }))).toBe("text");
    expect(mediaAreaOf(post({ soundcloud_url: "https://soundcloud.com/a/b" }))).toBe("audio");
    expect(mediaAreaOf(post({ story: "   " }))).toBe("empty");
  });
});

describe("orderedMedia", () => {
  it("keeps the author's order, videos included", () => {
    const items = [photo({ id: 1 }), photo({ id: 2, kind: "video" }), photo({ id: 3 }), photo({ id: 4, kind: "video" })];
    expect(orderedMedia(items).map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });
});

describe("frameRatio", () => {
  it("keeps the first item's own ratio between 4:5 and 16:9", () => {
    expect(frameRatio({ width: 1200, height: 900 })).toBeCloseTo(4 / 3);
    expect(frameRatio({ width: 1080, height: 1920 })).toBeCloseTo(4 / 5);
    expect(frameRatio({ width: 3000, height: 1000 })).toBeCloseTo(16 / 9);
  });

  it("is 4:5 when the size is unknown", () => {
    expect(frameRatio({ width: null, height: null })).toBeCloseTo(0.8);
    expect(frameRatio(undefined)).toBeCloseTo(0.8);
  });
});

describe("carousel rules (bounded index, swipe over 20 px, drag over 1 px)", () => {
  it("keeps the index within bounds (no wrapping)", () => {
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(3, 3)).toBe(2);
    expect(clampIndex(1, 3)).toBe(1);
    expect(clampIndex(5, 0)).toBe(0);
  });

  it("counts a touch swipe over 20 px and a mouse drag over 1 px", () => {
    expect(swipeThreshold("touch")).toBe(20);
    expect(swipeThreshold("mouse")).toBe(1);
    expect(swipeStep(-20, 0, "touch")).toBe(0);
    expect(swipeStep(-21, 0, "touch")).toBe(1);
    expect(swipeStep(30, 5, "touch")).toBe(-1);
    expect(swipeStep(-2, 0, "mouse")).toBe(1);
    expect(swipeStep(1, 0, "mouse")).toBe(0);
  });

  it("ignores drags that are more up-and-down than sideways", () => {
    expect(swipeStep(-40, 60, "touch")).toBe(0);
  });
});

describe("story clamping", () => {
  it("clamps long stories and ones with many lines", () => {
    expect(isLongStory("short")).toBe(false);
    expect(isLongStory("x".repeat(281))).toBe(true);
    expect(isLongStory("a\nb\nc\nd\ne\nf")).toBe(true);
  });
});

describe("share texts", () => {
  it("names the creator and the cars, 'Unknown Vehicle' without any", () => {
    expect(shareTitle(post({ post_cars: [{ car_id: 7, car: car() }] }), "Car Social")).toBe("@jess on Car Social: Godzilla · 1999 Nissan Skyline GT-R Coupe");
    expect(carsText(post())).toBe("Unknown Vehicle");
    expect(
      carsText(
        post({
          post_cars: [
            { car_id: 7, car: car() },
            { car_id: 8, car: car({ id: 8, nickname: "Unnamed", make: "Mazda", model: "MX-5", trim: null, bodystyle: null, year: 2019 }) },
          ],
        }),
      ),
    ).toBe("Godzilla · 1999 Nissan Skyline GT-R Coupe & 2019 Mazda MX-5");
  });

  it("describes with the story cut to 160 characters at a word", () => {
    const story = "word ".repeat(60);
    const description = shareDescription(post({ story }));
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("word…")).toBe(true);
    expect(truncate("Line one\nline two")).toBe("Line one line two");
  });

  it("describes a post without a story by its media, counting photos and videos truthfully", () => {
    expect(shareDescription(post({ photos: [photo(), photo({ id: 2 })] }))).toBe("2 photos by @jess of Unknown Vehicle.");
    expect(shareDescription(post({ photos: [photo({ kind: "video", image_url: "/media/v.mp4" }), photo({ id: 2 })] }))).toBe(
      "1 video, 1 photo by @jess of Unknown Vehicle.",
    );
    expect(shareDescription(post({ photos: [photo({ kind: "video", image_url: "/media/v.mp4" })] }))).toBe("A video by @jess of Unknown Vehicle.");
  });
});

describe("ogImageOf", () => {
  // The alt text is the shared medium's (see mediaAlt): its place in the post and what the post shows.
  const jpeg = (alt = "Photo of a post by @jess") => ({ type: "image/jpeg", alt, large: true });

  it("is the JPEG rendition of the first image's 1080 copy, with that copy's size", () => {
    expect(ogImageOf(post({ photos: [photo({ kind: "video", image_url: "/media/v.mp4", srcset: "" }), photo()] }))).toEqual({
      url: "/og-image/ab/cd/x-w1080.jpg",
      width: 1080,
      height: 810,
      ...jpeg("Photo 2 of 2 of a post by @jess"),
    });
  });

  it("falls back to the image itself when no 1080 copy was made", () => {
    const small = photo({ width: 800, height: 600, srcset: "/media/ab/cd/x-w320.webp 320w, /media/ab/cd/x-w640.webp 640w, /media/ab/cd/x.webp 800w" });
    expect(ogImageOf(post({ photos: [small] }))).toEqual({ url: "/og-image/ab/cd/x.jpg", width: 800, height: 600, ...jpeg() });
    expect(ogImageOf(post({ photos: [photo({ srcset: "" })] }))?.url).toBe("/og-image/ab/cd/x.jpg");
  });

  it("uses a video's still frame, else nothing", () => {
    expect(ogImageOf(post({ photos: [photo({ kind: "video", poster_url: "/media/p.webp", srcset: "" })] }))?.url).toBe("/og-image/p.jpg");
    // A video-only post: its poster frame's 1080 px copy, with that copy's size.
    const video = photo({
      kind: "video",
      image_url: "/media/v.mp4",
      srcset: "",
      poster_url: "/media/p.webp",
      poster_srcset: "/media/p-w640.webp 640w, /media/p-w1080.webp 1080w, /media/p.webp 1920w",
      poster_width: 1920,
      poster_height: 1080,
    });
    expect(ogImageOf(post({ photos: [video] }))).toEqual({ url: "/og-image/p-w1080.jpg", width: 1080, height: 608, ...jpeg("Video of a post by @jess") });
    expect(ogImageOf(post())).toBeNull();
  });

  it("shares nothing that is not a stored picture (another site's image)", () => {
    expect(ogImageOf(post({ photos: [photo({ image_url: "https://elsewhere.example/x.webp", srcset: "" })] }))).toBeNull();
  });

  it("is described by the author's description of the shared medium, else by its place and the post's cars", () => {
    const car = { id: 3, make: "Mazda", model: "MX-5", year: 2019, trim: null, bodystyle: null, nickname: "Ruby", owner_id: 1, cover: null, cover_srcset: "" };
    const cars = [{ car_id: 3, car }];
    expect(ogImageOf(post({ post_cars: cars, photos: [photo(), photo({ id: 2 })] }))?.alt).toBe("Photo 1 of 2 of Ruby · 2019 Mazda MX-5");
    expect(ogImageOf(post({ post_cars: cars, photos: [photo({ alt: "Ruby at the lake" })] }))?.alt).toBe("Ruby at the lake");
  });

  it("picks srcset candidates by width", () => {
    expect(srcsetCandidate("a 320w, b 1080w, c 1600w", 1080)).toBe("b");
    expect(srcsetCandidate("a 320w, c 1600w", 1080)).toBe("c");
    expect(srcsetCandidate("", 1080)).toBeNull();
  });
});
