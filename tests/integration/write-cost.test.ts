// What a member's like, comment and follow cost the database. Each is pressed thousands of
// times an hour, so each must run a few single statements and hold no transaction open:
// the signed-in session with its user in one read, the rate-limit window in one write, then
// the change itself.
import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as like } from "~/routes/api.posts.$id.like";
import { action as postComment } from "~/routes/api.comments";
import { action as followCar } from "~/routes/api.cars.$carId.follow";
import { makePost, makeUser } from "../support/accounts";
import { callJson, jsonRequest } from "../support/requests";
import { watchStatements } from "../support/statements";

afterEach(async () => {
  vi.restoreAllMocks();
  await resetRateLimits();
});

/**
 * Runs `press` while counting statements; answers its JSON answer and the SQL it ran, less
 * the deletion of ended rate-limit windows that any write may run now and then.
 */
async function measured(press: () => ReturnType<typeof callJson>) {
  const watched = watchStatements();
  const result = await press();
  return { ...result, statements: watched().filter((sql) => !/^\s*DELETE FROM "rate_limits"/.test(sql)) };
}

const transactions = (statements: string[]) => statements.filter((sql) => /^\s*(BEGIN|COMMIT|SAVEPOINT)/i.test(sql));

describe("a member's writes", () => {
  it("a like, a switch to dislike and its removal: at most 5 statements each, no transaction", async () => {
    const owner = await makeUser();
    const fan = await makeUser();
    const post = await makePost(owner.id);
    const press = (type: string) => callJson(like, jsonRequest(`/api/posts/${post.id}/like`, { type }, { cookie: fan.cookie }), { id: String(post.id) });

    for (const [type, expected] of [
      ["like", { action: "added", likes: 1, dislikes: 0, liked: true, disliked: false }],
      ["dislike", { action: "added", likes: 0, dislikes: 1, liked: false, disliked: true }],
      ["dislike", { action: "removed", likes: 0, dislikes: 0, liked: false, disliked: false }],
    ] as const) {
      const { status, body, statements } = await measured(() => press(type));
      expect(status).toBe(200);
      expect(body).toEqual(expected);
      expect(transactions(statements)).toEqual([]);
      expect(statements.length).toBeLessThanOrEqual(5);
    }
  });

  it("a comment: at most 4 statements, no transaction, and it shows its author", async () => {
    const owner = await makeUser();
    const fan = await makeUser();
    const post = await makePost(owner.id);
    const { status, body, statements } = await measured(() =>
      callJson(postComment, jsonRequest("/api/comments", { postId: post.id, content: "Clean swap" }, { cookie: fan.cookie })),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ content: "Clean swap", username: fan.username, post_id: post.id, parent_id: null, can_delete: true });
    expect(transactions(statements)).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(4);
  });

  it("a car follow and unfollow: at most 10 and 8 statements", async () => {
    const owner = await makeUser();
    const fan = await makeUser();
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Honda", model: "S2000", year: 2001 } });
    const press = () => callJson(followCar, jsonRequest(`/api/cars/${car.id}/follow`, {}, { cookie: fan.cookie }), { carId: String(car.id) });

    // Following: the car with the follow and block state, the follow and the car's posts into
    // the fan's timeline (one transaction: BEGIN, two statements, COMMIT), the owner's notice
    // (look, then write); PostgreSQL's transaction takes one statement more.
    const follow = await measured(press);
    expect(follow.body).toEqual({ following: true });
    expect(follow.statements.length).toBeLessThanOrEqual(10);
    expect(await prisma.notification.count({ where: { userId: owner.id, type: "car_follow", relatedUserId: fan.id } })).toBe(1);

    const unfollow = await measured(press);
    expect(unfollow.body).toEqual({ following: false });
    // The follow's removal and its posts' out of the timeline are one transaction too.
    expect(unfollow.statements.length).toBeLessThanOrEqual(8);
  });
});
