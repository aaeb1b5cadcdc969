// A block stops more than messages (issue 13): between two people who have blocked each
// other (either way) there are no comments on each other's posts, no replies to each
// other's comments, no follows of each other or of each other's cars, and no
// notifications. Every path is tried through the API, from both sides.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as block } from "~/routes/api.users.$username.block";
import { action as postComment } from "~/routes/api.comments";
import { action as followUser } from "~/routes/api.users.$username.follow";
import { action as followCar } from "~/routes/api.cars.$carId.follow";
import { loader as notifications } from "~/routes/api.notifications";
import { answer, args, getRequest, jsonRequest } from "../support/requests";
import { makePost, makeUser, type TestUser } from "../support/accounts";

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
const carOf = (owner: TestUser) => prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 1991 } });

async function expect403(response: Response, message: string) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: message });
}

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
  });
});
