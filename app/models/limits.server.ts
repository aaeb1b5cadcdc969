// Counters that every process and instance must share, kept in the database: rate-limit
// windows and the authenticator-app steps already used. Restarts forget neither.
//
// Both are single upsert statements (SQLite 3.35+ and PostgreSQL share the syntax), so two
// requests counted at the same moment on two instances never lose a hit between them.
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";

export type CounterHit = { key: string; windowMs: number };
export type Counter = { key: string; count: number; resetAt: number };

/**
 * Adds one hit to each key, in one statement. A key whose window has ended (or that has
 * none) starts a new one of its `windowMs` at `now`. Answers each key's count and the end of
 * its window (epoch milliseconds). Keys must be distinct.
 */
export async function countHits(hits: CounterHit[], now: number): Promise<Counter[]> {
  if (hits.length === 0) return [];
  const values = Prisma.join(hits.map((hit) => Prisma.sql`(${hit.key}, 1, ${BigInt(now + hit.windowMs)})`));
  const at = BigInt(now);
  const rows = await prisma.$queryRaw<{ key: string; count: number | bigint; resetAt: number | bigint }[]>`
    INSERT INTO "rate_limits" ("key", "count", "resetAt") VALUES ${values}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "rate_limits"."resetAt" <= ${at} THEN 1 ELSE "rate_limits"."count" + 1 END,
      "resetAt" = CASE WHEN "rate_limits"."resetAt" <= ${at} THEN excluded."resetAt" ELSE "rate_limits"."resetAt" END
    RETURNING "key", "count", "resetAt"`;
  return rows.map((row) => ({ key: row.key, count: Number(row.count), resetAt: Number(row.resetAt) }));
}

/** Deletes up to `batch` windows that ended before `now`; answers how many went. */
export async function deleteEndedWindows(now: number, batch: number): Promise<number> {
  return prisma.$executeRaw`
    DELETE FROM "rate_limits" WHERE "key" IN (
      SELECT "key" FROM "rate_limits" WHERE "resetAt" <= ${BigInt(now)} LIMIT ${batch}
    )`;
}

/** Forgets every window (tests). */
export async function deleteAllWindows(): Promise<void> {
  await prisma.rateLimit.deleteMany({});
}

/**
 * The account a typed sign-in name stands for: an email (it has an @) or a username, in
 * any case. Null when there is none. Limits key on this id, so a username and its email
 * count together.
 */
export async function accountIdByName(entry: string): Promise<number | null> {
  const value = entry.trim().toLowerCase();
  if (!value) return null;
  const user = await prisma.user.findUnique({
    where: value.includes("@") ? { email: value } : { username: value },
    select: { id: true },
  });
  return user?.id ?? null;
}

/**
 * Records `step` as the last authenticator-app step used by `userId`, only when it is later
 * than the one recorded. Answers false when it is not (the code was used already): the
 * check and the write are one statement, so a code is accepted once across instances.
 */
export async function claimTotpStep(userId: number, step: number): Promise<boolean> {
  const rows = await prisma.$queryRaw<{ userId: number }[]>`
    INSERT INTO "totp_used_steps" ("userId", "step") VALUES (${userId}, ${BigInt(step)})
    ON CONFLICT ("userId") DO UPDATE SET "step" = excluded."step"
    WHERE "totp_used_steps"."step" < excluded."step"
    RETURNING "userId"`;
  return rows.length === 1;
}

/** Forgets every used step (tests). */
export async function deleteUsedTotpSteps(): Promise<void> {
  await prisma.totpUsedStep.deleteMany({});
}
