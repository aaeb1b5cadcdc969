// The Following feed kept as rows (the "timelines" table): one row per member and post that
// belongs in the member's Following feed, carrying the post's createdAt, so a Following page is
// one range over timelines(memberId, createdAt, postId), like a Latest page over posts.
//
// A post belongs in a member's Following feed when it is the member's own, is by a person they
// follow, shows a car they follow (post_cars) or carries a tag they follow (post_tags). The
// rows are kept right by every write that changes that, inside the write's own transaction,
// each change one set-based statement (never a loop over followers):
// - a post is made: `addPostToTimelines` (its author, the author's followers, the followers of
//   each of its cars and tags);
// - a post's cars or tags change: `syncPostTimelines` (rows no follow justifies go, then the
//   missing ones come);
// - a follow starts: `addFollowToTimeline`; a follow ends: `dropFollowFromTimeline` (only
//   the rows no other follow of the member still justifies);
// - a car is deleted: `dropCarFromTimelines`, before the car (its post_cars go with it);
// - a post or a member is deleted: the rows go with them (ON DELETE CASCADE).
// Rows are written for posts that are not ready yet (still processing, or failed, or hidden
// while an account is being deleted): the feed's read hides those, as it hides posts of blocked
// members, so the rows need not change when a post becomes ready.
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";

type Db = Prisma.TransactionClient | typeof prisma;

export type FollowKind = "car" | "person" | "tag";

/**
 * Whether post `post` (a "posts" alias) belongs in the Following feed of `member` (an SQL
 * expression), by the follows as they stand; a car named in `withoutCar` no longer counts.
 */
function belongs(member: Prisma.Sql, post: Prisma.Sql, withoutCar?: number): Prisma.Sql {
  const car = withoutCar === undefined ? Prisma.empty : Prisma.sql`AND jpc."carId" <> ${withoutCar}`;
  return Prisma.sql`(${post}."createdById" = ${member}
    OR EXISTS (SELECT 1 FROM "user_follows" juf WHERE juf."followerId" = ${member} AND juf."followingId" = ${post}."createdById")
    OR EXISTS (SELECT 1 FROM "post_cars" jpc JOIN "car_follows" jcf ON jcf."carId" = jpc."carId" AND jcf."userId" = ${member}
               WHERE jpc."postId" = ${post}."id" ${car})
    OR EXISTS (SELECT 1 FROM "post_tags" jpt JOIN "tag_follows" jtf ON jtf."tagId" = jpt."tagId" AND jtf."userId" = ${member}
               WHERE jpt."postId" = ${post}."id"))`;
}

/** A "timelines" row whose post the follows no longer put in its member's feed (a car named in `withoutCar` no longer counts). */
function unjustified(withoutCar?: number): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM "posts" bp WHERE bp."id" = "timelines"."postId" AND ${belongs(Prisma.sql`"timelines"."memberId"`, Prisma.sql`bp`, withoutCar)})`;
}

/** Every (member, post, createdAt) the follows justify, among the posts `posts` selects (alias p). */
function justified(posts: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT p."createdById" AS "memberId", p."id" AS "postId", p."createdAt" AS "createdAt" FROM "posts" p WHERE ${posts}
    UNION SELECT uf."followerId", p."id", p."createdAt" FROM "posts" p JOIN "user_follows" uf ON uf."followingId" = p."createdById" WHERE ${posts}
    UNION SELECT cf."userId", p."id", p."createdAt" FROM "posts" p JOIN "post_cars" pc ON pc."postId" = p."id" JOIN "car_follows" cf ON cf."carId" = pc."carId" WHERE ${posts}
    UNION SELECT tf."userId", p."id", p."createdAt" FROM "posts" p JOIN "post_tags" pt ON pt."postId" = p."id" JOIN "tag_follows" tf ON tf."tagId" = pt."tagId" WHERE ${posts}`;
}

/** Inserts the rows `select` gives (memberId, postId, createdAt), skipping those already there. */
function insertRows(select: Prisma.Sql): Prisma.Sql {
  // "WHERE true" keeps SQLite from reading ON CONFLICT as part of the SELECT.
  return Prisma.sql`INSERT INTO "timelines" ("memberId", "postId", "createdAt")
    SELECT "memberId", "postId", "createdAt" FROM (${select}) rows WHERE true
    ON CONFLICT ("memberId", "postId") DO NOTHING`;
}

/** A new post goes into the timelines of its author and of everyone following its author, a car or a tag of it. */
export async function addPostToTimelines(tx: Db, postId: number): Promise<void> {
  await tx.$executeRaw(insertRows(justified(Prisma.sql`p."id" = ${postId}`)));
}

/** A post's cars or tags changed: its rows become what the follows justify now. */
export async function syncPostTimelines(tx: Db, postId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM "timelines" WHERE "postId" = ${postId}
    AND ${unjustified()}`;
  await addPostToTimelines(tx, postId);
}

/** The posts (alias p) a follow of this kind brings. */
function followedPosts(kind: FollowKind, id: number): Prisma.Sql {
  if (kind === "person") return Prisma.sql`SELECT p."id", p."createdAt" FROM "posts" p WHERE p."createdById" = ${id}`;
  if (kind === "car") return Prisma.sql`SELECT p."id", p."createdAt" FROM "post_cars" pc JOIN "posts" p ON p."id" = pc."postId" WHERE pc."carId" = ${id}`;
  return Prisma.sql`SELECT p."id", p."createdAt" FROM "post_tags" pt JOIN "posts" p ON p."id" = pt."postId" WHERE pt."tagId" = ${id}`;
}

/** A follow started (the follow row is written): the followee's posts come into the member's timeline. */
export async function addFollowToTimeline(tx: Db, memberId: number, kind: FollowKind, id: number): Promise<void> {
  const posts = followedPosts(kind, id);
  await tx.$executeRaw(insertRows(Prisma.sql`SELECT CAST(${memberId} AS INTEGER) AS "memberId", f."id" AS "postId", f."createdAt" AS "createdAt" FROM (${posts}) f`));
}

/**
 * A follow ended (the follow row is gone): the followee's posts leave the member's timeline,
 * but those another follow of the member (or their own authorship) still justifies.
 */
export async function dropFollowFromTimeline(tx: Db, memberId: number, kind: FollowKind, id: number): Promise<void> {
  const posts = followedPosts(kind, id);
  await tx.$executeRaw`DELETE FROM "timelines" WHERE "memberId" = ${memberId}
    AND "postId" IN (SELECT f."id" FROM (${posts}) f)
    AND ${unjustified()}`;
}

/**
 * Follows between two members ended in either direction (a block): each one's timeline loses
 * the other's posts and the posts of the other's cars, but those another follow still justifies.
 * Put it after the follows' deletion, in the same transaction (a statement for `$transaction([…])`).
 */
export function dropFollowsBetween(a: number, b: number): Prisma.PrismaPromise<number> {
  return prisma.$executeRaw`DELETE FROM "timelines" WHERE "memberId" IN (${a}, ${b})
    AND "postId" IN (SELECT p."id" FROM "posts" p WHERE p."createdById" IN (${a}, ${b})
                     UNION SELECT pc."postId" FROM "post_cars" pc JOIN "cars" c ON c."id" = pc."carId" WHERE c."ownerId" IN (${a}, ${b}))
    AND ${unjustified()}`;
}

/**
 * A car is about to be deleted: the rows only following it justified go. Run it before the
 * delete, in the same transaction.
 */
export function dropCarFromTimelines(db: Db, carId: number): Prisma.PrismaPromise<number> {
  return db.$executeRaw`DELETE FROM "timelines" WHERE "postId" IN (SELECT pc."postId" FROM "post_cars" pc WHERE pc."carId" = ${carId})
    AND ${unjustified(carId)}`;
}

/**
 * Writes every member's timeline afresh from the follows as they stand, in one statement after
 * emptying it: for data written around the models (the scale seed, benchmarks, tests).
 */
export async function rebuildTimelines(db: Db = prisma): Promise<void> {
  await db.$executeRaw`DELETE FROM "timelines"`;
  await db.$executeRaw(insertRows(justified(Prisma.sql`true`)));
}
