import { describe, expect, it } from "vitest";
import { appendPosts, feedPageUrl, loadMoreHref, readFeedPage, refreshPosts, removePost, triggerIndex } from "~/components/feed/feed-pages";
import { SERVER_FAILED, UNREACHABLE } from "~/lib/client/fetcher-answer";
import type { FeedPost } from "~/lib/wire";

const post = (id: number) => ({ id }) as FeedPost;
const ids = (posts: FeedPost[]) => posts.map((p) => p.id);

describe("feed paging URLs", () => {
  it("asks for 10 posts after the cursor", () => {
    expect(feedPageUrl({ cursor: "2026-11-20T10:00:00.000Z_42" })).toBe("/api/feed?limit=10&cursor=2026-11-20T10%3A00%3A00.000Z_42");
  });

  it("can name ids to leave out", () => {
    expect(feedPageUrl({ cursor: "c", limit: 5, exclude: [3, 4] })).toBe("/api/feed?limit=5&cursor=c&exclude=3%2C4");
  });

  it("links the no-JavaScript 'Load more' to the home page after the cursor", () => {
    expect(loadMoreHref("2026-11-20T10:00:00.000Z_42")).toBe("/?cursor=2026-11-20T10%3A00%3A00.000Z_42");
  });
});

describe("readFeedPage", () => {
  it("reads posts and the next cursor", () => {
    expect(readFeedPage({ posts: [{ id: 1 }], nextCursor: "x" })).toEqual({ posts: [{ id: 1 }], nextCursor: "x" });
  });

  it("throws on a failed request, a refusal or a malformed body", () => {
    // What the API's clientLoader answers for a 5xx and for no answer at all.
    expect(() => readFeedPage({ error: SERVER_FAILED, failed: true })).toThrow(SERVER_FAILED);
    expect(() => readFeedPage({ error: UNREACHABLE, failed: true })).toThrow(UNREACHABLE);
    expect(() => readFeedPage({ error: "limit must be a number" })).toThrow("limit must be a number");
    expect(() => readFeedPage({ nothing: true })).toThrow("Malformed");
    expect(() => readFeedPage(undefined)).toThrow("Malformed");
  });
});

describe("triggerIndex (load more within the last 3 posts)", () => {
  it("is the third-last card", () => {
    expect(triggerIndex(50)).toBe(47);
    expect(triggerIndex(3)).toBe(0);
  });

  it("is the first card when there are fewer than three, and none for an empty list", () => {
    expect(triggerIndex(2)).toBe(0);
    expect(triggerIndex(0)).toBe(-1);
  });
});

describe("merging pages", () => {
  it("appends older posts without repeats", () => {
    expect(ids(appendPosts([post(5), post(4)], [post(4), post(3), post(2)]))).toEqual([5, 4, 3, 2]);
  });

  it("refreshes the first page in place and keeps the posts loaded after it", () => {
    const current = [post(5), post(4), post(3), post(2), post(1)];
    // A new post 6 arrived and 4 was deleted; the loader's page is 6, 5, 3.
    expect(ids(refreshPosts(current, [post(6), post(5), post(3)]))).toEqual([6, 5, 3, 2, 1]);
  });

  it("starts over when the refreshed page does not meet the loaded list", () => {
    expect(ids(refreshPosts([post(2), post(1)], [post(9), post(8)]))).toEqual([9, 8]);
  });

  it("removes a deleted post", () => {
    expect(ids(removePost([post(3), post(2)], 3))).toEqual([2]);
  });
});
