-- CreateTable
CREATE TABLE "timelines" (
    "memberId" INTEGER NOT NULL,
    "postId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,

    PRIMARY KEY ("memberId", "postId"),
    CONSTRAINT "timelines_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "timelines_postId_fkey" FOREIGN KEY ("postId") REFERENCES "posts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "timelines_memberId_createdAt_postId_idx" ON "timelines"("memberId", "createdAt", "postId");

-- CreateIndex
CREATE INDEX "timelines_postId_idx" ON "timelines"("postId");

-- Data (portable SQL: scripts/prisma-providers.ts copies this section into the PostgreSQL twin)
-- Every member's Following feed from the follows as they stand: their own posts, and the posts
-- of the people, cars and tags they follow, each post once.
INSERT INTO "timelines" ("memberId", "postId", "createdAt")
SELECT "memberId", "postId", "createdAt" FROM (
  SELECT p."createdById" AS "memberId", p."id" AS "postId", p."createdAt" AS "createdAt" FROM "posts" p
  UNION
  SELECT uf."followerId", p."id", p."createdAt" FROM "user_follows" uf JOIN "posts" p ON p."createdById" = uf."followingId"
  UNION
  SELECT cf."userId", p."id", p."createdAt" FROM "car_follows" cf JOIN "post_cars" pc ON pc."carId" = cf."carId" JOIN "posts" p ON p."id" = pc."postId"
  UNION
  SELECT tf."userId", p."id", p."createdAt" FROM "tag_follows" tf JOIN "post_tags" pt ON pt."tagId" = tf."tagId" JOIN "posts" p ON p."id" = pt."postId"
) following;
