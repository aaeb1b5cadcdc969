// Which feed a reader sees: Following (the cars, people and tags they follow, and their own
// posts) or Latest (everyone's posts).
//
// - A link names the feed (`?feed=following`, `?feed=latest`); a member's choice is then
//   remembered on their row (users.feedChoice) and used wherever no link names one.
// - Without a remembered choice, a member who follows anything (a car, a person, a tag) lands
//   on Following; members who follow nothing, and every visitor, land on Latest.
// - Visitors always read Latest: they follow nothing.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, timestampSql } from "~/lib/db/json-sql";
import { isFeedChoice, type FeedChoice } from "~/lib/rules/feed-choice";

export type { FeedChoice };

/** The feed a link asks for (`feed=following|latest`), or null when it names none or another word. */
export function feedParam(params: URLSearchParams): FeedChoice | null {
  const value = params.get("feed");
  return isFeedChoice(value) ? value : null;
}

/** What the landing rule reads of a member: their remembered choice and whether they follow anything. */
export type FeedFacts = { choice: string | null; followsAnything: boolean };

/** The columns of `FeedFacts` for the user whose id is `userId` (a value or a column). */
export function feedFactsColumns(userId: Prisma.Sql): Prisma.Sql {
  const { flag } = jsonDialect(databaseProvider);
  return Prisma.sql`u."feedChoice" AS "feedChoice",
    ${flag(Prisma.sql`(EXISTS (SELECT 1 FROM "car_follows" f WHERE f."userId" = ${userId})
      OR EXISTS (SELECT 1 FROM "user_follows" f WHERE f."followerId" = ${userId})
      OR EXISTS (SELECT 1 FROM "tag_follows" f WHERE f."userId" = ${userId}))`)} AS "followsAnything"`;
}

/**
 * The feed `userId` reads when a link asks for `wanted` (null: none named). A member's named
 * choice is remembered; with none named, the remembered one holds, else the landing rule.
 * `known` is what the request's session statement already read of them (pages read it there);
 * without it, one statement reads it. One more only when a named choice differs from the stored one.
 */
export async function resolveFeed(userId: number | null | undefined, wanted: FeedChoice | null, known?: FeedFacts | null): Promise<FeedChoice> {
  if (!userId) return "latest";
  const facts = known ?? (await readFeedFacts(userId));
  if (!facts) return "latest";
  const stored = isFeedChoice(facts.choice) ? facts.choice : null;
  if (wanted) {
    if (wanted !== stored) await prisma.user.update({ where: { id: userId }, data: { feedChoice: wanted } });
    return wanted;
  }
  if (stored) return stored;
  return facts.followsAnything ? "following" : "latest";
}

async function readFeedFacts(userId: number): Promise<FeedFacts | null> {
  const [row] = await prisma.$queryRaw<{ feedChoice: string | null; followsAnything: number | bigint }[]>`
    SELECT ${feedFactsColumns(Prisma.sql`u."id"`)} FROM "users" u WHERE u."id" = ${userId}`;
  return row ? { choice: row.feedChoice, followsAnything: Number(row.followsAnything) === 1 } : null;
}

// ------------------------------------------------------------------ what to follow

/** How far back "most active" looks. */
export const ACTIVE_DAYS = 30;
/** Suggestions of each kind. */
export const SUGGESTIONS_PER_KIND = 5;

export type FollowSuggestions = {
  cars: Array<{ id: number; make: string; model: string; year: number; nickname: string | null; followers: number }>;
  people: Array<{ id: number; username: string; nickname: string | null; posts: number }>;
  tags: Array<{ name: string; posts: number }>;
};

/**
 * What an empty Following feed suggests, from real activity and leaving out what `userId`
 * already follows (and themselves): the most-followed cars, the members who posted most in the
 * last ACTIVE_DAYS days, and the tags most used in that time. Three grouped statements over
 * car_follows(carId), posts(createdAt, id) and post_tags.
 */
export async function followSuggestions(userId: number, now = new Date()): Promise<FollowSuggestions> {
  const since = timestampSql(databaseProvider, new Date(now.getTime() - ACTIVE_DAYS * 24 * 60 * 60 * 1000));
  const [cars, people, tags] = await Promise.all([
    prisma.$queryRaw<{ id: number; make: string; model: string; year: number; nickname: string | null; followers: number | bigint }[]>`
      SELECT c."id", c."make", c."model", c."year", c."nickname", COUNT(*) AS "followers"
      FROM "car_follows" f JOIN "cars" c ON c."id" = f."carId" JOIN "users" o ON o."id" = c."ownerId"
      WHERE o."suspendedAt" IS NULL AND c."ownerId" <> ${userId}
        AND NOT EXISTS (SELECT 1 FROM "car_follows" mine WHERE mine."userId" = ${userId} AND mine."carId" = c."id")
      GROUP BY c."id", c."make", c."model", c."year", c."nickname"
      ORDER BY COUNT(*) DESC, c."id" DESC
      LIMIT ${SUGGESTIONS_PER_KIND}`,
    prisma.$queryRaw<{ id: number; username: string; nickname: string | null; posts: number | bigint }[]>`
      SELECT u."id", u."username", u."nickname", COUNT(*) AS "posts"
      FROM "posts" p JOIN "users" u ON u."id" = p."createdById"
      WHERE p."createdAt" >= ${since} AND p."status" = 'ready' AND u."suspendedAt" IS NULL AND u."id" <> ${userId}
        AND NOT EXISTS (SELECT 1 FROM "user_follows" mine WHERE mine."followerId" = ${userId} AND mine."followingId" = u."id")
      GROUP BY u."id", u."username", u."nickname"
      ORDER BY COUNT(*) DESC, u."id" DESC
      LIMIT ${SUGGESTIONS_PER_KIND}`,
    prisma.$queryRaw<{ name: string; posts: number | bigint }[]>`
      SELECT t."name", COUNT(*) AS "posts"
      FROM "post_tags" pt JOIN "tags" t ON t."id" = pt."tagId" JOIN "posts" p ON p."id" = pt."postId"
      WHERE pt."createdAt" >= ${since} AND p."status" = 'ready'
        AND NOT EXISTS (SELECT 1 FROM "tag_follows" mine WHERE mine."userId" = ${userId} AND mine."tagId" = t."id")
      GROUP BY t."id", t."name"
      ORDER BY COUNT(*) DESC, t."name" ASC
      LIMIT ${SUGGESTIONS_PER_KIND}`,
  ]);
  return {
    cars: cars.map((car) => ({ ...car, id: Number(car.id), year: Number(car.year), followers: Number(car.followers) })),
    people: people.map((person) => ({ ...person, id: Number(person.id), posts: Number(person.posts) })),
    tags: tags.map((tag) => ({ name: tag.name, posts: Number(tag.posts) })),
  };
}
