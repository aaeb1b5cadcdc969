import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as like } from "~/routes/api.posts.$id.like";
import { loader as interactions } from "~/routes/api.posts.$id.interactions";
import { action as save } from "~/routes/api.posts.$id.save";
import { listSavedPosts } from "~/models/save.server";
import { getReactionState } from "~/models/like.server";
import { applyReaction, compactCount } from "~/components/interactions/reactions";
import { answer, args, formRequest, getRequest, jsonRequest } from "../support/requests";
import { makePost, makeUser } from "../support/accounts";
import { postPath } from "~/lib/paths";

afterEach(() => resetRateLimits());

function press(postId: number | string, type: unknown, cookie?: string) {
  return answer(like(args(jsonRequest(`/api/posts/${postId}/like`, { type }, { cookie }), { id: String(postId) })));
}

describe("POST /api/posts/{id}/like", () => {
  it("like, then dislike, then dislike again: added, switched, removed", async () => {
    const owner = await makeUser();
    const fan = await makeUser();
    const post = await makePost(owner.id);

    const first = await press(post.id, "like", fan.cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ action: "added", likes: 1, dislikes: 0, liked: true, disliked: false });

    const second = await press(post.id, "dislike", fan.cookie);
    expect(await second.json()).toEqual({ action: "added", likes: 0, dislikes: 1, liked: false, disliked: true });

    const third = await press(post.id, "dislike", fan.cookie);
    expect(await third.json()).toEqual({ action: "removed", likes: 0, dislikes: 0, liked: false, disliked: false });
    expect(await prisma.postLike.count({ where: { postId: post.id } })).toBe(0);

    // Pressing like twice removes the like.
    await press(post.id, "like", fan.cookie);
    expect(await (await press(post.id, "like", fan.cookie)).json()).toMatchObject({ action: "removed", likes: 0, liked: false });
  });

  it("counts every member once and keeps one row per member and post", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const fans = await Promise.all(Array.from({ length: 4 }, () => makeUser()));
    for (const fan of fans) await press(post.id, "like", fan.cookie);
    await press(post.id, "dislike", fans[0].cookie);
    const state = await getReactionState(post.id, fans[0].id);
    expect(state).toEqual({ likes: 3, dislikes: 1, liked: false, disliked: true });
  });

  it("stays consistent under 10 parallel presses by one member", async () => {
    const owner = await makeUser();
    const fan = await makeUser();
    const post = await makePost(owner.id);
    const types = ["like", "dislike", "like", "like", "dislike", "like", "dislike", "dislike", "like", "like"];
    const answers = await Promise.all(types.map((type) => press(post.id, type, fan.cookie)));
    for (const response of answers) expect(response.status).toBe(200);
    const bodies = await Promise.all(answers.map((response) => response.json()));

    const rows = await prisma.postLike.findMany({ where: { postId: post.id } });
    expect(rows.length).toBeLessThanOrEqual(1);
    const state = await getReactionState(post.id, fan.id);
    expect(state.likes + state.dislikes).toBe(rows.length);
    expect(state.liked).toBe(rows[0]?.type === "like");
    expect(state.disliked).toBe(rows[0]?.type === "dislike");
    // Every answer describes a possible state: at most one reaction, flags matching counts.
    for (const body of bodies) {
      expect(body.likes + body.dislikes).toBeLessThanOrEqual(1);
      expect(body.liked).toBe(body.likes === 1);
      expect(body.disliked).toBe(body.dislikes === 1);
    }
  });

  it("stays consistent under 10 parallel presses by 10 members", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const fans = await Promise.all(Array.from({ length: 10 }, () => makeUser()));
    const answers = await Promise.all(fans.map((fan, i) => press(post.id, i % 3 === 0 ? "dislike" : "like", fan.cookie)));
    expect(answers.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await getReactionState(post.id, null)).toEqual({ likes: 6, dislikes: 4, liked: false, disliked: false });
  });

  it("answers 401 to visitors, 400 to a bad type and 404 to a missing post", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const visitor = await press(post.id, "like");
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).error).toBeTruthy();

    const bad = await press(post.id, "love", owner.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "type must be like or dislike", status: 400 });

    const missing = await press(999_999, "like", owner.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Post not found", status: 404 });
    expect((await press("abc", "like", owner.cookie)).status).toBe(404);
  });

  it("answers a plain form post with a 303 back, and sends visitors to the login modal", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const back = await answer(
      like(args(formRequest(`/api/posts/${post.id}/like`, { type: "like", redirectTo: postPath(post.id) }, { cookie: owner.cookie }), { id: String(post.id) })),
    );
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(postPath(post.id));
    expect((await getReactionState(post.id, owner.id)).liked).toBe(true);

    const visitor = await answer(like(args(formRequest(`/api/posts/${post.id}/like`, { type: "like", redirectTo: postPath(post.id) }), { id: String(post.id) })));
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=%2Fpost%2F${post.id}`);

    // An error on a plain form comes back to the page with a toast cookie.
    const wrong = await answer(
      like(args(formRequest(`/api/posts/${post.id}/like`, { type: "meh", redirectTo: postPath(post.id) }, { cookie: owner.cookie }), { id: String(post.id) })),
    );
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("Set-Cookie")).toContain("__flash=");
  });

  it("answers 429 with Retry-After past the like limit", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    let last: Response | null = null;
    for (let i = 0; i < 121; i++) last = await press(post.id, "like", owner.cookie);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("GET /api/posts/{id}/interactions", () => {
  it("lists who liked and who disliked, newest first, with public fields only", async () => {
    const owner = await makeUser("Owner");
    const a = await makeUser("Alice");
    const b = await makeUser("Bob");
    const post = await makePost(owner.id);
    await press(post.id, "like", a.cookie);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await press(post.id, "like", b.cookie);
    await press(post.id, "dislike", owner.cookie);

    const response = await answer(interactions(args(getRequest(`/api/posts/${post.id}/interactions`), { id: String(post.id) })));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      likes: [
        { username: "bob", nickname: "Bob Nick", profileImage: null },
        { username: "alice", nickname: "Alice Nick", profileImage: null },
      ],
      dislikes: [{ username: "owner", nickname: "Owner Nick", profileImage: null }],
    });

    const missing = await answer(interactions(args(getRequest("/api/posts/424242/interactions"), { id: "424242" })));
    expect(missing.status).toBe(404);
  });
});

describe("saves", () => {
  it("POST /api/posts/{id}/save toggles and counts; the Saved list pages newest first", async () => {
    const owner = await makeUser();
    const fan = await makeUser();
    const posts = await Promise.all([1, 2, 3].map((n) => makePost(owner.id, `post ${n}`)));
    const toggle = (postId: number, cookie?: string) => answer(save(args(jsonRequest(`/api/posts/${postId}/save`, {}, { cookie }), { id: String(postId) })));

    expect(await (await toggle(posts[0].id, fan.cookie)).json()).toEqual({ saved: true, saves: 1 });
    expect(await (await toggle(posts[0].id, owner.cookie)).json()).toEqual({ saved: true, saves: 2 });
    expect(await (await toggle(posts[0].id, fan.cookie)).json()).toEqual({ saved: false, saves: 1 });
    expect((await toggle(posts[0].id)).status).toBe(401);
    expect((await toggle(987_654, fan.cookie)).status).toBe(404);

    for (const post of posts) {
      await toggle(post.id, fan.cookie);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await listSavedPosts(fan.id, null, 2);
    expect(first.postIds).toEqual([posts[2].id, posts[1].id]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listSavedPosts(fan.id, first.nextCursor, 2);
    expect(second.postIds).toEqual([posts[0].id]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("the optimistic rule of the buttons", () => {
  const none = { likes: 3, dislikes: 2, liked: false, disliked: false };

  it("matches the server: like, switch to dislike, press again removes", () => {
    const liked = applyReaction(none, "like");
    expect(liked).toEqual({ likes: 4, dislikes: 2, liked: true, disliked: false });
    const disliked = applyReaction(liked, "dislike");
    expect(disliked).toEqual({ likes: 3, dislikes: 3, liked: false, disliked: true });
    expect(applyReaction(disliked, "dislike")).toEqual(none);
    expect(applyReaction(applyReaction(disliked, "like"), "like")).toEqual(none);
  });

  it("never counts below 0 from a stale state", () => {
    expect(applyReaction({ likes: 0, dislikes: 0, liked: true, disliked: false }, "dislike")).toEqual({ likes: 0, dislikes: 1, liked: false, disliked: true });
    expect(compactCount(999)).toBe("999");
    expect(compactCount(1234)).toBe("1.2K");
    expect(compactCount(-1)).toBe("0");
  });
});
