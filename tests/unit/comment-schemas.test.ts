import { describe, expect, it } from "vitest";
import {
  addComment,
  canPost,
  countComments,
  findComment,
  parseCommentInput,
  removeComment,
  replaceComment,
  setCommentLikeIn,
  toggleCommentLikeIn,
  withComments,
  withNewestPage,
  withOlderPage,
  NO_COMMENTS,
  type CommentView,
} from "~/lib/schemas/comment-schemas";
import { isDevHost, parseFeedbackInput, parseVersions } from "~/lib/rules/changelog";

function view(id: number, parent: number | null = null, extra: Partial<CommentView> = {}): CommentView {
  return {
    id,
    content: `c${id}`,
    created_at: new Date(0).toISOString(),
    user_id: 1,
    post_id: 1,
    parent_id: parent,
    username: "u",
    nickname: null,
    profileImage: null,
    likes_count: 0,
    is_liked: false,
    can_delete: false,
    replies: [],
    ...extra,
  };
}

describe("comment input", () => {
  it("needs trimmed non-empty text of at most 2000 characters", () => {
    expect(canPost("")).toBe(false);
    expect(canPost("  \n\t ")).toBe(false);
    expect(canPost(" hi ")).toBe(true);
    expect(canPost("x".repeat(2000))).toBe(true);
    expect(canPost("x".repeat(2001))).toBe(false);
  });

  it("parses postId, content and an optional parentId", () => {
    expect(parseCommentInput({ postId: "4", content: "  hey " })).toEqual({ ok: true, value: { postId: 4, content: "hey", parentId: null } });
    expect(parseCommentInput({ postId: 4, content: "hey", parentId: "9" })).toEqual({ ok: true, value: { postId: 4, content: "hey", parentId: 9 } });
    expect(parseCommentInput({ postId: 4, content: "hey", parentId: "" })).toMatchObject({ ok: true, value: { parentId: null } });
    expect(parseCommentInput({ postId: 4, content: "  " })).toEqual({ ok: false, message: "Please write something before posting" });
    expect(parseCommentInput({ postId: 4 })).toEqual({ ok: false, message: "Please write something before posting" });
    expect(parseCommentInput({ postId: 4, content: "x".repeat(2001) })).toEqual({ ok: false, message: "Comments can be at most 2000 characters" });
    expect(parseCommentInput({ postId: "x", content: "hey" })).toEqual({ ok: false, message: "Invalid request data" });
    expect(parseCommentInput({ postId: 4, content: "hey", parentId: "-1" })).toEqual({ ok: false, message: "Invalid request data" });
    expect(parseCommentInput({ postId: 4, content: 7 })).toEqual({ ok: false, message: "Invalid request data" });
  });
});

describe("comment tree updates", () => {
  const tree = () => [view(3), view(1, null, { replies: [view(2, 1)] })];

  it("adds top-level comments first and replies last under their parent", () => {
    const withTop = addComment(tree(), view(-1));
    expect(withTop.map((c) => c.id)).toEqual([-1, 3, 1]);
    const withReply = addComment(tree(), view(-2, 1));
    expect(withReply[1].replies.map((c) => c.id)).toEqual([2, -2]);
    expect(countComments(withReply)).toBe(4);
  });

  it("replaces a temporary comment with the server's, and removes one on failure", () => {
    const added = addComment(addComment(tree(), view(-1)), view(-2, 1));
    const replaced = replaceComment(replaceComment(added, -1, view(10)), -2, view(11, 1));
    expect(replaced.map((c) => c.id)).toEqual([10, 3, 1]);
    expect(replaced[2].replies.map((c) => c.id)).toEqual([2, 11]);
    expect(removeComment(added, -2)[2].replies.map((c) => c.id)).toEqual([2]);
    expect(removeComment(added, -1).map((c) => c.id)).toEqual([3, 1]);
    // Removing a top-level comment takes its replies.
    expect(countComments(removeComment(tree(), 1))).toBe(1);
  });

  it("toggles a like optimistically and never counts below 0", () => {
    const liked = toggleCommentLikeIn(tree(), 2);
    expect(findComment(liked, 2)).toMatchObject({ is_liked: true, likes_count: 1 });
    const unliked = toggleCommentLikeIn(liked, 2);
    expect(findComment(unliked, 2)).toMatchObject({ is_liked: false, likes_count: 0 });
    // A stale state (liked with a count of 0) still never goes negative.
    const stale = [view(5, null, { is_liked: true, likes_count: 0 })];
    expect(findComment(toggleCommentLikeIn(stale, 5), 5)).toMatchObject({ is_liked: false, likes_count: 0 });
    expect(findComment(setCommentLikeIn(tree(), 3, true, -4), 3)).toMatchObject({ is_liked: true, likes_count: 0 });
  });
});

describe("a section's pages of comments", () => {
  const ids = (list: { comments: CommentView[] }) => list.comments.map((comment) => comment.id);
  const newestPage = { comments: [view(9), view(8, null, { replies: [view(10, 8)] })], total: 7, nextCursor: "c8" };

  it("an older page goes under the list, without a comment twice, and its cursor is next", () => {
    const first = withNewestPage(NO_COMMENTS, newestPage);
    expect(first).toEqual({ ...newestPage, olderIds: [] });
    const older = withOlderPage(first, { comments: [view(8), view(5), view(4)], total: 8, nextCursor: null });
    expect(ids(older)).toEqual([9, 8, 5, 4]);
    expect(older).toMatchObject({ total: 7, nextCursor: null, olderIds: [5, 4] });
    // The first page's 8 (with its reply) is the one kept.
    expect(older.comments[1].replies.map((reply) => reply.id)).toEqual([10]);
  });

  it("a fresh newest page keeps the older pages already shown under it, with the cursor past them", () => {
    const shown = withOlderPage(withNewestPage(NO_COMMENTS, newestPage), { comments: [view(5, null, { replies: [view(11, 5)] })], total: 7, nextCursor: "c5" });
    // A new comment came in (pushing 8 off the newest page), and a reply to an older comment was posted.
    const replied = withComments(shown, addComment(shown.comments, view(12, 5)));
    const fresh = withNewestPage(replied, { comments: [view(13), view(9)], total: 10, nextCursor: "c9" });
    expect(ids(fresh)).toEqual([13, 9, 8, 5]);
    expect(fresh.comments[3].replies.map((reply) => reply.id)).toEqual([11, 12]);
    expect(fresh).toMatchObject({ total: 10, nextCursor: "c5", olderIds: [8, 5] });
    // A comment gone from the new page's span (9 and 8, deleted) is gone from the list.
    expect(ids(withNewestPage(replied, { comments: [view(13), view(6)], total: 4, nextCursor: "c6" }))).toEqual([13, 6, 5]);
    // Without older pages shown, or when the new page holds everything, the page is the list.
    expect(withNewestPage(withNewestPage(NO_COMMENTS, newestPage), { comments: [view(13)], total: 1, nextCursor: "c13" })).toEqual({
      comments: [view(13)],
      total: 1,
      nextCursor: "c13",
      olderIds: [],
    });
    expect(ids(withNewestPage(replied, { comments: [view(13), view(9), view(5)], total: 5, nextCursor: null }))).toEqual([13, 9, 5]);
  });

  it("the total moves with each comment added or removed, replies included, and never below 0", () => {
    const list = withNewestPage(NO_COMMENTS, newestPage);
    expect(withComments(list, addComment(list.comments, view(14))).total).toBe(8);
    expect(withComments(list, removeComment(list.comments, 8)).total).toBe(5);
    expect(withComments(list, toggleCommentLikeIn(list.comments, 9)).total).toBe(7);
    expect(withComments({ ...list, total: 1 }, []).total).toBe(0);
  });
});

describe("feedback and version helpers", () => {
  it("parses feedback fields", () => {
    expect(parseFeedbackInput({ feedback_text: " good ", rating: "4", build_number: "3084", user_id: 3 })).toEqual({
      ok: true,
      value: { text: "good", rating: 4, buildNumber: 3084 },
    });
    expect(parseFeedbackInput({ feedback_text: "good", rating: null })).toEqual({ ok: true, value: { text: "good", rating: null, buildNumber: null } });
    expect(parseFeedbackInput({ feedback_text: " " })).toEqual({ ok: false, message: "Please enter your feedback" });
    expect(parseFeedbackInput({ feedback_text: "x", rating: 9 }).ok).toBe(false);
    expect(parseFeedbackInput({ feedback_text: "x".repeat(5001) }).ok).toBe(false);
  });

  it("knows development hosts", () => {
    for (const host of ["localhost", "127.0.0.1", "garage.local", "dev.example.com", "mydevbox", "staging-DEV.cars.app"]) expect(isDevHost(host)).toBe(true);
    for (const host of ["cars.example.com", "192.168.1.4", "local.example.com"]) expect(isDevHost(host)).toBe(false);
  });

  it("reads version.json defensively", () => {
    expect(parseVersions({ versions: [{ date: "2026-01-01", buildNumber: 1, changes: ["a", 2] }, { date: 3 }] })).toEqual([
      { date: "2026-01-01", buildNumber: 1, changes: ["a"] },
    ]);
    expect(parseVersions(null)).toEqual([]);
    expect(parseVersions({ versions: "no" })).toEqual([]);
  });
});
