import { describe, expect, it } from "vitest";
import { filterGramsPosts, hasAudio, hasVideo, showInGrams } from "~/lib/rules/feed-filter";

const image = (url = "/media/ab/cd/photo.webp") => ({ image_url: url, kind: "image" });
const video = (url = "/media/ab/cd/clip.mp4") => ({ image_url: url, kind: "video" });
const post = (photos: Array<{ image_url: string; kind?: string }>, soundcloud_url: string | null = null, id = 0) => ({ id, photos, soundcloud_url });

describe("Grams feed filter", () => {
  it("never shows a post without photos and without audio", () => {
    expect(showInGrams(post([]), false)).toBe(false);
    expect(showInGrams(post([]), true)).toBe(false);
    expect(showInGrams(post([], "  "), true)).toBe(false);
  });

  it("shows a post with audio whatever its media and the setting", () => {
    const url = "https://soundcloud.com/artist/track";
    expect(showInGrams(post([], url), false)).toBe(true);
    expect(showInGrams(post([image()], url), false)).toBe(true);
    expect(showInGrams(post([], url), true)).toBe(true);
  });

  it("by default shows image-only posts never and video posts always", () => {
    expect(showInGrams(post([image(), image()]), false)).toBe(false);
    expect(showInGrams(post([image(), video()]), false)).toBe(true);
  });

  it("with show_all_grams_posts shows any post with photos", () => {
    expect(showInGrams(post([image()]), true)).toBe(true);
    expect(showInGrams(post([video()]), true)).toBe(true);
  });

  it("detects videos by the URL rule when the kind is unknown", () => {
    for (const url of [
      "https://cdn.example/uploads/clip.MP4",
      "https://cdn.example/uploads/clip.mov?x=1",
      "/files/a.webm",
      "/files/a.avi",
      "/files/a.m4v#t=2",
      "https://cdn.example/video/12345",
      "https://cdn.example/video_upload_77.bin",
    ]) {
      expect(hasVideo(post([{ image_url: url }])), url).toBe(true);
    }
    for (const url of ["/files/a.jpg", "/files/video-cover.png", "/files/a.mp4.jpg"]) {
      expect(hasVideo(post([{ image_url: url }])), url).toBe(false);
    }
  });

  it("trusts a stored video kind even when the URL has no video extension", () => {
    expect(hasVideo(post([{ image_url: "/media/ab/cd/abcdef", kind: "video" }]))).toBe(true);
  });

  it("filters a page keeping its order", () => {
    const posts = [post([image()], null, 1), post([video()], null, 2), post([], null, 3), post([], "https://soundcloud.com/a/b", 4), post([image(), video()], null, 5)];
    expect(filterGramsPosts(posts, false).map((p) => p.id)).toEqual([2, 4, 5]);
    expect(filterGramsPosts(posts, true).map((p) => p.id)).toEqual([1, 2, 4, 5]);
  });

  it("hasAudio ignores empty and missing links", () => {
    expect(hasAudio({ soundcloud_url: null })).toBe(false);
    expect(hasAudio({ soundcloud_url: undefined })).toBe(false);
    expect(hasAudio({ soundcloud_url: "" })).toBe(false);
    expect(hasAudio({ soundcloud_url: "https://soundcloud.com/a/b" })).toBe(true);
  });
});
