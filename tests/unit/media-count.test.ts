import { describe, expect, it } from "vitest";
import { mediaCountPhrase, mediaCountText, moreMediaText } from "~/lib/media/media-count";

const photo = { kind: "image", url: "/media/a.webp" };
const video = { kind: "video", url: "/media/b.mp4" };

describe("the words for a post's media", () => {
  it("counts photos and videos apart, videos first", () => {
    expect(mediaCountText([video, photo])).toBe("1 video, 1 photo");
    expect(mediaCountText([photo, video, photo])).toBe("1 video, 2 photos");
    expect(mediaCountText([photo, photo])).toBe("2 photos");
    expect(mediaCountText([video, video, video])).toBe("3 videos");
    expect(mediaCountText([])).toBe("");
  });

  it("tells a video from a photo by its address when its kind is not known", () => {
    expect(mediaCountText([{ url: "/media/clip.mp4" }, { url: "/media/still.webp" }])).toBe("1 video, 1 photo");
  });

  it("starts a sentence with one item, and hints at the rest", () => {
    expect(mediaCountPhrase([photo])).toBe("A photo");
    expect(mediaCountPhrase([video])).toBe("A video");
    expect(mediaCountPhrase([video, photo])).toBe("1 video, 1 photo");
    expect(moreMediaText([photo, photo])).toBe("More photos");
    expect(moreMediaText([video, video])).toBe("More videos");
    expect(moreMediaText([video, photo])).toBe("More photos and videos");
  });
});
