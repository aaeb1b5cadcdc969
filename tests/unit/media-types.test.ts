import { describe, expect, it } from "vitest";
import {
  extensionOf,
  imageUrlForWidth,
  isVideoItem,
  isVideoUrl,
  isViewerVideoUrl,
  mediaTypeOf,
  mediaUrl,
  parseVariants,
  srcSetFor,
  variantPath,
  variantUrl,
} from "~/lib/media/media-types";

describe("mediaTypeOf (media type by extension)", () => {
  it.each(["jpg", "jpeg", "png", "gif", "bmp", "svg", "webp"])("%s is an image", (ext) => {
    expect(mediaTypeOf(`/media/ab/cd/photo.${ext}`)).toBe("image");
    expect(mediaTypeOf(`PHOTO.${ext.toUpperCase()}`)).toBe("image");
  });

  it.each(["mp4", "mov", "webm", "avi", "m4v"])("%s is a video", (ext) => {
    expect(mediaTypeOf(`/media/ab/cd/clip.${ext}`)).toBe("video");
    expect(mediaTypeOf(`CLIP.${ext.toUpperCase()}`)).toBe("video");
  });

  it("treats any path containing 'video' as a video", () => {
    expect(mediaTypeOf("https://cdn.example.com/video/12345")).toBe("video");
    expect(mediaTypeOf("/uploads/my-video-file")).toBe("video");
  });

  it("ignores the query string and fragment", () => {
    expect(mediaTypeOf("/media/a.webp?v=2#top")).toBe("image");
    expect(mediaTypeOf("/media/a.mp4?token=abc")).toBe("video");
  });

  it("is null for anything else", () => {
    expect(mediaTypeOf("/media/notes.txt")).toBeNull();
    expect(mediaTypeOf("/media/noextension")).toBeNull();
    expect(mediaTypeOf("")).toBeNull();
    expect(mediaTypeOf(null)).toBeNull();
  });

  it("reads extensions from the last path segment only", () => {
    expect(extensionOf("/media/folder.v2/file")).toBe("");
    expect(extensionOf("/a/b/c.JPG")).toBe("jpg");
  });
});

describe("isVideoUrl (the feed filter's video rule)", () => {
  it("accepts URLs containing /video/ or video_upload", () => {
    expect(isVideoUrl("https://cdn.example.com/video/abc")).toBe(true);
    expect(isVideoUrl("https://cdn.example.com/files/video_upload_123.bin")).toBe(true);
  });

  it.each(["mp4", "mov", "webm", "avi", "m4v"])("accepts URLs ending %s, in any case, query ignored", (ext) => {
    expect(isVideoUrl(`/media/ab/cd/clip.${ext}`)).toBe(true);
    expect(isVideoUrl(`/media/ab/cd/CLIP.${ext.toUpperCase()}`)).toBe(true);
    expect(isVideoUrl(`/media/ab/cd/clip.${ext}?t=1`)).toBe(true);
  });

  it("refuses images and look-alikes", () => {
    expect(isVideoUrl("/media/ab/cd/photo.webp")).toBe(false);
    expect(isVideoUrl("/media/ab/cd/photo.jpg")).toBe(false);
    expect(isVideoUrl("https://example.com/videos.html")).toBe(false);
    expect(isVideoUrl("https://example.com/my-video-photo.png")).toBe(false);
    expect(isVideoUrl(null)).toBe(false);
    expect(isVideoUrl("")).toBe(false);
  });
});

describe("isViewerVideoUrl (the viewer and gallery variant)", () => {
  it("accepts everything the feed rule accepts", () => {
    expect(isViewerVideoUrl("/media/a/b/c.avi")).toBe(true);
    expect(isViewerVideoUrl("https://x.test/video/1")).toBe(true);
  });

  it("also accepts .mp4, .mov and .webm anywhere in the URL", () => {
    expect(isViewerVideoUrl("https://cdn.test/clip.mp4/download")).toBe(true);
    expect(isViewerVideoUrl("https://cdn.test/clip.mov.bin")).toBe(true);
    expect(isViewerVideoUrl("https://cdn.test/clip.webm-preview")).toBe(true);
    // The feed rule does not see these as video.
    expect(isVideoUrl("https://cdn.test/clip.mp4/download")).toBe(false);
  });

  it("refuses plain images", () => {
    expect(isViewerVideoUrl("/media/a/b/c.webp")).toBe(false);
    expect(isViewerVideoUrl(undefined)).toBe(false);
  });
});

describe("isVideoItem", () => {
  it("uses the kind of media rows when known, else their URL", () => {
    expect(isVideoItem({ kind: "image", path: "a.mp4" })).toBe(false);
    expect(isVideoItem({ kind: "video", path: "a/b/c.webp" })).toBe(true);
    expect(isVideoItem({ image_url: "https://cdn.test/video_upload/3" })).toBe(true);
    expect(isVideoItem({ image_url: "https://cdn.test/4.jpg" })).toBe(false);
  });
});

describe("stored file URLs and srcset", () => {
  const key = "3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90.webp";

  it("serves storage keys under /media/ and leaves URLs alone", () => {
    expect(mediaUrl(key)).toBe(`/media/${key}`);
    expect(mediaUrl("/media/x/y.webp")).toBe("/media/x/y.webp");
    expect(mediaUrl("https://cdn.test/a.jpg")).toBe("https://cdn.test/a.jpg");
    expect(mediaUrl(null)).toBeNull();
  });

  it("derives the key and URL of a resized copy from the path and width", () => {
    expect(variantPath(key, 640)).toBe("3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90-w640.webp");
    expect(variantUrl(key, 320)).toBe("/media/3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90-w320.webp");
    expect(variantPath("a/b/noext", 64)).toBe("a/b/noext-w64");
  });

  it("parses the variants column", () => {
    expect(parseVariants("1080, 320,640,640,x")).toEqual([320, 640, 1080]);
    expect(parseVariants("")).toEqual([]);
    expect(parseVariants(null)).toEqual([]);
  });

  it("builds a srcset of the resized copies plus the full-size file", () => {
    expect(srcSetFor(key, "320,640,1080", 1440)).toBe(
      [
        "/media/3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90-w320.webp 320w",
        "/media/3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90-w640.webp 640w",
        "/media/3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90-w1080.webp 1080w",
        "/media/3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90.webp 1440w",
      ].join(", "),
    );
    expect(srcSetFor(key, "320,640")).toBe("/media/3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90-w320.webp 320w, /media/3f/a2/3fa2c1d4e5f60718293a4b5c6d7e8f90-w640.webp 640w");
    expect(srcSetFor(key, "", 300)).toBe("");
  });

  it("picks the smallest copy wide enough for a thumbnail", () => {
    expect(imageUrlForWidth(key, "320,640,1080", 500)).toBe(variantUrl(key, 640));
    expect(imageUrlForWidth(key, "320,640", 2000)).toBe(mediaUrl(key));
  });
});
