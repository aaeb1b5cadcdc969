-- CreateTable
CREATE TABLE "post_mods" (
    "postId" INTEGER NOT NULL,
    "modId" INTEGER NOT NULL,

    CONSTRAINT "post_mods_pkey" PRIMARY KEY ("postId","modId")
);

-- CreateIndex
CREATE INDEX "post_mods_modId_postId_idx" ON "post_mods"("modId", "postId");

-- AddForeignKey
ALTER TABLE "post_mods" ADD CONSTRAINT "post_mods_postId_fkey" FOREIGN KEY ("postId") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_mods" ADD CONSTRAINT "post_mods_modId_fkey" FOREIGN KEY ("modId") REFERENCES "mods"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data (portable SQL: scripts/prisma-providers.ts copies this section into the PostgreSQL twin)
-- Each mod's single linked post becomes a tag of that post.
INSERT INTO "post_mods" ("postId", "modId")
SELECT "postId", "id" FROM "mods" WHERE "postId" IS NOT NULL;
