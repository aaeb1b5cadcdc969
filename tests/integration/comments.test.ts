import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { COMMENTS_PAGE_SIZE } from "~/models/comment.server";
import { RULES, resetRateLimits } from "~/models/rate-limit.server";
import { action as postComment } from "~/routes/api.comments";
import { action as commentAction } from "~/routes/api.comments.$id";
import { action as likeComment } from "~/routes/api.comments.$id.like";
import { loader as listComments } from "~/routes/api.posts.$id.comments";
import { answer, args, formRequest, getRequest, jsonRequest } from "../support/requests";
import { makePost, makeUser } from "../support/accounts";
import { postPath } from "~/lib/paths";

afterEach(() => resetRateLimits());

function comment(fields: Record<string, unknown>, cookie?: string) {
  return answer(postComment(args(jsonRequest("/api/comments", fields, { cookie }))));
}

async function list(postId: number, cookie?: string) {
  const response = await answer(listComments(args(getRequest(`/api/posts/${postId}/comments`, { cookie }), { id: String(postId) })));
  expect(response.status).toBe(200);
  return (await response.json()).comments;
}

function remove(commentId: number, cookie?: string) {
  const request = new Request(`http://127.0.0.1:3000/api/comments/${commentId}`, { method: "DELETE", headers: cookie ? { Cookie: cookie } : {} });
  return answer(commentAction(args(request, { id: String(commentId) })));
}

function toggleLike(commentId: number, cookie?: string) {
  return answer(
    likeComment(
      args(new Request(`http://127.0.0.1:3000/api/comments/${commentId}/like`, { method: "POST", headers: cookie ? { Cookie: cookie } : {} }), { id: String(commentId) }),
    ),
  );
}

describe("POST /api/comments", () => {
  it("creates a trimmed comment and answers 201 with the comment and its author", async () => {
    const owner = await makeUser("poster");
    const post = await makePost(owner.id);
    const response = await comment({ postId: post.id, content: "  Nice build!  " }, owner.cookie);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      content: "Nice build!",
      username: "poster",
      nickname: "poster Nick",
      parent_id: null,
      post_id: post.id,
      user_id: owner.id,
      likes_count: 0,
      is_liked: false,
      can_delete: true,
      replies: [],
    });
    expect(typeof body.id).toBe("number");
    expect(Date.parse(body.created_at)).not.toBeNaN();
  });

  it("refuses blank or too long text, visitors, and missing posts or parents", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const blank = await comment({ postId: post.id, content: "   \n " }, owner.cookie);
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: "Please write something before posting", status: 400 });
    const long = await comment({ postId: post.id, content: "x".repeat(2001) }, owner.cookie);
    expect(long.status).toBe(400);
    expect((await long.json()).error).toBe("Comments can be at most 2000 characters");
    expect((await comment({ postId: post.id, content: "x".repeat(2000) }, owner.cookie)).status).toBe(201);
    expect((await comment({ postId: "abc", content: "hi" }, owner.cookie)).status).toBe(400);

    const visitor = await comment({ postId: post.id, content: "hi" });
    expect(visitor.status).toBe(401);
    const missingPost = await comment({ postId: 777_777, content: "hi" }, owner.cookie);
    expect(missingPost.status).toBe(404);
    expect(await missingPost.json()).toEqual({ error: "Post not found", status: 404 });
    const missingParent = await comment({ postId: post.id, content: "hi", parentId: 777_777 }, owner.cookie);
    expect(missingParent.status).toBe(404);
    expect(await missingParent.json()).toEqual({ error: "Comment not found", status: 404 });

    // A parent on another post is not a parent here.
    const other = await makePost(owner.id);
    const elsewhere = await (await comment({ postId: other.id, content: "over there" }, owner.cookie)).json();
    expect((await comment({ postId: post.id, content: "hi", parentId: elsewhere.id }, owner.cookie)).status).toBe(404);
  });

  it("puts a reply to a reply under the top-level comment", async () => {
    const owner = await makeUser();
    const friend = await makeUser();
    const post = await makePost(owner.id);
    const top = await (await comment({ postId: post.id, content: "top" }, owner.cookie)).json();
    const reply = await (await comment({ postId: post.id, content: "reply", parentId: top.id }, friend.cookie)).json();
    expect(reply.parent_id).toBe(top.id);
    const deeper = await (await comment({ postId: post.id, content: "reply to reply", parentId: String(reply.id) }, owner.cookie)).json();
    expect(deeper.parent_id).toBe(top.id);
  });

  it("answers a plain form post with a 303 to the new comment, and visitors go to the login modal", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const back = await answer(
      postComment(
        args(formRequest("/api/comments", { postId: String(post.id), content: "from a form", redirectTo: `${postPath(post.id)}#comments` }, { cookie: owner.cookie })),
      ),
    );
    expect(back.status).toBe(303);
    const created = await prisma.comment.findFirstOrThrow({ where: { content: "from a form" } });
    expect(back.headers.get("Location")).toBe(`${postPath(post.id)}#comment-${created.id}`);

    const visitor = await answer(postComment(args(formRequest("/api/comments", { postId: String(post.id), content: "hi", redirectTo: postPath(post.id) }))));
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=%2Fpost%2F${post.id}`);
  });

  it("answers 429 with Retry-After past the comment limit", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    for (let i = 0; i < RULES.comment.limit; i++) expect((await comment({ postId: post.id, content: `c${i}` }, owner.cookie)).status).toBe(201);
    const limited = await comment({ postId: post.id, content: "one too many" }, owner.cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/^Too many attempts/);
  });
});

describe("GET /api/posts/{id}/comments", () => {
  it("lists top-level comments newest first with replies oldest first, for the viewer", async () => {
    const owner = await makeUser("owner");
    const fan = await makeUser("fan");
    const post = await makePost(owner.id);
    const first = await (await comment({ postId: post.id, content: "first" }, owner.cookie)).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await (await comment({ postId: post.id, content: "second" }, fan.cookie)).json();
    const r1 = await (await comment({ postId: post.id, content: "r1", parentId: first.id }, fan.cookie)).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const r2 = await (await comment({ postId: post.id, content: "r2", parentId: r1.id }, owner.cookie)).json();
    await toggleLike(first.id, fan.cookie);

    const asFan = await list(post.id, fan.cookie);
    expect(asFan.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    expect(asFan[1].replies.map((c: { id: number }) => c.id)).toEqual([r1.id, r2.id]);
    expect(asFan[1]).toMatchObject({ likes_count: 1, is_liked: true, can_delete: false, username: "owner" });
    expect(asFan[0]).toMatchObject({ can_delete: true, is_liked: false });
    expect(asFan[1].replies[1]).toMatchObject({ parent_id: first.id, can_delete: false, content: "r2" });

    // The post's owner may delete everything on it; visitors nothing.
    const asOwner = await list(post.id, owner.cookie);
    expect(asOwner.every((c: { can_delete: boolean }) => c.can_delete)).toBe(true);
    const asVisitor = await list(post.id);
    expect(asVisitor.some((c: { can_delete: boolean; is_liked: boolean }) => c.can_delete || c.is_liked)).toBe(false);
  });

  it("says 'anonymous' when the author is gone, and 404 for a missing post", async () => {
    const owner = await makeUser();
    const ghost = await makeUser();
    const post = await makePost(owner.id);
    await comment({ postId: post.id, content: "boo" }, ghost.cookie);
    await prisma.user.delete({ where: { id: ghost.id } });
    const comments = await list(post.id);
    expect(comments[0]).toMatchObject({ username: "anonymous", user_id: null, content: "boo" });

    const missing = await answer(listComments(args(getRequest("/api/posts/55555/comments"), { id: "55555" })));
    expect(missing.status).toBe(404);
  });
});

describe("GET /api/posts/{id}/comments, a page at a time", () => {
  type Listed = { id: number; content: string; replies: Listed[] };
  type Page = { comments: Listed[]; total: number; nextCursor: string | null };

  async function page(postId: number, before?: string): Promise<Page> {
    const query = before === undefined ? "" : `?before=${encodeURIComponent(before)}`;
    const response = await answer(listComments(args(getRequest(`/api/posts/${postId}/comments${query}`), { id: String(postId) })));
    expect(response.status).toBe(200);
    return response.json();
  }

  it("answers COMMENTS_PAGE_SIZE threads newest first with all their replies, then the older ones from the cursor", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const base = Date.parse("2026-06-01T10:00:00.000Z");
    // 23 top-level comments a minute apart, the last three written at the same moment (the id
    // breaks the tie), and replies under the oldest, one nested a level deeper as older data is.
    const tops: number[] = [];
    for (let i = 0; i < COMMENTS_PAGE_SIZE + 3; i++) {
      const createdAt = new Date(base + Math.min(i, COMMENTS_PAGE_SIZE) * 60_000);
      tops.push((await prisma.comment.create({ data: { postId: post.id, userId: owner.id, content: `top ${i}`, createdAt } })).id);
    }
    const reply = await prisma.comment.create({
      data: { postId: post.id, userId: owner.id, parentId: tops[0], content: "reply", createdAt: new Date(base + 3_600_000) },
    });
    await prisma.comment.create({ data: { postId: post.id, userId: owner.id, parentId: reply.id, content: "deeper", createdAt: new Date(base + 3_700_000) } });

    const first = await page(post.id);
    expect(first.total).toBe(COMMENTS_PAGE_SIZE + 5);
    expect(first.comments.map((c) => c.content)).toEqual(
      tops
        .map((_, i) => `top ${i}`)
        .reverse()
        .slice(0, COMMENTS_PAGE_SIZE),
    );
    expect(first.nextCursor).toEqual(expect.any(String));

    // A comment written between the pages is on the newest page, and moves nothing on the next.
    await comment({ postId: post.id, content: "meanwhile" }, owner.cookie);
    const second = await page(post.id, first.nextCursor!);
    expect(second.comments.map((c) => c.content)).toEqual(["top 2", "top 1", "top 0"]);
    expect(second.comments[2].replies.map((c) => c.content)).toEqual(["reply", "deeper"]);
    expect(second).toMatchObject({ total: COMMENTS_PAGE_SIZE + 6, nextCursor: null });

    const again = await page(post.id);
    expect(again.comments[0].content).toBe("meanwhile");
    expect(again.comments).toHaveLength(COMMENTS_PAGE_SIZE);
  });

  it("a post with fewer comments is one page; a malformed cursor is a 400 that says so", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    await comment({ postId: post.id, content: "only" }, owner.cookie);
    expect(await page(post.id)).toMatchObject({ total: 1, nextCursor: null, comments: [{ content: "only" }] });

    for (const bad of ["yesterday", "2026-06-01T10:00:00.000Z_", "_12", "2026-13-45_3"]) {
      const response = await answer(listComments(args(getRequest(`/api/posts/${post.id}/comments?before=${encodeURIComponent(bad)}`), { id: String(post.id) })));
      expect(response.status, bad).toBe(400);
      expect(await response.json(), bad).toEqual({ error: "Invalid cursor", status: 400 });
    }
  });
});

describe("POST /api/comments/{id}/like", () => {
  it("toggles and never counts below 0", async () => {
    const owner = await makeUser();
    const fan = await makeUser();
    const post = await makePost(owner.id);
    const top = await (await comment({ postId: post.id, content: "like me" }, owner.cookie)).json();
    expect(await (await toggleLike(top.id, fan.cookie)).json()).toEqual({ liked: true, likes_count: 1 });
    expect(await (await toggleLike(top.id, owner.cookie)).json()).toEqual({ liked: true, likes_count: 2 });
    expect(await (await toggleLike(top.id, fan.cookie)).json()).toEqual({ liked: false, likes_count: 1 });
    expect(await (await toggleLike(top.id, owner.cookie)).json()).toEqual({ liked: false, likes_count: 0 });
    expect((await toggleLike(top.id)).status).toBe(401);
    expect((await toggleLike(123_456, fan.cookie)).status).toBe(404);

    const parallel = await Promise.all(Array.from({ length: 10 }, () => toggleLike(top.id, fan.cookie)));
    expect(parallel.every((response) => response.status === 200)).toBe(true);
    const rows = await prisma.commentLike.count({ where: { commentId: top.id } });
    expect(rows).toBe(0); // ten toggles in a row end where they started
  });
});

describe("DELETE /api/comments/{id}", () => {
  it("lets the author, the post's owner and administrators delete; others get 403", async () => {
    const owner = await makeUser();
    const author = await makeUser();
    const stranger = await makeUser();
    const admin = await makeUser("admin", "admin");
    const post = await makePost(owner.id);
    const mk = async (who = author) => (await (await comment({ postId: post.id, content: "to delete" }, who.cookie)).json()).id as number;

    const a = await mk();
    const refused = await remove(a, stranger.cookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBeTruthy();
    expect((await remove(a)).status).toBe(401);
    expect(await (await remove(a, author.cookie)).json()).toEqual({ deleted: true, id: a, post_id: post.id });
    expect((await remove(a, author.cookie)).status).toBe(404);

    expect((await remove(await mk(), owner.cookie)).status).toBe(200);
    expect((await remove(await mk(), admin.cookie)).status).toBe(200);

    // Deleting a top-level comment takes its replies with it.
    const top = await mk();
    await comment({ postId: post.id, content: "reply", parentId: top }, stranger.cookie);
    await remove(top, author.cookie);
    expect(await prisma.comment.count({ where: { postId: post.id } })).toBe(0);
  });

  it("accepts POST intent=delete from a plain form and comes back with a toast", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const id = (await (await comment({ postId: post.id, content: "bye" }, owner.cookie)).json()).id;
    const response = await answer(
      commentAction(args(formRequest(`/api/comments/${id}`, { intent: "delete", redirectTo: postPath(post.id) }, { cookie: owner.cookie }), { id: String(id) })),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(postPath(post.id));
    expect(response.headers.get("Set-Cookie")).toContain("__flash=");
    expect(await prisma.comment.count({ where: { id } })).toBe(0);

    const noIntent = await answer(commentAction(args(jsonRequest(`/api/comments/${id}`, {}, { cookie: owner.cookie }), { id: String(id) })));
    expect(noIntent.status).toBe(400);
  });
});
