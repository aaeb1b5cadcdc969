// Following cars and people. A follow is a row keyed by (follower, target); toggling
// deletes it or creates it. Following tells the owner (see notification.server.ts).
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect } from "~/lib/db/json-sql";
import { blockedEitherWaySql, isBlockedEitherWay } from "~/models/block.server";
import { notifyFollow, type Actor, type CarWords } from "~/models/notification.server";
import { UserError } from "~/lib/user-error";
import { isUniqueViolation } from "~/lib/db/conflicts";
import { addFollowToTimeline, dropFollowFromTimeline } from "~/models/timeline.server";
import type { FollowState } from "~/lib/wire";

export const CAR_NOT_FOUND = "Car not found";
export const USER_NOT_FOUND = "User not found";
export const CANNOT_FOLLOW_YOURSELF = "You cannot follow yourself";
export const CANNOT_FOLLOW_USER = "You can't follow this user";
export const CANNOT_FOLLOW_CAR = "You can't follow this car";

// ------------------------------------------------------------------ cars

export async function carExists(carId: number): Promise<boolean> {
  return (await prisma.car.count({ where: { id: carId } })) > 0;
}

export function countCarFollowers(carId: number): Promise<number> {
  return prisma.carFollow.count({ where: { carId } });
}

export async function isFollowingCar(userId: number | null, carId: number): Promise<boolean> {
  if (userId === null) return false;
  return (await prisma.carFollow.count({ where: { userId, carId } })) > 0;
}

/** Follower counts of many cars in one query (cars without followers are 0). */
export async function getCarFollowerCounts(carIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(carIds.map((id) => [id, 0]));
  if (carIds.length === 0) return counts;
  const rows = await prisma.carFollow.groupBy({ by: ["carId"], where: { carId: { in: carIds } }, _count: { _all: true } });
  for (const row of rows) counts.set(row.carId, row._count._all);
  return counts;
}

/** Which of these cars the user follows, in one query. */
export async function getFollowedCarIds(userId: number | null, carIds: number[]): Promise<Set<number>> {
  if (userId === null || carIds.length === 0) return new Set();
  const rows = await prisma.carFollow.findMany({ where: { userId, carId: { in: carIds } }, select: { carId: true } });
  return new Set(rows.map((row) => row.carId));
}

/**
 * Follows or unfollows a car. `want` sets the state (true follow, false unfollow); left out,
 * it toggles. Following someone else's car notifies its owner. UserError 404 for a missing car,
 * 403 when the follower and the owner have blocked each other (either way).
 */
export async function setCarFollow(follower: Actor, carId: number, want?: boolean): Promise<FollowState> {
  // The car, its words for the owner's notice, whether the follower already follows it and
  // whether a block stands between the follower and the owner: one statement.
  const { flag } = jsonDialect(databaseProvider);
  const [car] = await prisma.$queryRaw<({ id: number; ownerId: number; following: number | bigint; blocked: number | bigint } & CarWords)[]>`
    SELECT c."id", c."ownerId", c."make", c."model", c."trim", c."nickname",
      ${flag(Prisma.sql`EXISTS (SELECT 1 FROM "car_follows" f WHERE f."userId" = ${follower.id} AND f."carId" = c."id")`)} AS "following",
      ${flag(blockedEitherWaySql(follower.id, Prisma.sql`c."ownerId"`))} AS "blocked"
    FROM "cars" c WHERE c."id" = ${carId}`;
  if (!car) throw new UserError(404, CAR_NOT_FOUND);

  const following = Number(car.following) === 1;
  const target = want ?? !following;
  if (target === following) return { following };

  if (!target) {
    await prisma.$transaction(async (tx) => {
      await tx.carFollow.deleteMany({ where: { userId: follower.id, carId } });
      await dropFollowFromTimeline(tx, follower.id, "car", carId);
    });
    return { following: false };
  }
  // A block either way between the follower and the owner stops the follow.
  if (Number(car.blocked) === 1) throw new UserError(403, CANNOT_FOLLOW_CAR);
  try {
    await prisma.$transaction(async (tx) => {
      await tx.carFollow.create({ data: { userId: follower.id, carId } });
      await addFollowToTimeline(tx, follower.id, "car", carId);
    });
  } catch (error) {
    // A double click raced us: the follow exists, which is what was asked.
    if (isUniqueViolation(error)) return { following: true };
    throw error;
  }
  await notifyFollow({ actor: follower, recipientId: car.ownerId, car });
  return { following: true };
}

// ------------------------------------------------------------------ people

export async function isFollowingUser(followerId: number | null, followingId: number): Promise<boolean> {
  if (followerId === null || followerId === followingId) return false;
  return (await prisma.userFollow.count({ where: { followerId, followingId } })) > 0;
}

/** How many people follow the user, and how many the user follows. */
export async function getUserFollowCounts(userId: number): Promise<{ followers: number; following: number }> {
  const [followers, following] = await Promise.all([
    prisma.userFollow.count({ where: { followingId: userId } }),
    prisma.userFollow.count({ where: { followerId: userId } }),
  ]);
  return { followers, following };
}

/**
 * Follows or unfollows a user by username (toggles when `want` is left out).
 * UserError 404 for an unknown user, 400 for yourself, 403 with a block either way.
 * Following notifies them.
 */
export async function setUserFollow(follower: Actor, username: string, want?: boolean): Promise<FollowState> {
  const followerId = follower.id;
  const target = await prisma.user.findUnique({ where: { username: username.toLowerCase() }, select: { id: true } });
  if (!target) throw new UserError(404, USER_NOT_FOUND);
  if (target.id === followerId) throw new UserError(400, CANNOT_FOLLOW_YOURSELF);

  const following = await isFollowingUser(followerId, target.id);
  const wanted = want ?? !following;
  if (wanted === following) return { following };

  if (!wanted) {
    await prisma.$transaction(async (tx) => {
      await tx.userFollow.deleteMany({ where: { followerId, followingId: target.id } });
      await dropFollowFromTimeline(tx, followerId, "person", target.id);
    });
    return { following: false };
  }
  if (await isBlockedEitherWay(followerId, target.id)) throw new UserError(403, CANNOT_FOLLOW_USER);
  try {
    await prisma.$transaction(async (tx) => {
      await tx.userFollow.create({ data: { followerId, followingId: target.id } });
      await addFollowToTimeline(tx, followerId, "person", target.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { following: true };
    throw error;
  }
  await notifyFollow({ actor: follower, recipientId: target.id });
  return { following: true };
}
