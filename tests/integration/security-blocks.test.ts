// A block stops more than messages: between two people who have blocked each other (either
// way) there are no comments on each other's posts, no replies to each other's comments, no
// likes, dislikes, saves or shares of each other's posts, no likes of each other's comments,
// no follows of each other or of each other's cars, and no notifications. Making the block
// takes away the likes and dislikes between them. Every path is tried through the API, from
// both sides.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as block } from "~/routes/api.users.$username.block";
import { action as postComment } from "~/routes/api.comments";
import { action as followUser } from "~/routes/api.users.$username.follow";
import { action as followCar } from "~/routes/api.cars.$carId.follow";
import { loader as notifications } from "~/routes/api.notifications";
import { action as likePost } from "~/routes/api.posts.$id.like";
import { action as savePost } from "~/routes/api.posts.$id.save";
import { action as sharePost } from "~/routes/api.posts.$id.share";
import { action as likeComment } from "~/routes/api.comments.$id.like";
import { action as sendMessage } from "~/routes/api.messages";
import { loader as postLoader } from "~/routes/api.posts.$id";
import { loader as commentsLoader } from "~/routes/api.posts.$id.comments";
import { takeFlash } from "~/lib/server/cookies.server";
import { answer, args, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";
import { makePost, makeUser, type TestUser } from "../support/accounts";
import { postPath } from "~/lib/paths";

let blocker: TestUser;
let blocked: TestUser;
let bystander: TestUser;

beforeEach(async () => {
  blocker = await makeUser();
  blocked = await makeUser();
  bystander = await makeUser();
});
afterEach(() => resetRateLimits());

const setBlock = async (want: boolean) => {
  const response = await answer(
    block(args(jsonRequest(`/api/users/${blocked.username}/block`, { blocked: want }, { cookie: blocker.cookie }), { username: blocked.username })),
  );
  expect(response.status).toBe(200);
};
const comment = (who: TestUser, postId: number, parentId?: number) =>
  answer(postComment(args(jsonRequest("/api/comments", { postId, content: "Lovely car", ...(parentId ? { parentId } : {}) }, { cookie: who.cookie }))));
const follow = (who: TestUser, whom: TestUser) =>
  answer(followUser(args(jsonRequest(`/api/users/${whom.username}/follow`, { following: true }, { cookie: who.cookie }), { username: whom.username })));
const followTheCar = (who: TestUser, carId: number) =>
  answer(followCar(args(jsonRequest(`/api/cars/${carId}/follow`, { following: true }, { cookie: who.cookie }), { carId: String(carId) })));
const feedOf = async (who: TestUser) => (await answer(notifications(args(getRequest("/api/notifications", { cookie: who.cookie }))))).json();
const react = (who: TestUser, postId: number, type: "like" | "dislike") =>
  answer(likePost(args(jsonRequest(`/api/posts/${postId}/like`, { type }, { cookie: who.cookie }), { id: String(postId) })));
const save = (who: TestUser, postId: number) => answer(savePost(args(jsonRequest(`/api/posts/${postId}/save`, {}, { cookie: who.cookie }), { id: String(postId) })));
const share = (who: TestUser | null, postId: number) =>
  answer(sharePost(args(jsonRequest(`/api/posts/${postId}/share`, { channel: "link" }, who ? { cookie: who.cookie } : {}), { id: String(postId) })));
const likeTheComment = (who: TestUser, commentId: number) =>
  answer(likeComment(args(jsonRequest(`/api/comments/${commentId}/like`, {}, { cookie: who.cookie }), { id: String(commentId) })));
const message = (who: TestUser, to: TestUser) => answer(sendMessage(args(jsonRequest("/api/messages", { to: to.username, content: "Hello" }, { cookie: who.cookie }))));
/** A post's counts as GET /api/posts/{id} answers them to `who`. */
const countsOf = async (postId: number, who: TestUser) =>
  (await (await answer(postLoader(args(getRequest(`/api/posts/${postId}`, { cookie: who.cookie }), { id: String(postId) })))).json()).post.counts;
/** Every comment of a post with its like count, as GET /api/posts/{id}/comments answers them. */
async function commentLikesOf(postId: number): Promise<Record<string, number>> {
  const page = await (await answer(commentsLoader(args(getRequest(`/api/posts/${postId}/comments`), { id: String(postId) })))).json();
  type Listed = { content: string; likes_count: number; replies: Listed[] };
  const all = (page.comments as Listed[]).flatMap((top) => [top, ...top.replies]);
  return Object.fromEntries(all.map((comment) => [comment.content, comment.likes_count]));
}
const carOf = (owner: TestUser) => prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 1991 } });

async function expect403(response: Response, message: string) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: message, status: 403 });
}

describe("a block stops reactions, saves, shares and messages, both ways", () => {
  it("refuses likes and dislikes of the other's posts and writes nothing", async () => {
    const [blockerPost, blockedPost] = [await makePost(blocker.id), await makePost(blocked.id)];
    await setBlock(true);
    for (const type of ["like", "dislike"] as const) {
      await expect403(await react(blocked, blockerPost.id, type), "You can't like or dislike this post");
      await expect403(await react(blocker, blockedPost.id, type), "You can't like or dislike this post");
    }
    expect(await prisma.postLike.count({ where: { postId: { in: [blockerPost.id, blockedPost.id] } } })).toBe(0);
    // Others still may.
    expect((await react(bystander, blockerPost.id, "like")).status).toBe(200);
  });

  it("refuses saves of the other's posts; a save made before the block can still be taken back", async () => {
    const [blockerPost, blockedPost, earlier] = [await makePost(blocker.id), await makePost(blocked.id), await makePost(blocker.id)];
    expect(await (await save(blocked, earlier.id)).json()).toEqual({ saved: true, saves: 1 });
    await setBlock(true);
    await expect403(await save(blocked, blockerPost.id), "You can't save this post");
    await expect403(await save(blocker, blockedPost.id), "You can't save this post");
    expect(await prisma.save.count({ where: { postId: { in: [blockerPost.id, blockedPost.id] } } })).toBe(0);
    expect(await (await save(blocked, earlier.id)).json()).toEqual({ saved: false, saves: 0 });
  });

  it("refuses shares of the other's posts by either member; visitors still share", async () => {
    const [blockerPost, blockedPost] = [await makePost(blocker.id), await makePost(blocked.id)];
    await setBlock(true);
    await expect403(await share(blocked, blockerPost.id), "You can't share this post");
    await expect403(await share(blocker, blockedPost.id), "You can't share this post");
    expect(await prisma.share.count({ where: { postId: { in: [blockerPost.id, blockedPost.id] } } })).toBe(0);
    expect(await (await share(null, blockerPost.id)).json()).toEqual({ shares: 1 });
  });

  it("refuses likes of the other's comments, on anyone's post", async () => {
    const post = await makePost(bystander.id);
    const byBlocker = await prisma.comment.create({ data: { postId: post.id, userId: blocker.id, content: "Mine" } });
    const byBlocked = await prisma.comment.create({ data: { postId: post.id, userId: blocked.id, content: "Theirs" } });
    await setBlock(true);
    await expect403(await likeTheComment(blocked, byBlocker.id), "You can't like this comment");
    await expect403(await likeTheComment(blocker, byBlocked.id), "You can't like this comment");
    expect(await prisma.commentLike.count({ where: { commentId: { in: [byBlocker.id, byBlocked.id] } } })).toBe(0);
    expect(await (await likeTheComment(bystander, byBlocker.id)).json()).toEqual({ liked: true, likes_count: 1 });
  });

  it("refuses replies under the other's posts, to anyone's comment", async () => {
    const post = await makePost(blocker.id);
    const byBystander = await prisma.comment.create({ data: { postId: post.id, userId: bystander.id, content: "Nice" } });
    await setBlock(true);
    await expect403(await comment(blocked, post.id, byBystander.id), "You can't comment on this post");
    expect(await prisma.comment.count({ where: { postId: post.id } })).toBe(1);
  });

  it("refuses messages either way", async () => {
    await setBlock(true);
    await expect403(await message(blocked, blocker), "You can't message this user");
    await expect403(await message(blocker, blocked), "You can't message this user");
    expect(await prisma.message.count({ where: { senderId: { in: [blocker.id, blocked.id] } } })).toBe(0);
  });

  it("sends a plain form back to its page with the message", async () => {
    const post = await makePost(blocker.id);
    await setBlock(true);
    const page = postPath(post.id);
    const refused = [
      await answer(likePost(args(formRequest(`/api/posts/${post.id}/like`, { type: "like", redirectTo: page }, { cookie: blocked.cookie }), { id: String(post.id) }))),
      await answer(savePost(args(formRequest(`/api/posts/${post.id}/save`, { redirectTo: page }, { cookie: blocked.cookie }), { id: String(post.id) }))),
    ];
    const toasts = [];
    for (const response of refused) {
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(page);
      toasts.push((await takeFlash(new Request("http://127.0.0.1:3000/", { headers: { Cookie: cookiesOf(response) } }))).toast);
    }
    expect(toasts).toEqual([
      { type: "error", message: "You can't like or dislike this post" },
      { type: "error", message: "You can't save this post" },
    ]);
    expect(await prisma.postLike.count({ where: { postId: post.id } })).toBe(0);
    expect(await prisma.save.count({ where: { postId: post.id } })).toBe(0);
  });

  it("takes away, when made, the likes and dislikes between the two, both ways; the counts follow", async () => {
    const [blockerPost, blockedPost, otherPost] = [await makePost(blocker.id), await makePost(blocked.id), await makePost(bystander.id)];
    const mine = await prisma.comment.create({ data: { postId: otherPost.id, userId: blocker.id, content: "Mine" } });
    const theirs = await prisma.comment.create({ data: { postId: otherPost.id, userId: blocked.id, content: "Theirs" } });
    const others = await prisma.comment.create({ data: { postId: otherPost.id, userId: bystander.id, content: "Others" } });
    for (const [who, postId, type] of [
      [blocked, blockerPost.id, "like"],
      [bystander, blockerPost.id, "like"],
      [blocker, blockedPost.id, "dislike"],
      [bystander, blockedPost.id, "dislike"],
      [blocked, otherPost.id, "like"],
      [blocker, otherPost.id, "like"],
    ] as const) {
      expect((await react(who, postId, type)).status).toBe(200);
    }
    for (const [who, commentId] of [
      [blocked, mine.id],
      [bystander, mine.id],
      [blocker, theirs.id],
      [blocked, others.id],
      [blocker, others.id],
    ] as const) {
      expect((await likeTheComment(who, commentId)).status).toBe(200);
    }
    expect(await countsOf(blockerPost.id, bystander)).toMatchObject({ likes: 2, dislikes: 0 });
    expect(await countsOf(blockedPost.id, bystander)).toMatchObject({ likes: 0, dislikes: 2 });
    expect(await commentLikesOf(otherPost.id)).toEqual({ Mine: 2, Theirs: 1, Others: 2 });

    await setBlock(true);
    // Between the two: gone. With anyone else: kept.
    expect(await countsOf(blockerPost.id, bystander)).toMatchObject({ likes: 1, dislikes: 0 });
    expect(await countsOf(blockedPost.id, bystander)).toMatchObject({ likes: 0, dislikes: 1 });
    expect(await countsOf(otherPost.id, bystander)).toMatchObject({ likes: 2, dislikes: 0 });
    expect(await commentLikesOf(otherPost.id)).toEqual({ Mine: 1, Theirs: 0, Others: 2 });
    expect(await prisma.postLike.count({ where: { userId: { in: [blocker.id, blocked.id] }, postId: { in: [blockerPost.id, blockedPost.id] } } })).toBe(0);
  });
});

describe("a block, both ways", () => {
  it("stops comments on the other's posts", async () => {
    const [blockerPost, blockedPost] = [await makePost(blocker.id), await makePost(blocked.id)];
    await setBlock(true);
    await expect403(await comment(blocked, blockerPost.id), "You can't comment on this post");
    await expect403(await comment(blocker, blockedPost.id), "You can't comment on this post");
    expect(await prisma.comment.count({ where: { postId: { in: [blockerPost.id, blockedPost.id] } } })).toBe(0);
    // Others still may.
    expect((await comment(bystander, blockerPost.id)).status).toBe(201);
  });

  it("stops replies to the other's comments on a third person's post", async () => {
    const post = await makePost(bystander.id);
    const byBlocker = await prisma.comment.create({ data: { postId: post.id, userId: blocker.id, content: "Mine" } });
    const byBlocked = await prisma.comment.create({ data: { postId: post.id, userId: blocked.id, content: "Theirs" } });
    await setBlock(true);
    await expect403(await comment(blocked, post.id, byBlocker.id), "You can't reply to this comment");
    await expect403(await comment(blocker, post.id, byBlocked.id), "You can't reply to this comment");
    // A top-level comment on the third person's post is fine.
    expect((await comment(blocked, post.id)).status).toBe(201);
  });

  it("stops follows of the member and of their cars", async () => {
    const [blockerCar, blockedCar] = [await carOf(blocker), await carOf(blocked)];
    await setBlock(true);
    await expect403(await follow(blocked, blocker), "You can't follow this user");
    await expect403(await follow(blocker, blocked), "You can't follow this user");
    await expect403(await followTheCar(blocked, blockerCar.id), "You can't follow this car");
    await expect403(await followTheCar(blocker, blockedCar.id), "You can't follow this car");
    expect(await prisma.userFollow.count({ where: { followerId: { in: [blocker.id, blocked.id] } } })).toBe(0);
    expect(await prisma.carFollow.count({ where: { userId: { in: [blocker.id, blocked.id] } } })).toBe(0);
  });

  it("ends the follows and the notifications between them; new ones never show", async () => {
    const [blockerCar, blockedCar] = [await carOf(blocker), await carOf(blocked)];
    for (const [who, whom, car] of [
      [blocked, blocker, blockerCar],
      [blocker, blocked, blockedCar],
    ] as const) {
      expect((await follow(who, whom)).status).toBe(200);
      expect((await followTheCar(who, car.id)).status).toBe(200);
    }
    expect((await feedOf(blocker)).unread_count).toBe(2);
    expect((await feedOf(blocked)).unread_count).toBe(2);

    await setBlock(true);
    expect(await prisma.userFollow.count({ where: { followerId: { in: [blocker.id, blocked.id] } } })).toBe(0);
    expect(await prisma.carFollow.count({ where: { userId: { in: [blocker.id, blocked.id] } } })).toBe(0);
    for (const who of [blocker, blocked]) expect(await feedOf(who)).toEqual({ notifications: [], unread_count: 0 });

    // A notice written while the block lands (a follow racing it) is not shown either;
    // notices nobody caused (insurance) are.
    await prisma.notification.create({ data: { userId: blocker.id, type: "user_follow", relatedUserId: blocked.id, message: "raced" } });
    await prisma.notification.create({ data: { userId: blocker.id, type: "insurance_expiration", carId: blockerCar.id, message: "Insurance" } });
    const feed = await feedOf(blocker);
    expect(feed.notifications.map((notice: { message: string }) => notice.message)).toEqual(["Insurance"]);
    expect(feed.unread_count).toBe(1);
  });

  it("lifts with the block", async () => {
    const post = await makePost(blocker.id);
    await setBlock(true);
    await setBlock(false);
    expect((await comment(blocked, post.id)).status).toBe(201);
    expect((await follow(blocked, blocker)).status).toBe(200);
    expect((await feedOf(blocker)).unread_count).toBe(1);
    expect((await react(blocked, post.id, "like")).status).toBe(200);
    expect((await save(blocked, post.id)).status).toBe(200);
    expect((await share(blocked, post.id)).status).toBe(200);
  });
});
