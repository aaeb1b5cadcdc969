// Grams data rules: the `grams` URL parameter, the client-side Grams filter, what fills a post's media area, and the
// media viewer's helpers (item kinds, wrap-around, neighbours).
import { afterEach, describe, expect, it, vi } from "vitest";
import { GRAMS_MESSAGES, cursorAfter, gramsContentOf, gramsFeedUrl, gramsPosts, postUrl, readPost, trackNameOf } from "~/components/grams/grams-feed";
import { UNREACHABLE } from "~/lib/client/fetcher-answer";
import { gramsHref, gramsParam, withoutGrams } from "~/lib/rules/grams-url";
import { neighbourIndexes, smallestCandidate, thumbnailOf, viewerKind, wrapIndex } from "~/components/media/viewer-items";
import type { FeedPost } from "~/lib/wire";

afterEach(() => {
  vi.useRealTimers();
});

function post(id: number, photos: Array<{ kind: "image" | "video"; image_url: string }>, extra: Partial<FeedPost> = {}): FeedPost {
  return {
    id,
    created_at: "2026-11-20T12:00:00.000Z",
    created_by: 1,
    creator: { id: 1, username: "demo", nickname: null, profileImage: null },
    car_id: null,
    car_ids: [],
    story: "",
    layout: null,
    effective_layout: "single",
    soundcloud_url: null,
    status: "ready",
    photos: photos.map((photo, index) => ({
      id: id * 10 + index,
      image_url: photo.image_url,
      kind: photo.kind,
      mime_type: photo.kind === "video" ? "video/mp4" : "image/webp",
      width: 100,
      height: 100,
      srcset: "",
      poster_url: null,
      poster_srcset: "",
      poster_width: null,
      poster_height: null,
      duration_ms: null,
      created_at: "2026-11-20T12:00:00.000Z",
      uploader: { id: 1, username: "demo" },
    })),
    post_cars: [],
    counts: { likes: 0, dislikes: 0, comments: 0, mods: 0, saves: 0, shares: 0, flags: 0 },
    likedByUser: false,
    dislikedByUser: false,
    saved: false,
    priority_score: 30,
    is_followed_car: false,
    days_old: 0,
    ...extra,
  };
}

describe("the grams parameter", () => {
  it("is absent, present without a post, or names a post", () => {
    expect(gramsParam("http://x/")).toBeNull();
    expect(gramsParam("http://x/?grams")).toEqual({ postId: null });
    expect(gramsParam("http://x/?grams=")).toEqual({ postId: null });
    expect(gramsParam("/?grams=41")).toEqual({ postId: 41 });
    expect(gramsParam(new URLSearchParams("grams=abc"))).toEqual({ postId: null });
    expect(gramsParam(new URL("http://x/?grams=-3"))).toEqual({ postId: null });
  });

  it("builds and removes links", () => {
    expect(gramsHref("/")).toBe("/?grams");
    expect(gramsHref("/?tab=new", 7)).toBe("/?tab=new&grams=7");
    expect(withoutGrams("/?grams=7&tab=new")).toBe("/?tab=new");
    expect(withoutGrams("/?grams")).toBe("/");
  });

  it("asks the feed for Grams pages", () => {
    expect(gramsFeedUrl({ limit: 50 })).toBe("/api/feed?grams=1&limit=50");
    expect(gramsFeedUrl({ limit: 10, cursor: "c_1", exclude: [3, 4] })).toBe("/api/feed?grams=1&limit=10&cursor=c_1&exclude=3%2C4");
    expect(cursorAfter({ id: 5, created_at: "2026-11-20T12:00:00.000Z" })).toBe("2026-11-20T12:00:00.000Z_5");
    expect(cursorAfter(undefined)).toBeNull();
  });
});

describe("reading the loaders' answers", () => {
  it("reads a post, or nothing from an error answer", () => {
    const linked = post(7, []);
    expect(postUrl(7)).toBe("/api/posts/7");
    expect(readPost({ post: linked })).toBe(linked);
    expect(readPost({ error: "Post not found" })).toBeNull();
    expect(readPost({ error: UNREACHABLE, failed: true })).toBeNull();
    expect(readPost(undefined)).toBeNull();
  });
});

describe("the client-side filter", () => {
  const video = post(1, [{ kind: "video", image_url: "/media/a.mp4" }]);
  const photo = post(2, [{ kind: "image", image_url: "/media/b.webp" }]);
  const audio = post(3, [], { soundcloud_url: "https://soundcloud.com/a/b" });
  const text = post(4, [], { story: "Hello" });
  const legacyVideo = post(5, [{ kind: "image", image_url: "https://cdn.example/video_upload/x" }]);

  it("keeps video and audio posts; photos only with show_all_grams_posts", () => {
    expect(gramsPosts([video, photo, audio, text, legacyVideo], false).map((p) => p.id)).toEqual([1, 3, 5]);
    expect(gramsPosts([video, photo, audio, text, legacyVideo], true).map((p) => p.id)).toEqual([1, 2, 3, 5]);
  });

  it("keeps the linked post whatever it holds, and drops repeats", () => {
    expect(gramsPosts([text, video, video, photo], false, 4).map((p) => p.id)).toEqual([4, 1]);
  });

  it("names what fills the media area", () => {
    expect(gramsContentOf(video)).toBe("media");
    expect(gramsContentOf(text)).toBe("text");
    expect(gramsContentOf(audio)).toBe("audio");
    expect(gramsContentOf(post(9, []))).toBe("empty");
    expect([GRAMS_MESSAGES.textPost, GRAMS_MESSAGES.noMedia, GRAMS_MESSAGES.emptyPost]).toEqual(["Text Post", "No Media", "Empty post"]);
    expect(GRAMS_MESSAGES.loading).toBe("Loading posts...");
    expect(GRAMS_MESSAGES.failed).toBe("Failed to load posts");
    expect(GRAMS_MESSAGES.empty).toBe("No posts with media available");
  });

  it("reads a track name from its URL", () => {
    expect(trackNameOf("https://soundcloud.com/coastline-radio/roof-down-sunday")).toEqual({ title: "roof down sunday", artist: "coastline radio" });
    expect(trackNameOf("not a url").title).toBe("SoundCloud track");
  });
});

describe("media viewer helpers", () => {
  it("wraps indexes at both ends", () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(9, 4)).toBe(1);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it("names the neighbours to preload: next, then previous", () => {
    expect(neighbourIndexes(0, 5)).toEqual([1, 4]);
    expect(neighbourIndexes(4, 5)).toEqual([0, 3]);
    expect(neighbourIndexes(0, 2)).toEqual([1]);
    expect(neighbourIndexes(0, 1)).toEqual([]);
  });

  it("tells images, videos and unsupported files apart", () => {
    expect(viewerKind({ url: "/media/a.webp", kind: "image" })).toBe("image");
    expect(viewerKind({ url: "/media/a.JPG" })).toBe("image");
    expect(viewerKind({ url: "/media/a.mp4", kind: "video" })).toBe("video");
    expect(viewerKind({ url: "https://cdn.example/x.mov?sig=1" })).toBe("video");
    expect(viewerKind({ url: "https://cdn.example/video_upload/123" })).toBe("video");
    expect(viewerKind({ url: "https://cdn.example/u/video/abc" })).toBe("video");
    expect(viewerKind({ url: "/files/manual.pdf" })).toBe("unsupported");
    expect(viewerKind({ url: "/files/manual.pdf", kind: "image" })).toBe("unsupported");
    expect(viewerKind({ url: "data:image/png;base64,AAAA", kind: "image" })).toBe("image");
  });

  it("picks small pictures for thumbnails", () => {
    expect(smallestCandidate("/a-w640.webp 640w, /a-w320.webp 320w, /a.webp 1440w")).toBe("/a-w320.webp");
    expect(smallestCandidate("")).toBeNull();
    expect(thumbnailOf({ url: "/a.webp", srcset: "/a-w320.webp 320w, /a.webp 1080w" })).toBe("/a-w320.webp");
    expect(thumbnailOf({ url: "/v.mp4", kind: "video", poster: "/p.webp" })).toBe("/p.webp");
    expect(thumbnailOf({ url: "/v.mp4", kind: "video" })).toBeNull();
  });
});
