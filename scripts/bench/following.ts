// The Following feed at size: before the `following` rows run, the reading member follows
// FOLLOWED_CARS cars and FOLLOWED_PEOPLE people of the seeded database (as many as it has,
// the ones with posts first), so `home-following` and `api-feed-following` read the Following
// feed of a member with many follows, next to `home` and `api-feed` (Latest) in the same table.
import { createRequire } from "node:module";
import type { Database as Db } from "better-sqlite3";

export const FOLLOWED_CARS = 500;
export const FOLLOWED_PEOPLE = 200;
/** The cars the quiet reader (the second member) follows: those whose newest posts are the oldest. */
export const QUIET_CARS = 3;
/** The rows that need the readers' follows. */
export const FOLLOWING_ROWS = ["home-following", "api-feed-following", "api-feed-following-quiet"];

/** Runs `work` on the benchmark's database with the id of the member with `email`. */
function withMember<T>(database: string, email: string, work: (db: Db, userId: number) => T): T {
  const Database = createRequire(import.meta.url)("better-sqlite3");
  const db: Db = new Database(database, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const userId = db.prepare(`SELECT "id" FROM "users" WHERE "email" = ?`).pluck().get(email.toLowerCase()) as number | undefined;
    if (userId === undefined) throw new Error(`No member ${email} in the benchmark's database.`);
    return work(db, userId);
  } finally {
    db.close();
  }
}

/**
 * The member's Following timeline (app/models/timeline.server.ts) written afresh from their
 * posts and follows: the follows here are written around the models.
 */
function refillTimeline(db: Db, userId: number) {
  db.prepare(`DELETE FROM "timelines" WHERE "memberId" = ?`).run(userId);
  db.prepare(
    `INSERT INTO "timelines" ("memberId", "postId", "createdAt")
     SELECT ?, "postId", "createdAt" FROM (
       SELECT p."id" AS "postId", p."createdAt" AS "createdAt" FROM "posts" p WHERE p."createdById" = ?
       UNION SELECT p."id", p."createdAt" FROM "user_follows" uf JOIN "posts" p ON p."createdById" = uf."followingId" WHERE uf."followerId" = ?
       UNION SELECT p."id", p."createdAt" FROM "car_follows" cf JOIN "post_cars" pc ON pc."carId" = cf."carId" JOIN "posts" p ON p."id" = pc."postId" WHERE cf."userId" = ?
       UNION SELECT p."id", p."createdAt" FROM "tag_follows" tf JOIN "post_tags" pt ON pt."tagId" = tf."tagId" JOIN "posts" p ON p."id" = pt."postId" WHERE tf."userId" = ?
     ) following`,
  ).run(userId, userId, userId, userId, userId);
}

/** Makes the member with `email` follow up to `cars` cars and `people` people; answers how many each. */
export function followForBench(database: string, email: string, cars = FOLLOWED_CARS, people = FOLLOWED_PEOPLE): { cars: number; people: number } {
  return withMember(database, email, (db, userId) => {
    const carIds = db
      .prepare(`SELECT pc."carId" FROM "post_cars" pc JOIN "cars" c ON c."id" = pc."carId" WHERE c."ownerId" <> ? GROUP BY pc."carId" ORDER BY pc."carId" LIMIT ?`)
      .pluck()
      .all(userId, cars) as number[];
    const peopleIds = db
      .prepare(`SELECT p."createdById" FROM "posts" p WHERE p."createdById" <> ? GROUP BY p."createdById" ORDER BY p."createdById" LIMIT ?`)
      .pluck()
      .all(userId, people) as number[];
    const followCar = db.prepare(`INSERT OR IGNORE INTO "car_follows" ("userId", "carId") VALUES (?, ?)`);
    const followPerson = db.prepare(`INSERT OR IGNORE INTO "user_follows" ("followerId", "followingId") VALUES (?, ?)`);
    db.transaction(() => {
      for (const carId of carIds) followCar.run(userId, carId);
      for (const personId of peopleIds) followPerson.run(userId, personId);
      refillTimeline(db, userId);
    })();
    return { cars: carIds.length, people: peopleIds.length };
  });
}

/**
 * Makes the member with `email` follow only the `cars` cars whose newest posts are the oldest
 * (and nothing else), so their Following feed is far behind everyone's newest posts; answers
 * how many.
 */
export function quietFollowForBench(database: string, email: string, cars = QUIET_CARS): number {
  return withMember(database, email, (db, userId) => {
    const carIds = db
      .prepare(
        `SELECT pc."carId" FROM "post_cars" pc JOIN "posts" p ON p."id" = pc."postId" JOIN "cars" c ON c."id" = pc."carId"
         WHERE c."ownerId" <> ? GROUP BY pc."carId" ORDER BY MAX(p."createdAt"), pc."carId" LIMIT ?`,
      )
      .pluck()
      .all(userId, cars) as number[];
    db.transaction(() => {
      db.prepare(`DELETE FROM "car_follows" WHERE "userId" = ?`).run(userId);
      db.prepare(`DELETE FROM "user_follows" WHERE "followerId" = ?`).run(userId);
      db.prepare(`DELETE FROM "tag_follows" WHERE "userId" = ?`).run(userId);
      const followCar = db.prepare(`INSERT INTO "car_follows" ("userId", "carId") VALUES (?, ?)`);
      for (const carId of carIds) followCar.run(userId, carId);
      refillTimeline(db, userId);
    })();
    return carIds.length;
  });
}
